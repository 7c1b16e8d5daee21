// What team photos and videos share: keyset paging, text fields, and who sees deleted items.
// Videos import it from here; it can move to lib/ when another area needs it.
import { z } from 'zod';
import { invalid, type Queryable } from '@tribuna/server';
import { teamAccess } from '../teams/access.ts';

export type Direction = 'asc' | 'desc';
/** A sort key's type: how it is kept in a cursor and cast back in SQL. */
export type KeyKind = 'time' | 'int' | 'text' | 'real';
const CAST: Record<KeyKind, string> = { time: 'timestamptz', int: 'integer', text: 'text', real: 'real' };

export interface After {
  key: string | number;
  id: string;
}

const BAD_CURSOR = 'cursor: курсор недействителен.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INT32 = 2_147_483_647;

/** A cursor names the last row of a page (its sort key and id) and the listing it belongs to (scope). */
export function encodeCursor(scope: string, key: string | number | Date, id: string): string {
  const k = key instanceof Date ? key.toISOString() : key;
  return Buffer.from(JSON.stringify([scope, k, id])).toString('base64url');
}

/** Reads a cursor of the same listing; anything else is InvalidArgument, never an SQL error. */
export function decodeCursor(cursor: string, scope: string, kind: KeyKind): After {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR);
  }
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== scope || typeof v[2] !== 'string' || !UUID.test(v[2])) {
    throw invalid(BAD_CURSOR);
  }
  const key: unknown = v[1];
  const ok =
    kind === 'time'
      ? typeof key === 'string' && ISO_MS.test(key) && !Number.isNaN(Date.parse(key))
      : kind === 'int'
        ? Number.isInteger(key) && Math.abs(key as number) <= INT32
        : kind === 'real'
          ? typeof key === 'number' && Number.isFinite(key)
          : typeof key === 'string' && !key.includes('\u0000');
  if (!ok) throw invalid(BAD_CURSOR);
  return { key: key as string | number, id: v[2] };
}

/** Collects positional parameters: p(value) answers its placeholder. */
export function params(): { values: unknown[]; p: (v: unknown) => string } {
  const values: unknown[] = [];
  return {
    values,
    p: (v) => {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

/**
 * ORDER BY and the "after the cursor" condition of a listing by one column, id breaking ties.
 * Both columns go the same direction, so an index on (filter, column, id) serves either direction.
 */
export function keyset(
  column: string,
  idColumn: string,
  kind: KeyKind,
  dir: Direction,
  after: After | undefined,
  p: (v: unknown) => string,
): { order: string; where?: string } {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  const order = `${column} ${d}, ${idColumn} ${d}`;
  if (!after) return { order };
  const op = dir === 'asc' ? '>' : '<';
  return { order, where: `(${column}, ${idColumn}) ${op} (${p(after.key)}::${CAST[kind]}, ${p(after.id)}::uuid)` };
}

/** A page of limit rows from limit + 1 fetched; the cursor names the page's last row when more follow. */
export function paged<R, T>(rows: R[], limit: number, map: (r: R) => T, cursorOf: (r: R) => string): { items: T[]; cursor?: string } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const out: { items: T[]; cursor?: string } = { items: page.map(map) };
  if (more) out.cursor = cursorOf(page[page.length - 1]);
  return out;
}

/** The form titles are ordered in: lower case, composed, independent of the database's locale. */
export const titleKey = (title: string) => title.normalize('NFC').toLowerCase();

// NUL cannot be stored; titles and tags are one line, descriptions may have line breaks and tabs.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const NOT_TEXT = 'ожидалась строка.';
const BAD_CHARS = 'недопустимые символы.';
const MISSING_TITLE = 'укажите название.';
export const MAX_DESCRIPTION = 2000;

/** A trimmed title of 1 to max characters on one line. */
export const titleField = (max = 200) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? MISSING_TITLE : NOT_TEXT) })
    .trim()
    .min(1, MISSING_TITLE)
    .max(max, `не длиннее ${max} символов.`)
    .refine((s) => !CONTROL.test(s), BAD_CHARS);

/** A trimmed single-line text of at most max characters, empty allowed (tags). */
export const lineField = (max: number) =>
  z.string({ error: NOT_TEXT }).trim().max(max, `не длиннее ${max} символов.`).refine((s) => !CONTROL.test(s), BAD_CHARS);

/** A trimmed description; null is the same as empty, undefined leaves it as it is. */
export const descriptionField = z
  .string({ error: NOT_TEXT })
  .trim()
  .max(MAX_DESCRIPTION, `не длиннее ${MAX_DESCRIPTION} символов.`)
  .refine((s) => !CONTROL_BUT_LINES.test(s), BAD_CHARS)
  .nullish()
  .transform((s) => (s === null ? '' : s));

export const int32Field = z
  .number({ error: 'ожидалось целое число.' })
  .int('ожидалось целое число.')
  .min(-INT32, 'слишком маленькое число.')
  .max(INT32, 'слишком большое число.');

export const directionField = z.enum(['asc', 'desc'], { error: "ожидалось 'asc' или 'desc'." });

/** Managers (owner and admins) see deleted items; for everyone else they do not exist. NotFound for an unknown team. */
export async function seesDeleted(db: Queryable, teamId: string, userId: string): Promise<boolean> {
  return (await teamAccess(db, teamId, userId)).canManage;
}
