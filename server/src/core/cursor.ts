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
