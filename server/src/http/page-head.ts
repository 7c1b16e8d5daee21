// The web app's page with one page's own metadata in its head (title, description, Open Graph and Twitter
// tags), for link previews: crawlers read the HTML the server sends and run no JavaScript.
import type http from 'node:http';
import type { PageMeta } from '../runtime/types.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element and inside a quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Control characters and runs of white space make one space; long texts are cut. */
function clean(text: string, max: number): string {
  const t = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return [...t].length > max ? [...t].slice(0, max - 1).join('').trimEnd() + '…' : t;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The site's address for absolute links: PUBLIC_URL when set, else the request's Host over http (a
 * deployment behind TLS sets PUBLIC_URL); undefined when the Host is no host name.
 */
export function siteOrigin(req: http.IncomingMessage, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl;
  const host = req.headers.host;
  return host && HOST.test(host) ? `http://${host}` : undefined;
}

/** An absolute http(s) URL of the image: as given, or a path on the site made absolute. */
function absolute(url: string, origin: string | undefined): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return origin ? origin + url : undefined;
  const parsed = URL.parse(url);
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : undefined;
}

/** The tags for the head; `path` is the page's path as requested. */
export function metaTags(meta: PageMeta, path: string, origin: string | undefined): string {
  const title = clean(meta.title, 200);
  const siteName = meta.siteName ? clean(meta.siteName, 100) : undefined;
  const description = meta.description ? clean(meta.description, 300) : undefined;
  const image = meta.image ? absolute(meta.image, origin) : undefined;
  const tags = [`<title>${escapeHtml(siteName ? `${title} — ${siteName}` : title)}</title>`];
  const add = (attr: 'name' | 'property', key: string, value: string | undefined) => {
    if (value) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  };
  add('name', 'description', description);
  add('property', 'og:type', meta.type ? clean(meta.type, 50) : 'website');
  add('property', 'og:title', title);
  add('property', 'og:description', description);
  add('property', 'og:site_name', siteName);
  add('property', 'og:url', origin && origin + path);
  add('property', 'og:image', image);
  add('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  return tags.join('\n    ');
}

/** The app's page without its own title and description, and where a page's tags go. */
export function headTemplate(indexHtml: string): { before: string; after: string } | undefined {
  const html = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const at = html.search(/<\/head>/i);
  return at === -1 ? undefined : { before: html.slice(0, at), after: html.slice(at) };
}
