// How long a text is, the way the server counts it (`@tribuna/portal/text-limits`): characters are Unicode
// code points (zod 4 and the game server count them so: an emoji is one character, not two UTF-16 units,
// which is what a browser's maxlength counts); the game server's usernames and passwords are bytes of UTF-8.

/** A field's limit: characters (code points), or bytes of UTF-8. */
export type TextLimit = number | { bytes: number };

const encoder = /* @__PURE__ */ new TextEncoder();

export const limitMax = (limit: TextLimit) => (typeof limit === 'number' ? limit : limit.bytes);

/** The length of a text in the limit's unit. */
export function measure(text: string, limit: TextLimit): number {
  if (typeof limit !== 'number') return encoder.encode(text).length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The longest start of a text that measures at most `room`, never splitting a code point. */
function headOf(text: string, room: number, limit: TextLimit): string {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const size = measure(ch, limit);
    if (used + size > room) break;
    out += ch;
    used += size;
  }
  return out;
}

const isLow = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 0xdc00 && c <= 0xdfff;
};

export interface FittedEdit {
  value: string;
  /** Where the caret belongs: after what was kept of the insertion. */
  caret: number;
  /** Whether part of what was typed or pasted was left out. */
  cut: boolean;
}

/**
 * An edit from `before` to `after`, with what it inserted cut so that the text fits the limit, as a
 * browser's maxlength does (the rest of the text stays as it was). An edit that does not lengthen the
 * text is kept whole, so a text already too long (stored before a limit) can still be shortened.
 */
export function fitEdit(before: string, after: string, limit: TextLimit): FittedEdit {
  const max = limitMax(limit);
  const size = measure(after, limit);
  if (size <= max || size <= measure(before, limit)) return { value: after, caret: -1, cut: false };
  // The inserted part lies between the longest common start and end of the two texts.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  if (start > 0 && isLow(after, start)) start--;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  if (end > 0 && isLow(after, after.length - end)) end--;
  const head = after.slice(0, start);
  const tail = after.slice(after.length - end);
  const inserted = after.slice(start, after.length - end);
  const kept = headOf(inserted, Math.max(0, max - measure(head + tail, limit)), limit);
  return { value: head + kept + tail, caret: head.length + kept.length, cut: true };
}
