// Notifications: persistent ones stored and listed (oldest first, or newest first with a cursor of its own) and
// counted; every one pushed live to the user's sockets.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { notificationMsg, type NotificationRecord } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { monotonicNow } from './clock.ts';
import { BAD_CURSOR, decodeCursor, encodeCursor, isCursorTime, isTuple } from './cursor.ts';
import { SYSTEM_USER_ID } from './storage.ts';
import { isUuid } from '../tokens.ts';
import { checkLimit, containsUnstorable, jsonValueHasUnstorable, unstorable } from './validate.ts';

/** System codes (negative; modules use codes above 0). */
export const NotificationCode = {
  DmRequest: -1,
  FriendRequest: -2,
  FriendAccept: -3,
  GroupAdd: -4,
  GroupJoinRequest: -5,
  FriendJoinGame: -6,
  SingleSocket: -7,
  UserBanned: -8,
  FriendRemove: -9,
} as const;

export interface NotificationInput {
  userId: string;
  subject: string;
  content?: Record<string, unknown>;
  code: number;
  senderId?: string | null;
  persistent: boolean;
}

/** Notifications of one user, stored and waiting to be pushed. */
export interface Delivery {
  userId: string;
  notifications: NotificationRecord[];
}

export interface NotificationPage {
  notifications: NotificationRecord[];
  cacheableCursor: string;
}

/** Newest first: the cursor leads to older ones and is absent on the last page. */
export interface NotificationNewestPage {
  notifications: NotificationRecord[];
  cursor?: string;
}

/** Which of a user's notifications a listing or a count takes. */
export interface NotificationFilter {
  /** When given, the system's notifications (codes 0 and below) only of these codes; modules' ones all. */
  systemCodes?: number[];
}

export interface NotificationCountFilter extends NotificationFilter {
  /** Only those created at or after this time. */
  since?: Date;
  /** Not these (at most 1000 ids). */
  exceptIds?: string[];
}

/** Tags a newest-first cursor, so neither listing takes the other's. */
const NEWEST = 'newest';

const ROW_COLUMNS = `id, subject, content, code, sender_id, create_time,
  to_char(create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t`;

interface NotificationRow {
  id: string;
  subject: string;
  content: unknown;
  code: number;
  sender_id: string | null;
  create_time: Date;
  /** create_time as cursors carry it. */
  t: string;
}

export class Notifications {
  private readonly db: Db;
  private readonly bus: Bus;
  /**
   * Told of every delivery once it has gone to the sockets (after its transaction committed), on the node
   * that sent it: modules push them further (Web Push). It must not throw or wait.
   */
  onDelivered: ((deliveries: Delivery[]) => void) | undefined;

  constructor(db: Db, bus: Bus) {
    this.db = db;
    this.bus = bus;
  }

  /**
   * Stores the persistent ones (in q when given: the caller's transaction) and returns what to push.
   * Call deliver() with the result after the transaction commits. Every notification the core, REST, the
   * socket or a module sends passes here: one from a sender its recipient has blocked is dropped.
   */
  async store(inputs: NotificationInput[], q: Queryable = this.db): Promise<Delivery[]> {
    for (const n of inputs) validate(n);
    const kept = await withoutBlocked(inputs, q);
    const records = kept.map((n) => ({
      userId: n.userId,
      record: {
        id: crypto.randomUUID(),
        subject: n.subject,
        content: n.content ?? {},
        code: n.code,
        senderId: n.senderId ?? null,
        createTime: monotonicNow(),
        persistent: n.persistent,
      } satisfies NotificationRecord,
    }));
    const persistent = records.filter((r) => r.record.persistent);
    if (persistent.length) {
      await q.execute(
        `INSERT INTO notification (id, user_id, subject, content, code, sender_id, create_time)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[], $5::int[], $6::uuid[], $7::timestamptz[])`,
        [
          persistent.map((r) => r.record.id),
          persistent.map((r) => r.userId),
          persistent.map((r) => r.record.subject),
          persistent.map((r) => JSON.stringify(r.record.content)),
          persistent.map((r) => r.record.code),
          persistent.map((r) => r.record.senderId),
          persistent.map((r) => r.record.createTime),
        ],
      );
    }
    const byUser = new Map<string, Delivery>();
    for (const r of records) {
      const d = byUser.get(r.userId) ?? { userId: r.userId, notifications: [] };
      d.notifications.push(r.record);
      byUser.set(r.userId, d);
    }
    return [...byUser.values()];
  }

  /** Pushes stored notifications to every socket of their users. */
  deliver(deliveries: Delivery[]): void {
    for (const d of deliveries) {
      this.bus.sendToUser(d.userId, { notifications: { notifications: d.notifications.map(notificationMsg) } });
    }
    if (this.onDelivered && deliveries.length) this.onDelivered(deliveries);
  }

  async send(inputs: NotificationInput[]): Promise<void> {
    if (!inputs.length) return;
    this.deliver(await this.store(inputs));
  }

  async list(userId: string, limit: number, cursor: string | undefined, filter: NotificationFilter = {}): Promise<NotificationPage> {
    checkLimit(limit, 1, 100);
    const params: unknown[] = [userId, limit];
    let where = '';
    if (cursor) {
      const after = decodeCursor(cursor, isTuple(['string', 'string']), BAD_CURSOR) as [string, string];
      if (!isCursorTime(after[0]) || !isUuid(after[1])) throw invalid(BAD_CURSOR);
      params.push(after[0], after[1]);
      where = ` AND (create_time, id) > ($3::timestamp AT TIME ZONE 'UTC', $4::uuid)`;
    }
    where += codeCondition(params, filter.systemCodes);
    const rows = await this.db.query<NotificationRow>(
      `SELECT ${ROW_COLUMNS} FROM notification WHERE user_id = $1${where} ORDER BY create_time, id LIMIT $2`,
      params,
    );
    const last = rows[rows.length - 1];
    return { notifications: rows.map(record), cacheableCursor: last ? encodeCursor([last.t, last.id]) : (cursor ?? '') };
  }

  /** One user's notifications newest first, by (create_time, id) down the user's index, limit+1 rows read. */
  async listNewest(userId: string, limit: number, cursor: string | undefined, filter: NotificationFilter = {}): Promise<NotificationNewestPage> {
    if (!isUuid(userId)) throw invalid('Invalid user id.');
    checkLimit(limit, 1, 100);
    const params: unknown[] = [userId, limit + 1];
    let where = '';
    if (cursor) {
      const [tag, t, id] = decodeCursor(cursor, isTuple(['string', 'string', 'string']), BAD_CURSOR) as [string, string, string];
      if (tag !== NEWEST || !isCursorTime(t) || !isUuid(id)) throw invalid(BAD_CURSOR);
      params.push(t, id);
      where = ` AND (create_time, id) < ($3::timestamp AT TIME ZONE 'UTC', $4::uuid)`;
    }
    where += codeCondition(params, filter.systemCodes);
    const rows = await this.db.query<NotificationRow>(
      `SELECT ${ROW_COLUMNS} FROM notification WHERE user_id = $1${where} ORDER BY create_time DESC, id DESC LIMIT $2`,
      params,
    );
    const page: NotificationNewestPage = { notifications: rows.slice(0, limit).map(record) };
    if (rows.length > limit) {
      const last = rows[limit - 1];
      page.cursor = encodeCursor([NEWEST, last.t, last.id]);
    }
    return page;
  }

  /**
   * How many of a user's notifications the filter takes, counted up to max (1-1000) and no further: at most
   * max rows plus the excepted ones are read, down the user's index from the newest.
   */
  async count(userId: string, filter: NotificationCountFilter, max: number): Promise<number> {
    if (!isUuid(userId)) throw invalid('Invalid user id.');
    checkLimit(max, 1, 1000);
    const params: unknown[] = [userId, max];
    let where = '';
    if (filter.since !== undefined) {
      if (!(filter.since instanceof Date) || Number.isNaN(filter.since.getTime())) throw invalid('Since must be a valid time.');
      params.push(filter.since);
      where += ` AND create_time >= $${params.length}::timestamptz`;
    }
    const except = filter.exceptIds ?? [];
    if (!Array.isArray(except) || except.length > 1000 || !except.every(isUuid)) {
      throw invalid('Excepted ids must be a list of at most 1000 valid ids.');
    }
    if (except.length) {
      params.push(except);
      where += ` AND id <> ALL($${params.length}::uuid[])`;
    }
    where += codeCondition(params, filter.systemCodes);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT 1 FROM notification WHERE user_id = $1${where} ORDER BY create_time DESC, id DESC LIMIT $2
       ) taken`,
      params,
    );
    return rows[0].n;
  }

  async delete(userId: string, ids: string[]): Promise<void> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return;
    await this.db.execute('DELETE FROM notification WHERE user_id = $1 AND id = ANY($2::uuid[])', [userId, valid]);
  }
}

function record(r: NotificationRow): NotificationRecord {
  return { id: r.id, subject: r.subject, content: r.content, code: r.code, senderId: r.sender_id, createTime: r.create_time, persistent: true };
}

/** The filter on codes as SQL (its value appended to params); nothing without systemCodes. */
function codeCondition(params: unknown[], systemCodes: number[] | undefined): string {
  if (systemCodes === undefined) return '';
  if (!Array.isArray(systemCodes) || systemCodes.length > 100 || !systemCodes.every((c) => Number.isInteger(c) && c <= 0 && c >= -2_147_483_648)) {
    throw invalid('System codes must be a list of at most 100 whole numbers of 0 or below.');
  }
  params.push(systemCodes);
  return ` AND (code > 0 OR code = ANY($${params.length}::int[]))`;
}

/** The notifications whose recipient has not blocked their sender: one query over the primary key per batch. */
async function withoutBlocked(inputs: NotificationInput[], q: Queryable): Promise<NotificationInput[]> {
  const key = (recipient: string, sender: string) => `${recipient.toLowerCase()} ${sender.toLowerCase()}`;
  const pairs = new Map<string, [string, string]>();
  for (const n of inputs) {
    const sender = n.senderId;
    if (sender && isUuid(sender) && sender !== SYSTEM_USER_ID && sender.toLowerCase() !== n.userId.toLowerCase()) {
      pairs.set(key(n.userId, sender), [n.userId, sender]);
    }
  }
  if (!pairs.size) return inputs;
  const list = [...pairs.values()];
  const rows = await q.query<{ source_id: string; destination_id: string }>(
    `SELECT e.source_id, e.destination_id FROM unnest($1::uuid[], $2::uuid[]) AS p(recipient, sender)
     JOIN user_edge e ON e.source_id = p.recipient AND e.destination_id = p.sender
     WHERE e.state = 3`,
    [list.map((p) => p[0]), list.map((p) => p[1])],
  );
  if (!rows.length) return inputs;
  const blocked = new Set(rows.map((r) => key(r.source_id, r.destination_id)));
  return inputs.filter((n) => !n.senderId || !blocked.has(key(n.userId, n.senderId)));
}

function validate(n: NotificationInput): void {
  if (!isUuid(n.userId)) throw invalid('Notification user id must be a valid id.');
  if (!n.subject) throw invalid('Notification subject is required.');
  if (n.content !== undefined && (typeof n.content !== 'object' || n.content === null || Array.isArray(n.content))) {
    throw invalid('Notification content must be an object.');
  }
  // Modules may pass on what users wrote; PostgreSQL stores U+0000 neither in text nor in jsonb.
  if (containsUnstorable(n.subject)) throw unstorable('subject');
  if (jsonValueHasUnstorable(n.content)) throw unstorable('content');
  if (!Number.isInteger(n.code)) throw invalid('Notification code must be a whole number.');
}
