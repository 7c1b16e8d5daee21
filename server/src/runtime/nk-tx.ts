// nk.tx: the facade bound to one database transaction, like upstream's multiUpdate. Everything done
// through it commits or rolls back together; notifications, chat deliveries and the module's own
// afterCommit functions go out only after the commit, once, however often the transaction was retried.
import type { AccountUpdate } from '../core/accounts.ts';
import type { Core } from '../core/index.ts';
import type { NotificationInput } from '../core/notifications.ts';
import type { Db, Queryable } from '../db/index.ts';
import { invalid } from '../errors.ts';
import { channelWrites, type NkChannelWrites } from './nk-realtime.ts';
import { storageNk, type NkStorageWrites } from './nk-storage.ts';
import { walletWrites, type NkWalletWrites } from './nk-wallet.ts';

export interface NkTx extends NkWalletWrites, NkStorageWrites, NkChannelWrites {
  /** The transaction, for the module's own tables. Its tx() is a savepoint: a failure inside rolls back only that part. */
  db: Db;
  accountUpdateId(userId: string, update: AccountUpdate): Promise<void>;
  /** Stored in the transaction; pushed to the user's sockets after the commit. */
  notificationSend(userId: string, subject: string, content: Record<string, unknown>, code: number, senderId?: string | null, persistent?: boolean): Promise<void>;
  notificationsSend(notifications: NotificationInput[]): Promise<void>;
  /** Runs fn after the commit (not at all on rollback); its failure is logged. */
  afterCommit(fn: () => Promise<void> | void): void;
}

type Effect = () => Promise<void> | void;

const ENDED = 'This nk.tx transaction has ended: use tnk only inside its function.';

/** q, refusing use once the attempt it belongs to is over (a module keeping tnk past its function). */
function guarded(q: Queryable, open: () => boolean): Queryable {
  return {
    query: (sql, params) => (open() ? q.query(sql, params) : Promise.reject(new Error(ENDED))),
    execute: (sql, params) => (open() ? q.execute(sql, params) : Promise.reject(new Error(ENDED))),
  };
}

/** A Db over one transaction: statements run in it, and a nested tx() is a savepoint. */
function transactionDb(q: Queryable, kind: Db['kind']): Db {
  let savepoints = 0;
  return {
    kind,
    query: (sql, params) => q.query(sql, params),
    execute: (sql, params) => q.execute(sql, params),
    async tx(fn) {
      const name = `nk_tx_${++savepoints}`;
      await q.execute(`SAVEPOINT ${name}`);
      try {
        const result = await fn(q);
        await q.execute(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await q.execute(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
        throw err;
      }
    },
    script: () => Promise.reject(new Error('Scripts cannot run inside nk.tx.')),
    close: () => Promise.reject(new Error('The database of nk.tx cannot be closed.')),
  };
}

/**
 * A core area whose methods run in the transaction: areas keep their database in `db`, so a view of
 * the area with `db` replaced runs the same code inside it (its in-memory state is the area's own).
 */
function inTransaction<T extends object>(area: T, db: Db): T {
  return Object.create(area, { db: { value: db } }) as T;
}

function checkNotificationCodes(list: NotificationInput[]): void {
  // Codes at or below 0 are the system's (friend requests, group joins, ...).
  for (const n of list) if (!(n.code > 0)) throw invalid('Notification code must be above 0.');
}

function txNk(core: Core, q: Queryable, effects: Effect[], open: () => boolean): NkTx {
  const db = transactionDb(q, core.db.kind);
  const accounts = inTransaction(core.accounts, db);
  const later = (fn: Effect) => {
    if (!open()) throw new Error(ENDED);
    effects.push(fn);
  };
  const notificationsSend = async (list: NotificationInput[]) => {
    checkNotificationCodes(list);
    if (!list.length) return;
    const stored = await core.notifications.store(list, q);
    later(() => core.notifications.deliver(stored));
  };
  return {
    db,
    ...walletWrites(core, q),
    ...storageNk(inTransaction(core.storage, db)),
    ...channelWrites(core, q, (posted) => later(() => posted.deliver())),
    // A savepoint: a refused update (a taken username) leaves the transaction usable.
    accountUpdateId: (userId, update) => db.tx(() => accounts.updateAccount(userId, update)),
    notificationSend: (userId, subject, content, code, senderId = null, persistent = false) =>
      notificationsSend([{ userId, subject, content, code, senderId, persistent }]),
    notificationsSend,
    afterCommit(fn) {
      if (typeof fn !== 'function') throw invalid('afterCommit needs a function.');
      later(fn);
    },
  };
}

/**
 * Runs fn in a transaction with a facade bound to it. Serialization failures and deadlocks retry fn
 * with a fresh facade; side effects are sent once, after the commit.
 */
export async function runTx<T>(core: Core, fn: (tnk: NkTx) => Promise<T>): Promise<T> {
  let effects: Effect[] = [];
  const result = await core.db.tx(async (raw) => {
    effects = [];
    let open = true;
    try {
      return await fn(txNk(core, guarded(raw, () => open), effects, () => open));
    } finally {
      open = false;
    }
  });
  for (const e of effects) {
    try {
      await e();
    } catch (err) {
      core.logger.error('nk.tx after-commit effect failed', { err });
    }
  }
  return result;
}
