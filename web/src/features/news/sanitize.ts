// News HTML made safe to render, in the browser: the server's allowlist (portal/src/news/sanitize.ts)
// applied again with DOMPurify before any description reaches the page, whatever the server stored.
// Every place that renders a description (the news page, the editor's preview) goes through sanitizeNews,
// and a card's preview (the server's, portal/src/news/preview.ts) through sanitizeNewsPreview.
import createDOMPurify from 'dompurify';

const TAGS = ['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'iframe', 'code', 'pre'];
/** Attributes kept from the input, by tag; the players' own attributes are set here, never taken. */
const ATTRS: Record<string, string[]> = { a: ['href'], img: ['src', 'alt'], iframe: ['src'], code: ['class'] };
const LINK_REL = 'noopener nofollow ugc';
/** The players' sandbox and permissions, as the server stores them and the team videos page gives them. */
const PLAYER: Record<string, string> = {
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox',
  allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture',
  referrerpolicy: 'strict-origin-when-cross-origin',
  loading: 'lazy',
  allowfullscreen: '',
};
/** An uploaded file as the app addresses it. */
const UPLOAD = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The embed forms of the video hosts team videos accept (portal/src/lib/embed.ts), and nothing else. */
const EMBED =
  /^https:\/\/(?:www\.youtube\.com\/embed\/[A-Za-z0-9_-]{11}|vk\.com\/video_ext\.php\?oid=-?[1-9]\d{0,18}&id=[1-9]\d{0,18}(?:&hash=[0-9a-f]{1,64})?|rutube\.ru\/play\/embed\/[0-9a-f]{32})$/;
const CODE_CLASS = /^language-[A-Za-z0-9_+#-]{1,40}$/;

function linkHref(href: string): string | undefined {
  const url = URL.parse(href);
  return url && ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
}

function imageSrc(src: string): string | undefined {
  if (UPLOAD.test(src)) return src;
  const url = URL.parse(src);
  return url && url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
}

const purify = createDOMPurify(window);

/** An attribute's value as kept (normalised), or undefined to drop it. */
function kept(tag: string, name: string, value: string): string | undefined {
  if (!ATTRS[tag]?.includes(name)) return undefined;
  if (tag === 'a') return linkHref(value);
  if (tag === 'img' && name === 'src') return imageSrc(value);
  if (tag === 'iframe') return EMBED.test(value) ? value : undefined;
  if (tag === 'code') return CODE_CLASS.test(value) ? value : undefined;
  return value;
}

// Attributes only: the tree is changed once DOMPurify is done with it (sanitized, below).
purify.addHook('uponSanitizeAttribute', (node, data) => {
  const value = kept(node.nodeName.toLowerCase(), data.attrName, data.attrValue);
  if (value === undefined) data.keepAttr = false;
  else data.attrValue = value;
});

const CONFIG = {
  ALLOWED_TAGS: TAGS,
  ALLOWED_ATTR: ['href', 'src', 'alt', 'class'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/uploads\/)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_DOM_FRAGMENT: true as const,
};

/**
 * The description as a fragment of safe nodes: a link without a safe address keeps its text, a picture or
 * a player without one goes; links open apart from the portal, players get the portal's sandbox.
 */
function sanitized(html: string): DocumentFragment {
  // Null when the markup leaves no body at all (a <frameset> document).
  const fragment = purify.sanitize(html, CONFIG) ?? document.createDocumentFragment();
  for (const a of fragment.querySelectorAll('a')) {
    if (!a.hasAttribute('href')) a.replaceWith(...a.childNodes);
    else {
      a.setAttribute('rel', LINK_REL);
      a.setAttribute('target', '_blank');
    }
  }
  for (const el of fragment.querySelectorAll('img:not([src]), iframe:not([src])')) el.remove();
  for (const frame of fragment.querySelectorAll('iframe')) {
    frame.replaceChildren();
    for (const [name, value] of Object.entries(PLAYER)) frame.setAttribute(name, value);
  }
  return fragment;
}

function serialize(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/** The description as HTML safe to render in full (the news page, the editor's preview). */
export function sanitizeNews(html: string): string {
  return serialize(sanitized(html));
}

/**
 * A card's preview (list_news' preview_html) as HTML safe to render inside the card's link: text alone, as
 * the server made it; links it should not hold are unwrapped, pictures and players removed.
 */
export function sanitizeNewsPreview(html: string): string {
  const fragment = sanitized(html);
  fragment.querySelectorAll('img, iframe').forEach((el) => el.remove());
  fragment.querySelectorAll('a').forEach((a) => a.replaceWith(...a.childNodes));
  return serialize(fragment);
}
