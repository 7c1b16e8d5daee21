// Video links that team videos and broadcasts may embed: YouTube, VK Video and Rutube only, stored in the
// form their players are embedded with. Hosts are compared exactly (youtube.com.evil.ru is not YouTube);
// http becomes https.
import { z } from 'zod';
import { invalid } from '@tribuna/server';
import { TEXT_LIMITS } from './text-limits.ts';

const ALLOWED =
  'принимаются только ссылки на видео YouTube (youtube.com, youtu.be), VK Видео (vk.com, vkvideo.ru) и Rutube (rutube.ru)';
/** @internal */
export const NOT_ALLOWED = `embed_url: ${ALLOWED}.`;
/** @internal */
export const NO_VIDEO = `embed_url: в ссылке не найдено видео; ${ALLOWED}.`;
const MAX_LENGTH = TEXT_LIMITS.embedUrl;

const YOUTUBE = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_NOCOOKIE = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTU_BE = new Set(['youtu.be']);
const VK = new Set(['vk.com', 'www.vk.com', 'm.vk.com', 'vkvideo.ru', 'www.vkvideo.ru', 'm.vkvideo.ru']);
const RUTUBE = new Set(['rutube.ru', 'www.rutube.ru', 'm.rutube.ru']);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
// VK owner ids are negative for communities; video ids are positive.
const VK_OWNER = /^-?[1-9]\d{0,18}$/;
const VK_ID = /^[1-9]\d{0,18}$/;
const VK_PAGE = /^\/video(-?[1-9]\d{0,18})_([1-9]\d{0,18})\/?$/;
const VK_HASH = /^[0-9a-f]{1,64}$/i;
const RUTUBE_ID = /^[0-9a-f]{32}$/i;

/** The embed_url of an RPC's input, as typed; embedUrl() checks it and gives its embed form. */
export const embedField = z.string({ error: (iss) => (iss.input === undefined ? 'укажите ссылку на видео.' : 'ожидалась строка.') });

/** The URL of a link as typed: a missing scheme means https. Undefined when it is no URL at all. */
function parse(input: string): URL | undefined {
  const s = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s.replace(/^\/\//, '')}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/** The path's segments without empty ones: "/embed/x/" is ["embed", "x"]. */
const segments = (path: string) => path.split('/').filter(Boolean);

function youtube(url: URL): string | undefined {
  const host = url.hostname;
  const parts = segments(url.pathname);
  let id: string | null | undefined;
  if (YOUTU_BE.has(host)) id = parts.length === 1 ? parts[0] : undefined;
  else if (YOUTUBE_NOCOOKIE.has(host)) id = parts.length === 2 && parts[0] === 'embed' ? parts[1] : undefined;
  else if (parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
  else if (parts.length === 2 && (parts[0] === 'embed' || parts[0] === 'shorts')) id = parts[1];
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
}

function vk(url: URL): string | undefined {
  let oid: string | null;
  let id: string | null;
  let hash: string | null = null;
  if (url.pathname === '/video_ext.php') {
    oid = url.searchParams.get('oid');
    id = url.searchParams.get('id');
    hash = url.searchParams.get('hash');
  } else {
    const m = VK_PAGE.exec(url.pathname);
    if (!m) return undefined;
    [oid, id] = [m[1], m[2]];
  }
  if (!oid || !id || !VK_OWNER.test(oid) || !VK_ID.test(id)) return undefined;
  // The hash lets the player show videos that need it; anything else in the link is dropped.
  if (hash !== null && !VK_HASH.test(hash)) return undefined;
  return `https://vk.com/video_ext.php?oid=${oid}&id=${id}${hash ? `&hash=${hash.toLowerCase()}` : ''}`;
}

function rutube(url: URL): string | undefined {
  const parts = segments(url.pathname);
  let id: string | undefined;
  if (parts.length === 2 && parts[0] === 'video') id = parts[1];
  else if (parts.length === 3 && parts[0] === 'play' && parts[1] === 'embed') id = parts[2];
  return id && RUTUBE_ID.test(id) ? `https://rutube.ru/play/embed/${id.toLowerCase()}` : undefined;
}

/** The embed form of a link, or the refusal that says why there is none. */
function embedOf(input: string): { url: string } | { refusal: string } {
  if (input.length > MAX_LENGTH) return { refusal: `embed_url: не длиннее ${MAX_LENGTH} символов.` };
  const url = parse(input);
  // Credentials or a port would make a lookalike (https://youtube.com@evil.ru/ is evil.ru's).
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) {
    return { refusal: NOT_ALLOWED };
  }
  const host = url.hostname;
  let embed: string | undefined;
  if (YOUTUBE.has(host) || YOUTUBE_NOCOOKIE.has(host) || YOUTU_BE.has(host)) embed = youtube(url);
  else if (VK.has(host)) embed = vk(url);
  else if (RUTUBE.has(host)) embed = rutube(url);
  else return { refusal: NOT_ALLOWED };
  return embed ? { url: embed } : { refusal: NO_VIDEO };
}

/**
 * The embed form of a YouTube, VK Video or Rutube link:
 * https://www.youtube.com/embed/<id>, https://vk.com/video_ext.php?oid=<oid>&id=<id>[&hash=<hash>],
 * https://rutube.ru/play/embed/<id>. Anything else is an InvalidArgument naming the allowed hosts.
 */
export function embedUrl(input: string): string {
  const e = embedOf(input);
  if ('refusal' in e) throw invalid(e.refusal);
  return e.url;
}

/** The embed form of a link as embedUrl gives it, or undefined when the link is no video of those hosts. */
export function videoEmbed(input: string): string | undefined {
  const e = embedOf(input);
  return 'url' in e ? e.url : undefined;
}
