// Opaque list cursors: base64url JSON that clients only echo back.
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';

export const BAD_CURSOR = 'Cursor is invalid or expired.';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor made by encodeCursor; anything else is an InvalidArgument with the given message. */
export function decodeCursor<T>(cursor: string, check: (v: unknown) => v is T, message = BAD_CURSOR): T {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(message);
  }
  if (!check(v)) throw invalid(message);
  return v;
}

export function isTuple(types: string[]) {
  return (v: unknown): v is unknown[] =>
    Array.isArray(v) && v.length === types.length && v.every((x, i) => typeof x === types[i]);
}

const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.(\d{6})$/;

/**
 * Whether t is a create_time as list cursors carry it (UTC, microseconds: the SQL
 * `to_char(... 'YYYY-MM-DD"T"HH24:MI:SS.US')`) naming a real instant, so `t::timestamp` cannot fail.
 */
export function isCursorTime(t: unknown): t is string {
  if (typeof t !== 'string') return false;
  const m = CURSOR_TIME.exec(t);
  if (!m || Number(m[1]) < 1) return false;
  // Date normalises impossible fields (month 13, 30 February, hour 24) into another instant, or fails.
  const ms = Date.parse(`${t.slice(0, 23)}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 23) === t.slice(0, 23);
}

/** Where an edge listing (friends, group members, a user's groups) left off: state, position, other id. */
export type EdgeCursor = [state: number, position: string, id: string];

/** An edge listing's cursor, refused unless its state is one of `states` (those the listing can return). */
export function edgeCursor(cursor: string, states: number[]): EdgeCursor {
  const after = decodeCursor(cursor, isTuple(['number', 'string', 'string'])) as EdgeCursor;
  const [s, position, id] = after;
  const inRange = /^\d{1,19}$/.test(position) && BigInt(position) < 2n ** 63n;
  if (!states.includes(s) || !inRange || !isUuid(id)) throw invalid(BAD_CURSOR);
  return after;
}

/**
 * SQL conditions on the edge table `e` for a state filter and a cursor, ordered by (state, position,
 * idColumn); their values are appended to params.
 */
export function edgeConditions(params: unknown[], state: number | undefined, after: EdgeCursor | undefined, idColumn: string): string {
  let where = '';
  if (state !== undefined) {
    params.push(state);
    where += ` AND e.state = $${params.length}`;
  }
  if (after) {
    params.push(...after);
    const n = params.length;
    where += ` AND (e.state, e.position, e.${idColumn}) > ($${n - 2}::smallint, $${n - 1}::bigint, $${n}::uuid)`;
  }
  return where;
}
