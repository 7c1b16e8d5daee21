// What lists and link previews show of a news item without its HTML: the start of its text, and its
// first picture.
import { isTag, isText, type ChildNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { NewsMedia } from './store.ts';

/** Characters of plain text in an excerpt. */
const EXCERPT_LENGTH = 200;
/** How much of a description is read for its excerpt: far more than the text it needs, whatever the markup. */
const READ = 8 * 1024;
/** Elements that end a run of text: their text is not glued to the next one's. */
const BREAKS = new Set(['p', 'br', 'li', 'ul', 'ol', 'blockquote', 'pre', 'iframe', 'img']);

function textOf(nodes: ChildNode[], out: string[]): void {
  for (const n of nodes) {
    if (isText(n)) out.push(n.data);
    else if (isTag(n)) {
      textOf(n.children, out);
      if (BREAKS.has(n.name)) out.push(' ');
    }
  }
}

/**
 * The plain text of a stored (sanitised) description, white space collapsed, at most `max` characters:
 * a longer one is cut at a word where it can be and ends with "…".
 */
export function plainText(html: string, max = EXCERPT_LENGTH): string {
  const out: string[] = [];
  textOf(parseDocument(html.slice(0, READ)).children, out);
  const chars = [...out.join('').replace(/\s+/g, ' ').trim()];
  if (chars.length <= max && html.length <= READ) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The first picture of a news item as a URL: its first image medium, else the first image in its
 * description (an upload of ours or an https URL, as the sanitiser keeps them).
 */
export function firstImage(description: string, media: readonly NewsMedia[]): string | undefined {
  const medium = media.find((m) => m.media_type === 'image');
  if (medium) return `/uploads/${medium.s3_key}`;
  const img = DomUtils.findOne((e) => e.name === 'img' && !!e.attribs.src, parseDocument(description).children);
  return img?.attribs.src;
}
