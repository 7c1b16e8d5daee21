// What lists and link previews show of a news item without its whole HTML: the first blocks of its text,
// the start of its plain text and its first picture. Worked out once, when the description is written, and
// stored beside it (migrations/0018_news_previews.sql), so a listing never reads a description.
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { NewsMedia } from './media-store.ts';

/** Characters of plain text in an excerpt. */
const EXCERPT_LENGTH = 200;
/** How much of a description is read for its excerpt: far more than the text it needs, whatever the markup. */
const READ = 8 * 1024;
/** Elements that end a run of text: their text is not glued to the next one's. */
const BREAKS = new Set(['p', 'br', 'li', 'ul', 'ol', 'blockquote', 'pre', 'iframe', 'img']);
/** Blocks (paragraphs, lists, quotes, ...) a card shows, as the spec says. */
const PREVIEW_BLOCKS = 8;
/**
 * The most bytes (UTF-8) of a preview's HTML: a card's worth, whatever the blocks hold.
 * @internal
 */
export const PREVIEW_BYTES = 3 * 1024;
/** A block cut with less room than this left is left out instead: a word or two would read as a glitch. */
const MIN_PART_BYTES = 256;
const ELLIPSIS = '…';
/** What a preview leaves out: pictures and players, and their contents (scripts and styles too, should any be there). */
const DROPPED = new Set(['img', 'iframe', 'script', 'style']);
/** The tags a preview keeps: the sanitiser's, but for links (unwrapped), pictures and players. Others are unwrapped. */
const KEPT = new Set(['p', 'br', 'b', 'i', 'em', 'strong', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre']);
const VOID = new Set(['br']);

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
 * @internal
 */
export function plainText(html: string, max = EXCERPT_LENGTH): string {
  const out: string[] = [];
  textOf(parseDocument(html.slice(0, READ)).children, out);
  const chars = [...out.join('').replace(/\s+/g, ' ').trim()];
  if (chars.length <= max && html.length <= READ) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}${ELLIPSIS}`;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The longest start of `text` whose HTML fits in `room` bytes, cut at a word where one ends late enough. */
function startOf(text: string, room: number): string {
  const chars: string[] = [];
  let used = 0;
  for (const c of text) {
    used += bytes(escapeText(c));
    if (used > room) break;
    chars.push(c);
  }
  const start = chars.join('');
  const space = start.search(/\s\S*$/);
  return (space > start.length / 2 ? start.slice(0, space) : start).trimEnd();
}

/**
 * HTML written within a byte budget, with room kept for an ellipsis and for the end tags of the elements
 * still open, so whatever is cut, the HTML stays well-formed.
 */
class Writer {
  readonly parts: string[] = [];
  /** Bytes still free, the ellipsis and the open elements' end tags set aside. */
  left = PREVIEW_BYTES - bytes(ELLIPSIS);
  cut = false;

  /** Writes a node; false when it had to be cut (nothing more may follow). */
  node(n: ChildNode): boolean {
    if (isText(n)) return this.text(n.data);
    if (!isTag(n) || DROPPED.has(n.name)) return true;
    // A link's text stays, unwrapped: the whole card is one link. Any tag the sanitiser would not keep (a
    // description stored before it) is unwrapped too.
    if (!KEPT.has(n.name)) return this.nodes(n.children);
    return this.element(n);
  }

  nodes(children: ChildNode[]): boolean {
    return children.every((c) => this.node(c));
  }

  private text(data: string): boolean {
    const html = escapeText(data);
    const size = bytes(html);
    if (size <= this.left) {
      this.parts.push(html);
      this.left -= size;
      return true;
    }
    this.parts.push(`${escapeText(startOf(data, this.left))}${ELLIPSIS}`);
    this.cut = true;
    return false;
  }

  private element(e: Element): boolean {
    const cls = e.name === 'code' && e.attribs.class ? ` class="${escapeAttr(e.attribs.class)}"` : '';
    const open = `<${e.name}${cls}>`;
    const close = VOID.has(e.name) ? '' : `</${e.name}>`;
    const size = bytes(open) + bytes(close);
    if (size > this.left) {
      this.parts.push(ELLIPSIS);
      this.cut = true;
      return false;
    }
    this.parts.push(open);
    this.left -= size;
    const whole = this.nodes(e.children);
    this.parts.push(close);
    return whole;
  }
}

/** Whether a node shows any text once its pictures and players are left out; stops at the first. */
function hasText(n: ChildNode): boolean {
  if (isText(n)) return /\S/.test(n.data);
  return isTag(n) && !DROPPED.has(n.name) && n.children.some(hasText);
}

export interface DescriptionPreview {
  /**
   * The first PREVIEW_BLOCKS top-level blocks that have text, as HTML without pictures or players, links
   * unwrapped to their text, at most PREVIEW_BYTES bytes: a block that does not fit is cut at a word with "…".
   */
  preview_html: string;
  /** Whether anything of the description was left out of preview_html (blocks, or the end of one). */
  description_cut: boolean;
  /** The first picture in the description (an upload of ours or an https URL, as the sanitiser keeps them). */
  preview_image?: string;
  /** The plain text, at most 200 characters (plainText). */
  excerpt: string;
}

/** What a list shows of a stored (sanitised) description. */
export function previewOf(description: string): DescriptionPreview {
  const doc = parseDocument(description);
  const w = new Writer();
  let blocks = 0;
  for (const block of doc.children) {
    if (!hasText(block)) continue;
    if (++blocks > PREVIEW_BLOCKS) {
      w.cut = true;
      break;
    }
    const [parts, left] = [w.parts.length, w.left];
    if (w.node(block)) continue;
    // A later block that had too little room is left out whole: a word or two of it would read as a glitch.
    if (parts && left < MIN_PART_BYTES) w.parts.splice(parts);
    break;
  }
  const out: DescriptionPreview = { preview_html: w.parts.join(''), description_cut: w.cut, excerpt: plainText(description) };
  const img = DomUtils.findOne((e) => e.name === 'img' && !!e.attribs.src, doc.children);
  if (img) out.preview_image = img.attribs.src;
  return out;
}

/** The first picture of a news item as a URL: its first image medium, else the first picture in its description. */
export function firstImage(previewImage: string | undefined, media: readonly NewsMedia[]): string | undefined {
  const medium = media.find((m) => m.media_type === 'image');
  return medium ? `/uploads/${medium.s3_key}` : previewImage;
}
