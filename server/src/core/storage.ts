// Storage: JSON objects keyed by (collection, key, owner) with read/write permissions and MD5 versions.
// Client calls pass the caller and obey permissions; system calls (caller null, authoritative) skip them.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { StorageAckRecord, StorageRecord } from '../encode.ts';
import { AppError, invalid } from '../errors.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { isUuid } from '../tokens.ts';
import { checkLimit, jsonHasUnstorable, storable, unstorable } from './validate.ts';

export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

export interface StorageId {
  collection: string;
  key: string;
  userId: string;
}

export interface StorageDeleteId extends StorageId {
  /** When set, the stored version must match. */
  version?: string;
}

export interface StorageWrite extends StorageId {
  /** The value as JSON text; it must be an object. */
  value: string;
  /** "" writes unconditionally, "*" only if absent, a version only if it matches. */
  version?: string;
  permissionRead?: number;
  permissionWrite?: number;
}

export interface StoragePage {
  objects: StorageRecord[];
  cursor?: string;
}

// Upstream Nakama's messages.
const VERSION_REJECTED = 'Storage write rejected - version check failed.';
const PERMISSION_REJECTED = 'Storage write rejected - permission denied.';
const DELETE_REJECTED = 'Storage delete rejected - not found, version check failed, or permission denied.';
const NOT_OBJECT = 'Value must be a JSON object.';
const UNSTORABLE_VALUE = unstorable('value').message;
const BAD_USER_ID = 'Invalid user ID - make sure user ID is a valid UUID.';

const MAX_NAME = 128;
// Deeper values crash the embedded database's parser; larger exponents expand into huge numeric text.
const MAX_DEPTH = 128;
const MAX_EXPONENT = 400;

const HASH = /^[0-9a-f]{32}$/;

interface Row {
  collection: string;
  key: string;
  user_id: string;
  value: string;
  version: string;
  read: number;
  write: number;
  create_time: Date;
  update_time: Date;
}

function columns(a = ''): string {
  const p = a ? `${a}.` : '';
  return `${p}collection, ${p}key, ${p}user_id, ${p}value::text AS value, ${p}version, ${p}read, ${p}write, ${p}create_time, ${p}update_time`;
}

function record(r: Row): StorageRecord {
  return {
    collection: r.collection,
    key: r.key,
    userId: r.user_id,
    value: r.value,
    version: r.version,
    permissionRead: Number(r.read),
    permissionWrite: Number(r.write),
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

function checkName(what: 'Collection' | 'Key', s: unknown): void {
  if (typeof s !== 'string' || s === '') throw invalid(`${what} must be set.`);
  if (s.length > MAX_NAME && [...s].length > MAX_NAME) throw invalid(`${what} must be at most ${MAX_NAME} characters.`);
  if (!storable(s)) throw unstorable(what);
}

function checkId(id: StorageId): void {
  checkName('Collection', id.collection);
  checkName('Key', id.key);
  if (!isUuid(id.userId)) throw invalid(BAD_USER_ID);
}

/** Nesting depth and largest written exponent of valid JSON text, in one pass. */
function jsonShape(s: string): { depth: number; exponent: number } {
  let depth = 0;
  let maxDepth = 0;
  let exponent = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < s.length && s.charCodeAt(i) !== 34; i++) if (s.charCodeAt(i) === 92 /* \ */) i++;
    } else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if (c === 125 || c === 93 /* } ] */) {
      depth--;
    } else if (c === 101 || c === 69 /* e E: outside strings, an exponent or part of true/false */) {
      let j = i + 1;
      if (s[j] === '+' || s[j] === '-') j++;
      let k = j;
      while (k < s.length && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
      const e = k - j > 6 ? Infinity : Number(s.slice(j, k));
      if (e > exponent) exponent = e;
      i = k - 1;
    }
  }
  return { depth: maxDepth, exponent };
}

function checkValue(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw invalid(NOT_OBJECT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid(NOT_OBJECT);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(NOT_OBJECT);
  // Refused here rather than by jsonb, which answers it with an error of its own on each database.
  if (jsonHasUnstorable(value, parsed)) throw invalid(UNSTORABLE_VALUE);
  const shape = jsonShape(value);
  if (shape.depth > MAX_DEPTH) throw invalid(`Value must be nested at most ${MAX_DEPTH} levels deep.`);
  if (shape.exponent > MAX_EXPONENT) throw invalid(`Value numbers must have exponents between -${MAX_EXPONENT} and ${MAX_EXPONENT}.`);
}

function checkPermissions(read: number, write: number): void {
  if (read !== 0 && read !== 1 && read !== 2) throw invalid('Invalid Read permission supplied. It must be either 0, 1 or 2.');
  if (write !== 0 && write !== 1) throw invalid('Invalid Write permission supplied. It must be either 0 or 1.');
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
// Rows are locked in one order in every transaction, so concurrent batches cannot deadlock.
const byId = (a: StorageId, b: StorageId) => cmp(a.collection, b.collection) || cmp(a.key, b.key) || cmp(a.userId, b.userId);

/** Database errors that bad input can still cause, as InvalidArgument; anything else unchanged. */
function inputError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === '22P05') return invalid(UNSTORABLE_VALUE);
  if (code === '22P02' || code === '22021' || code === '22003' || code === '54001') return invalid(NOT_OBJECT);
  if (code === '23503') return invalid('Storage write rejected - owner not found.');
  return err;
}

type After = [key: string, userId: string];

function isCursor(v: unknown): v is After {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && v[0] !== '' && v[0].length <= 2 * MAX_NAME &&
    storable(v[0]) && isUuid(v[1]);
}

/**
 * The list query. Every variant is served in order by an index: the primary key (collection, key,
 * user_id), (collection, read, key, user_id) for public objects, (collection, user_id, key) per owner.
 * @internal
 */
export function storageListQuery(caller: string | null, owner: string | null, collection: string, limit: number, after?: After) {
  const params: unknown[] = [collection, limit];
  const where = ['collection = $1'];
  let order: string;
  if (owner === null) {
    if (caller !== null) where.push('read = 2');
    if (after) {
      params.push(after[0], after[1]);
      where.push(caller !== null ? '(collection, read, key, user_id) > ($1, 2, $3, $4::uuid)' : '(collection, key, user_id) > ($1, $3, $4::uuid)');
    }
    order = 'key, user_id';
  } else {
    params.push(owner);
    where.push('user_id = $3');
    if (caller !== null) where.push(caller === owner ? 'read >= 1' : 'read = 2');
    if (after) {
      params.push(after[0]);
      where.push('key > $4');
    }
    order = 'key';
  }
  return { sql: `SELECT ${columns()} FROM storage WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT $2`, params };
}

export class Storage {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Objects that exist and the caller may read, in request order; caller null reads everything. */
  async read(caller: string | null, ids: StorageId[]): Promise<StorageRecord[]> {
    ids.forEach(checkId);
    const seen = new Set<string>();
    const unique = ids.filter((id) => {
      const k = JSON.stringify([id.collection, id.key, id.userId.toLowerCase()]);
      return seen.has(k) ? false : (seen.add(k), true);
    });
    if (!unique.length) return [];
    const params: unknown[] = [unique.map((i) => i.collection), unique.map((i) => i.key), unique.map((i) => i.userId)];
    let filter = '';
    if (caller !== null) {
      params.push(caller);
      filter = 'WHERE s.read = 2 OR (s.read = 1 AND s.user_id = $4)';
    }
    const rows = await this.db.query<Row>(
      `SELECT ${columns('s')}
       FROM unnest($1::text[], $2::text[], $3::uuid[]) WITH ORDINALITY AS t(collection, key, user_id, n)
       JOIN storage s ON s.collection = t.collection AND s.key = t.key AND s.user_id = t.user_id
       ${filter} ORDER BY t.n`,
      params,
    );
    return rows.map(record);
  }

  /** Writes a batch in one transaction: any rejected object rejects them all. Acks in request order. */
  async write(objects: StorageWrite[], authoritative: boolean): Promise<StorageAckRecord[]> {
    const ops = objects.map((o, index) => {
      checkId(o);
      checkValue(o.value);
      const read = o.permissionRead ?? 1;
      const write = o.permissionWrite ?? 1;
      checkPermissions(read, write);
      const version = o.version ?? '';
      // A version that is not an MD5 hash can never match.
      if (version !== '' && version !== '*' && !HASH.test(version)) throw invalid(VERSION_REJECTED);
      const newVersion = crypto.createHash('md5').update(o.value).digest('hex');
      return { collection: o.collection, key: o.key, userId: o.userId.toLowerCase(), value: o.value, index, read, write, version, newVersion };
    });
    if (!ops.length) return [];
    const sorted = [...ops].sort(byId);
    try {
      return await this.db.tx(async (q) => {
        const acks: StorageAckRecord[] = new Array(ops.length);
        for (const op of sorted) acks[op.index] = await writeOne(q, op, authoritative);
        return acks;
      });
    } catch (err) {
      throw inputError(err);
    }
  }

  /** Deletes a batch in one transaction. Clients may delete only writable objects that exist. */
  async delete(ids: StorageDeleteId[], authoritative: boolean): Promise<void> {
    ids.forEach(checkId);
    if (!ids.length) return;
    // A version that is not an MD5 hash can never match.
    if (ids.some((id) => id.version && !HASH.test(id.version))) throw invalid(DELETE_REJECTED);
    const sorted = ids.map((id) => ({ ...id, userId: id.userId.toLowerCase() })).sort(byId);
    await this.db.tx(async (q) => {
      for (const id of sorted) {
        const params: unknown[] = [id.collection, id.key, id.userId];
        let sql = 'DELETE FROM storage WHERE collection = $1 AND key = $2 AND user_id = $3';
        if (!authoritative) sql += ' AND write > 0';
        if (id.version) {
          params.push(id.version);
          sql += ' AND version = $4';
        }
        const n = await q.execute(sql, params);
        // System deletes without a version are idempotent, as upstream.
        if (n === 0 && !(authoritative && !id.version)) throw invalid(DELETE_REJECTED);
      }
    });
  }

  /**
   * One page of a collection ordered by key (then owner). owner null: every owner's objects; caller
   * null: system rights. Clients see their own objects with read >= 1 and others' with read = 2.
   */
  async list(caller: string | null, owner: string | null, collection: string, limit: number, cursor?: string): Promise<StoragePage> {
    checkName('Collection', collection);
    checkLimit(limit, 1, 100);
    if (owner !== null && !isUuid(owner)) throw invalid(BAD_USER_ID);
    const after = cursor ? decodeCursor(cursor, isCursor, 'Malformed cursor was used.') : undefined;
    const q = storageListQuery(caller, owner?.toLowerCase() ?? null, collection, limit + 1, after);
    const rows = await this.db.query<Row>(q.sql, q.params);
    const objects = rows.slice(0, limit).map(record);
    const page: StoragePage = { objects };
    if (rows.length > limit) {
      const last = objects[objects.length - 1];
      page.cursor = encodeCursor([last.key, last.userId]);
    }
    return page;
  }
}

interface WriteOp extends StorageId {
  value: string;
  version: string;
  newVersion: string;
  read: number;
  write: number;
}

async function writeOne(q: Queryable, op: WriteOp, authoritative: boolean): Promise<StorageAckRecord> {
  const params: unknown[] = [op.collection, op.key, op.userId, op.value, op.newVersion, op.read, op.write];
  const writable = authoritative ? '' : ' AND storage.write = 1';
  const returning = 'RETURNING version, create_time, update_time';
  const insert = `INSERT INTO storage (collection, key, user_id, value, version, read, write)
    VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) ON CONFLICT (collection, key, user_id)`;
  let rows: { version: string; create_time: Date; update_time: Date }[];
  if (op.version === '*') {
    // Waits for a concurrent insert of the same object and then does nothing: the version check fails.
    rows = await q.query(`${insert} DO NOTHING ${returning}`, params);
    if (!rows.length) throw invalid(VERSION_REJECTED);
  } else if (op.version === '') {
    rows = await q.query(
      `${insert} DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version, read = EXCLUDED.read,
         write = EXCLUDED.write, update_time = now() WHERE TRUE${writable} ${returning}`,
      params,
    );
    if (!rows.length) throw invalid(PERMISSION_REJECTED);
  } else {
    // The version condition is re-checked after waiting on the row lock, so no update is lost.
    rows = await q.query(
      `UPDATE storage SET value = $4::jsonb, version = $5, read = $6, write = $7, update_time = now()
       WHERE collection = $1 AND key = $2 AND user_id = $3 AND version = $8${writable} ${returning}`,
      [...params, op.version],
    );
    if (!rows.length) {
      const current = await q.query<{ write: number }>(
        'SELECT write FROM storage WHERE collection = $1 AND key = $2 AND user_id = $3',
        [op.collection, op.key, op.userId],
      );
      const denied = !authoritative && current.length > 0 && Number(current[0].write) !== 1;
      throw invalid(denied ? PERMISSION_REJECTED : VERSION_REJECTED);
    }
  }
  const r = rows[0];
  return { collection: op.collection, key: op.key, userId: op.userId, version: r.version, createTime: r.create_time, updateTime: r.update_time };
}
