// Keyset paging by one sort column, id breaking ties, either direction. Its cursor names the page's last
// row (sort key and id) and the listing it belongs to (scope), so a cursor of another listing is refused.
import { decodeCursor, encodeCursor, isUuid } from './cursor.ts';

export type Direction = 'asc' | 'desc';
/** A sort key's type: how it is kept in a cursor and cast back in SQL. */
export type KeyKind = 'time' | 'int' | 'text' | 'real';
const CAST: Record<KeyKind, string> = { time: 'timestamptz', int: 'integer', text: 'text', real: 'real' };

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INT32 = 2_147_483_647;

export interface After {
  key: string | number;
  id: string;
}

/** A cursor after the row with this sort key and id, in the listing `scope`. */
export function encodeKeyCursor(scope: string, key: string | number | Date, id: string): string {
  return encodeCursor([scope, key instanceof Date ? key.toISOString() : key, id]);
}

const validKey: Record<KeyKind, (key: unknown) => boolean> = {
  time: (key) => typeof key === 'string' && ISO_MS.test(key) && !Number.isNaN(Date.parse(key)),
  int: (key) => Number.isInteger(key) && Math.abs(key as number) <= INT32,
  real: (key) => typeof key === 'number' && Number.isFinite(key),
  text: (key) => typeof key === 'string' && !key.includes('\u0000'),
};

/** Reads a cursor of the same listing whose key is of the given kind; anything else is InvalidArgument. */
export function decodeKeyCursor(cursor: string, scope: string, kind: KeyKind): After {
  const [, key, id] = decodeCursor<[string, string | number, string]>(
    cursor,
    (v) => v.length === 3 && v[0] === scope && isUuid(v[2]) && validKey[kind](v[1]),
  );
  return { key, id };
}

/** A sort of a listing: its column, the kind of its key and the key of a row. */
export interface KeySort<R> {
  column: string;
  kind: KeyKind;
  key: (r: R) => string | number | Date;
}

/**
 * ORDER BY and the "after the cursor" condition of a listing by one column, id breaking ties, and the cursor
 * after a row. Both columns go the same direction, so an index on (filter, column, id) serves either direction.
 * A cursor of another listing than `scope` is InvalidArgument.
 */
export function keyset<R extends { id: string }>(
  scope: string,
  sort: KeySort<R>,
  idColumn: string,
  dir: Direction,
  cursor: string | undefined,
  p: (v: unknown) => string,
): { order: string; where?: string; cursorOf: (r: R) => string } {
  const after = cursor ? decodeKeyCursor(cursor, scope, sort.kind) : undefined;
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  const order = `${sort.column} ${d}, ${idColumn} ${d}`;
  const cursorOf = (r: R) => encodeKeyCursor(scope, sort.key(r), r.id);
  if (!after) return { order, cursorOf };
  const op = dir === 'asc' ? '>' : '<';
  return { order, cursorOf, where: `(${sort.column}, ${idColumn}) ${op} (${p(after.key)}::${CAST[sort.kind]}, ${p(after.id)}::uuid)` };
}
