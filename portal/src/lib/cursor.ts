// Paging cursors: the sort key of a page's last row as a JSON tuple in base64url. Each listing checks
// its own tuple (the types and ranges of its parts); anything else is the same InvalidArgument.
import { invalid } from '@tribuna/server';

const BAD_CURSOR = 'cursor: курсор недействителен.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a cursor's part is an id (a UUID string). */
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export function encodeCursor(tuple: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/** Reads a cursor whose tuple `valid` accepts; anything else is InvalidArgument, never an SQL error. */
export function decodeCursor<T extends unknown[]>(cursor: string, valid: (tuple: unknown[]) => boolean): T {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR);
  }
  if (!Array.isArray(v) || !valid(v)) throw invalid(BAD_CURSOR);
  return v as T;
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
