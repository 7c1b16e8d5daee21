// Long texts a list's card shows only the start of (descriptions of teams, tournaments, broadcasts) are
// sent cut by the list, so a page never carries more than its cards show; the item's own RPC sends them whole.

/** Characters of a description a list sends when its card shows a few lines of it (README, portal/API.md). */
export const CARD_TEXT = 300;

/**
 * SQL of a text column's first `max` characters (an emoji is one), white space at the cut trimmed and "…"
 * added when there was more; a shorter text as it is.
 */
export const cutText = (column: string, max: number) =>
  `CASE WHEN char_length(left(${column}, ${max + 1})) > ${max} THEN regexp_replace(left(${column}, ${max}), '\\s+$', '') || '…' ELSE ${column} END`;
