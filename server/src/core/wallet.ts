// Wallets: each user's balances (users.wallet, a JSON object of whole numbers per currency), changed by
// changesets that add to them, each change recorded in the ledger in the same transaction. The users'
// rows are locked in id order before reading, so concurrent changes queue rather than race, and a
// batch that would leave any balance below zero is refused before anything is written.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { failedPrecondition, invalid, notFound } from '../errors.ts';
import { monotonicNow } from './clock.ts';
import { BAD_CURSOR, decodeCursor, encodeCursor, isCursorTime, isTuple } from './cursor.ts';
import { isUuid } from '../tokens.ts';
import { checkLimit, containsUnstorable, jsonValueHasUnstorable, unstorable } from './validate.ts';

type Balances = Record<string, number>;

export interface WalletChange {
  userId: string;
  /** Amounts added per currency (whole numbers); negative ones spend. */
  changeset: Balances;
  /** Stored with the ledger row. */
  metadata?: Record<string, unknown>;
}

export interface WalletResult {
  userId: string;
  updated: Balances;
  previous: Balances;
}

export interface LedgerItem {
  id: string;
  userId: string;
  changeset: Balances;
  metadata: Record<string, unknown>;
  createTime: Date;
  updateTime: Date;
}

export interface LedgerPage {
  items: LedgerItem[];
  cursor?: string;
}

const MAX_CURRENCY_NAME = 128;
const MAX_CHANGES = 1000;

interface LedgerRow {
  id: string;
  user_id: string;
  changeset: Balances;
  metadata: Record<string, unknown>;
  create_time: Date;
  update_time: Date;
  t: string;
}

const LEDGER_COLUMNS = `id, user_id, changeset, metadata, create_time, update_time,
  to_char(create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t`;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkMetadata(metadata: unknown): Record<string, unknown> {
  if (metadata === undefined || metadata === null) return {};
  if (!isPlainObject(metadata)) throw invalid('Wallet metadata must be an object.');
  let ok: boolean;
  try {
    ok = !jsonValueHasUnstorable(metadata);
  } catch {
    throw invalid('Wallet metadata must be JSON.');
  }
  if (!ok) throw unstorable('metadata');
  return metadata;
}

function checkChange(c: WalletChange): { userId: string; changeset: Map<string, number>; metadata: Record<string, unknown> } {
  if (!isPlainObject(c)) throw invalid('A wallet update must be an object.');
  if (!isUuid(c.userId)) throw invalid('Invalid user id.');
  if (!isPlainObject(c.changeset)) throw invalid('A wallet changeset must be an object of whole numbers.');
  const changeset = new Map<string, number>();
  for (const [currency, amount] of Object.entries(c.changeset)) {
    if (currency === '' || currency.length > MAX_CURRENCY_NAME || containsUnstorable(currency)) {
      throw invalid(`Currency names must be 1 to ${MAX_CURRENCY_NAME} characters.`);
    }
    if (!Number.isSafeInteger(amount)) throw invalid(`Wallet changeset value of '${currency}' must be a whole number.`);
    changeset.set(currency, amount);
  }
  return { userId: c.userId.toLowerCase(), changeset, metadata: checkMetadata(c.metadata) };
}

function balancesOf(wallet: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (isPlainObject(wallet)) for (const [k, v] of Object.entries(wallet)) if (typeof v === 'number') out.set(k, v);
  return out;
}

function item(r: LedgerRow): LedgerItem {
  return {
    id: r.id,
    userId: r.user_id,
    changeset: r.changeset,
    metadata: r.metadata ?? {},
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

export class Wallets {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Applies changesets in order (several may name one user), all or none; results in request order.
   * With q, inside the caller's transaction. A balance that would fall below zero or past 2^53 - 1
   * refuses the whole batch; an unknown user is NotFound.
   */
  async update(changes: WalletChange[], updateLedger = true, q?: Queryable): Promise<WalletResult[]> {
    if (!Array.isArray(changes)) throw invalid('Wallet updates must be a list.');
    if (changes.length > MAX_CHANGES) throw invalid(`At most ${MAX_CHANGES} wallet updates may be made at once.`);
    const checked = changes.map(checkChange);
    if (!checked.length) return [];
    const run = (tq: Queryable) => apply(tq, checked, updateLedger);
    return q ? run(q) : this.db.tx(run);
  }

  /** A user's ledger, newest first; limit 1-100. */
  async ledgerList(userId: string, limit = 100, cursor?: string): Promise<LedgerPage> {
    if (!isUuid(userId)) throw invalid('Invalid user id.');
    checkLimit(limit, 1, 100);
    const params: unknown[] = [userId, limit + 1];
    let after = '';
    if (cursor) {
      const [t, id] = decodeCursor(cursor, isTuple(['string', 'string'])) as [string, string];
      if (!isCursorTime(t) || !isUuid(id)) throw invalid(BAD_CURSOR);
      params.push(t, id);
      after = `AND (create_time, id) < ($3::timestamp AT TIME ZONE 'UTC', $4::uuid)`;
    }
    const rows = await this.db.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM wallet_ledger WHERE user_id = $1 ${after}
       ORDER BY create_time DESC, id DESC LIMIT $2`,
      params,
    );
    const page: LedgerPage = { items: rows.slice(0, limit).map(item) };
    if (rows.length > limit) {
      const last = rows[limit - 1];
      page.cursor = encodeCursor([last.t, last.id]);
    }
    return page;
  }

  /** Merges metadata into a ledger row's (top-level keys replaced), as upstream does. */
  async ledgerUpdate(id: string, metadata: Record<string, unknown>): Promise<LedgerItem> {
    if (!isUuid(id)) throw invalid('Invalid wallet ledger item id.');
    const m = checkMetadata(metadata);
    const rows = await this.db.query<LedgerRow>(
      `UPDATE wallet_ledger SET metadata = metadata || $2::jsonb, update_time = now() WHERE id = $1 RETURNING ${LEDGER_COLUMNS}`,
      [id, JSON.stringify(m)],
    );
    if (!rows.length) throw notFound('Wallet ledger item not found.');
    return item(rows[0]);
  }
}

async function apply(
  q: Queryable,
  changes: ReturnType<typeof checkChange>[],
  updateLedger: boolean,
): Promise<WalletResult[]> {
  const ids = [...new Set(changes.map((c) => c.userId))].sort();
  // Locked in id order: concurrent batches naming the same users cannot deadlock.
  const rows = await q.query<{ id: string; wallet: unknown }>(
    'SELECT id, wallet FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  const wallets = new Map(rows.map((r) => [r.id, balancesOf(r.wallet)]));
  for (const id of ids) if (!wallets.has(id)) throw notFound(`User not found: ${id}.`);

  // Everything is computed and checked before the first write.
  const results: WalletResult[] = [];
  for (const c of changes) {
    const previous = wallets.get(c.userId)!;
    const updated = new Map(previous);
    for (const [currency, amount] of c.changeset) {
      const balance = (updated.get(currency) ?? 0) + amount;
      if (balance < 0) throw failedPrecondition(`Wallet update rejected: negative value at path '${currency}'.`);
      if (!Number.isSafeInteger(balance)) throw invalid(`Wallet update rejected: value too large at path '${currency}'.`);
      updated.set(currency, balance);
    }
    wallets.set(c.userId, updated);
    results.push({ userId: c.userId, updated: Object.fromEntries(updated), previous: Object.fromEntries(previous) });
  }

  for (const id of ids) {
    await q.execute('UPDATE users SET wallet = $2::jsonb, update_time = now() WHERE id = $1', [
      id,
      JSON.stringify(Object.fromEntries(wallets.get(id)!)),
    ]);
  }
  if (updateLedger) {
    await q.execute(
      `INSERT INTO wallet_ledger (id, user_id, changeset, metadata, create_time, update_time)
       SELECT id, user_id, changeset, metadata, t, t
       FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::jsonb[], $5::timestamptz[]) AS x(id, user_id, changeset, metadata, t)`,
      [
        changes.map(() => crypto.randomUUID()),
        changes.map((c) => c.userId),
        changes.map((c) => JSON.stringify(Object.fromEntries(c.changeset))),
        changes.map((c) => JSON.stringify(c.metadata)),
        changes.map(() => monotonicNow()),
      ],
    );
  }
  return results;
}
