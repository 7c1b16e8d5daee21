// Paging cursors: the sort key of a page's last row as a JSON tuple in base64url. Each listing checks
// its own tuple (the types and ranges of its parts); anything else is the same InvalidArgument.
import { decodeCursor as decodeChecked, encodeCursor, isUuid } from '@tribuna/server';

// The server's own cursor encoding and id check; only the message is the portal's.
export { encodeCursor, isUuid };

const BAD_CURSOR = 'cursor: курсор недействителен.';

/** Reads a cursor whose tuple `valid` accepts; anything else is InvalidArgument, never an SQL error. */
export function decodeCursor<T extends unknown[]>(cursor: string, valid: (tuple: unknown[]) => boolean): T {
  return decodeChecked(cursor, (v): v is T => Array.isArray(v) && valid(v), BAD_CURSOR);
}

/** A page under `key`: limit rows of the limit + 1 fetched; the cursor names the page's last row when more follow. */
export function paged<K extends string, R, T>(
  key: K,
  rows: R[],
  limit: number,
  map: (r: R) => T,
  cursorOf: (r: R) => string,
): { [P in K]: T[] } & { cursor?: string } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const out = { [key]: page.map(map) } as { [P in K]: T[] } & { cursor?: string };
  if (more) out.cursor = cursorOf(page[page.length - 1]);
  return out;
}
