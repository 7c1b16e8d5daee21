// Opaque list cursors: base64url JSON that clients only echo back.
import { invalid } from '../errors.ts';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor made by encodeCursor; anything else is an InvalidArgument with the given message. */
export function decodeCursor<T>(cursor: string, check: (v: unknown) => v is T, message = 'Cursor is invalid or expired.'): T {
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
