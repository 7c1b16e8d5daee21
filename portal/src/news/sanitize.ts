// A news item's description is HTML from the editor, stored sanitised: cut down to an allowlist of tags,
// attributes and addresses (sanitize-html), plain addresses in its text made links (linkify-it), and a
// paragraph that is nothing but a link to a video of the hosts team videos accept made that video's
// player. The web sanitises again before rendering.
import { Element, hasChildren, isTag, isText, Text, type ChildNode, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { LinkifyIt } from 'linkify-it';
import sanitizeHtml from 'sanitize-html';
import { videoEmbed } from '../lib/embed.ts';

/** The longest description accepted, in characters as sent (before sanitising). */
export const MAX_DESCRIPTION = 100_000;
/** The longest description stored: links and players make the text longer, within bounds. */
export const MAX_STORED_DESCRIPTION = 3 * MAX_DESCRIPTION;

const LINK_REL = 'noopener nofollow ugc';
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** An uploaded file as the web app addresses it. */
const UPLOAD = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The players' sandbox and permissions, as the web's team video player gives them. */
const PLAYER = {
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
  allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture',
  referrerpolicy: 'strict-origin-when-cross-origin',
  loading: 'lazy',
  allowfullscreen: '',
};
/** Where text is never made a link: links themselves and code. */
const NO_LINKS = new Set(['a', 'code', 'pre', 'iframe']);

/** An absolute URL with one of the protocols; undefined for anything else (relative, javascript:, data:, ...). */
function absoluteUrl(value: string | undefined, protocols: Set<string>): URL | undefined {
  const url = value === undefined ? null : URL.parse(value);
  return url && protocols.has(url.protocol) ? url : undefined;
}

/** A link's address: http, https or mailto, in its normal form. */
const linkHref = (href: string | undefined) => absoluteUrl(href, LINK_PROTOCOLS)?.href;

/** An image's address: an uploaded file of ours, or an https URL without credentials. */
function imageSrc(src: string | undefined): string | undefined {
  if (src !== undefined && UPLOAD.test(src.trim())) return src.trim().toLowerCase();
  const url = absoluteUrl(src, new Set(['https:']));
  return url && !url.username && !url.password ? url.href : undefined;
}

/** The attributes whose values are given. */
const given = (attribs: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(attribs).filter(([, v]) => v !== undefined)) as Record<string, string>;

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'iframe', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    iframe: ['src', ...Object.keys(PLAYER)],
  },
  // The editor's code blocks name their language.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'vk.com', 'rutube.ru'],
  // Deeper markup loses its tags (its text stays), so no later step walks a deep tree.
  nestingLimit: 32,
  disallowedTagsMode: 'discard',
  // Each address is checked and rewritten to its normal form before the allowlist's own checks.
  transformTags: {
    a: (_, attribs) => ({ tagName: 'a', attribs: given({ href: linkHref(attribs.href), rel: LINK_REL, target: '_blank' }) }),
    img: (_, attribs) => ({ tagName: 'img', attribs: given({ src: imageSrc(attribs.src), alt: attribs.alt }) }),
    // A frame is a player of an allowed host in its embed form, with nothing inside.
    iframe: (_, attribs) => ({
      tagName: 'iframe',
      attribs: given({ src: attribs.src === undefined ? undefined : videoEmbed(attribs.src), ...PLAYER }),
      text: '',
    }),
  },
  // Without an address an image or a frame goes; a link leaves its text.
  exclusiveFilter: (frame) => {
    if ((frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src) return true;
    return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
  },
};

// http(s), mailto and fuzzy addresses (example.ru, name@example.ru); no ftp: or scheme-relative ones.
const linkify = new LinkifyIt({ fuzzyLink: true }).add('ftp:', null).add('//', null);

/** The text node as text and links, or undefined when it holds no address. */
function linkified(node: Text): ChildNode[] | undefined {
  const matches = linkify.match(node.data);
  if (!matches) return undefined;
  const text = node.data;
  const out: ChildNode[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.index > at) out.push(new Text(text.slice(at, m.index)));
    const a = new Element('a', { href: m.url });
    setChildren(a, [new Text(m.raw)]);
    out.push(a);
    at = m.lastIndex;
  }
  if (at < text.length) out.push(new Text(text.slice(at)));
  return out;
}

/** Makes `children` the parent's, linked to each other and to it. */
function setChildren(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  children.forEach((c, i) => {
    c.parent = parent;
    c.prev = children[i - 1] ?? null;
    c.next = children[i + 1] ?? null;
  });
}

/** A paragraph holding one link to a video of an allowed host, and nothing else, becomes its player. */
function playerOf(p: Element): Element | undefined {
  const content = p.children.filter((c) => !(isText(c) && !c.data.trim()) && !(isTag(c) && c.name === 'br'));
  const [link] = content;
  if (content.length !== 1 || !isTag(link) || link.name !== 'a' || !link.attribs.href) return undefined;
  const src = videoEmbed(link.attribs.href);
  return src ? new Element('iframe', { src }) : undefined;
}

/**
 * Links and players added below `parent`, deepest first: addresses in text become links (not inside links
 * or code), then a paragraph that is one link to a video becomes its player. Each parent's children are
 * built once as a new list: inserting every link into the old one would make a text of many links quadratic.
 */
function enrichIn(parent: ParentNode, links: boolean): void {
  const next: ChildNode[] = [];
  let changed = false;
  for (const child of parent.children) {
    const parts = links && isText(child) ? linkified(child) : undefined;
    if (parts) {
      for (const part of parts) next.push(part);
      changed = true;
      continue;
    }
    if (hasChildren(child)) enrichIn(child, links && !(isTag(child) && NO_LINKS.has(child.name)));
    const player = isTag(child) && child.name === 'p' ? playerOf(child) : undefined;
    next.push(player ?? child);
    changed ||= player !== undefined;
  }
  if (changed) setChildren(parent, next);
}

/** Links and players added to HTML the allowlist has passed. */
function enrich(html: string): string {
  const doc = parseDocument(html);
  enrichIn(doc, true);
  return DomUtils.getOuterHTML(doc, { encodeEntities: 'utf8' });
}

/**
 * The description to store: the allowlist applied, links and players added, and the allowlist applied
 * again, so whatever the enrichment made passes the same checks. Sanitising the result again changes nothing.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(enrich(sanitizeHtml(html, POLICY)), POLICY).trim();
}
