// A channel's stored messages read back: one channel's history a page at a time (either way, by cursor),
// and the reads over many channels at once that chat lists need (unread counts and last messages, the
// newest messages of several channels, messages by id). None checks access: callers do.
import type { Queryable } from '../db/index.ts';
import type { Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import { stream, type Stream } from '../realtime/tracker.ts';
import { isUuid } from '../tokens.ts';
import { channelId } from './channel-ids.ts';
import { decodeCursor, encodeCursor, isCursorTime } from './cursor.ts';
import { checkLimit, containsUnstorable } from './validate.ts';

export interface StoredMessage {
  id: string;
  code: number;
  senderId: string;
  username: string;
  content: unknown;
  createTime: Date;
  updateTime: Date;
  persistent: boolean;
}

export interface MessagePage {
  messages: Msg[];
  nextCursor?: string;
  prevCursor?: string;
  cacheableCursor?: string;
}

/** A page of stored messages: what history() encodes and runtime modules read. */
export type StoredMessagePage = Omit<MessagePage, 'messages'> & { messages: StoredMessage[] };

type CursorData = { t: string; id: string; fwd: boolean; s: string };
const isCursor = (v: unknown): v is CursorData =>
  typeof v === 'object' && v !== null && isCursorTime((v as CursorData).t) && isUuid((v as CursorData).id) &&
  typeof (v as CursorData).fwd === 'boolean' && typeof (v as CursorData).s === 'string';

/** A page of a channel's stored messages, with no access check (runtime modules act as the system). */
export async function messagePage(q: Queryable, s: Stream, limit: number, forward: boolean, cursor: string | undefined): Promise<StoredMessagePage> {
  checkLimit(limit, 1, 100);
  const key = channelId(s);
  let dirForward = forward;
  let after: CursorData | undefined;
  if (cursor) {
    after = decodeCursor(cursor, isCursor, 'Invalid cursor.');
    if (after.s !== key) throw invalid('Invalid cursor.');
    dirForward = after.fwd;
  }
  const op = dirForward ? '>' : '<';
  const order = dirForward ? 'ASC' : 'DESC';
  const params: unknown[] = [s.mode, s.subject, s.subcontext, s.label, limit + 1];
  let where = '';
  if (after) {
    params.push(after.t, after.id);
    where = `AND (create_time, id) ${op} ($6::timestamp AT TIME ZONE 'UTC', $7::uuid)`;
  }
  const rows = await q.query<{
    id: string; code: number; sender_id: string; username: string; content: unknown; create_time: Date; update_time: Date; t: string;
  }>(
    `SELECT id, code, sender_id, username, content, create_time, update_time,
            to_char(create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t
     FROM message
     WHERE stream_mode = $1 AND stream_subject = $2 AND stream_descriptor = $3 AND stream_label = $4 ${where}
     ORDER BY create_time ${order}, id ${order} LIMIT $5`,
    params,
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const pos = (r: (typeof rows)[number], fwd: boolean) => encodeCursor({ t: r.t, id: r.id, fwd, s: key } satisfies CursorData);
  const out: StoredMessagePage = {
    messages: page.map((r) => ({
      id: r.id, code: r.code, senderId: r.sender_id, username: r.username, content: r.content,
      createTime: r.create_time, updateTime: r.update_time, persistent: true,
    })),
  };
  if (page.length) {
    const first = page[0];
    const last = page[page.length - 1];
    if (more) out.nextCursor = pos(last, dirForward);
    if (after) out.prevCursor = pos(first, !dirForward);
    // Where a forward read continues from to see newer messages: after the newest one returned.
    const newest = dirForward ? last : first;
    out.cacheableCursor = pos(newest, true);
  } else if (after) {
    out.cacheableCursor = cursor;
  }
  return out;
}

/** One channel of a summary: messages after `since` (all when null) from others count as unread. */
export interface SummaryEntry {
  stream: Stream;
  since: Date | null;
}

/** A channel's count of unread messages (up to the cap asked for) and its newest message. */
export interface ChannelSummary {
  unread: number;
  last?: StoredMessage;
}

/** A page of messages of several channels, newest first, each with its channel's stream. */
export interface ChannelsPage {
  messages: Array<StoredMessage & { stream: Stream }>;
  cursor?: string;
}

/** Options of the multi-channel reads: only messages whose content has this field (not null), when given. */
export interface MessageFilter {
  contentField?: string;
}

type NewestCursor = { t: string; id: string };
const isNewestCursor = (v: unknown): v is NewestCursor =>
  typeof v === 'object' && v !== null && isCursorTime((v as NewestCursor).t) && isUuid((v as NewestCursor).id);

const MESSAGE_FIELDS = `id, code, sender_id, username, content, create_time, update_time,
  to_char(create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t`;

function fieldFilter(params: unknown[], alias: string, f: MessageFilter): string {
  if (f.contentField === undefined) return '';
  if (typeof f.contentField !== 'string' || !f.contentField || f.contentField.length > 64 || containsUnstorable(f.contentField)) {
    throw invalid('Invalid content field.');
  }
  params.push(f.contentField);
  // IS NOT NULL keeps the planner's estimate that most rows pass, so it reads the index in order.
  return `AND (${alias}.content ->> $${params.length}::text) IS NOT NULL`;
}

/** `unnest(...)` of the streams' key columns (and of the times given, one per stream), as parameters. */
function streamArrays(params: unknown[], streams: Stream[], times?: Array<Date | null>): string {
  params.push(streams.map((s) => s.mode), streams.map((s) => s.subject), streams.map((s) => s.subcontext), streams.map((s) => s.label));
  const n = params.length;
  const cols = [`$${n - 3}::smallint[]`, `$${n - 2}::text[]`, `$${n - 1}::text[]`, `$${n}::text[]`];
  if (times) {
    params.push(times);
    cols.push(`$${n + 1}::timestamptz[]`);
  }
  return `unnest(${cols.join(', ')})`;
}

const SAME_STREAM = (a: string) =>
  `${a}.stream_mode = c.mode AND ${a}.stream_subject = c.subject AND ${a}.stream_descriptor = c.descriptor AND ${a}.stream_label = c.label`;

/**
 * Each channel's unread count (messages after its `since` not sent by userId, counted up to maxUnread) and
 * newest message, for many channels in one statement: each part is one range of the message index.
 * No access check (runtime modules act as the system).
 */
export async function channelSummaries(
  q: Queryable, userId: string, entries: SummaryEntry[], maxUnread: number, filter: MessageFilter = {},
): Promise<ChannelSummary[]> {
  if (!entries.length) return [];
  if (!isUuid(userId)) throw invalid('Invalid user id.');
  if (!Number.isInteger(maxUnread) || maxUnread < 0 || maxUnread > 100_000) throw invalid('Invalid unread cap.');
  const params: unknown[] = [];
  const from = streamArrays(params, entries.map((e) => e.stream), entries.map((e) => e.since));
  params.push(userId, maxUnread);
  const n = params.length;
  const lastFilter = fieldFilter(params, 'm', filter);
  const unreadFilter = fieldFilter(params, 'u', filter);
  const rows = await q.query<{
    ord: string; id: string | null; code: number; sender_id: string; username: string; content: unknown;
    create_time: Date; update_time: Date; unread: number;
  }>(
    `SELECT c.ord, l.id, l.code, l.sender_id, l.username, l.content, l.create_time, l.update_time,
            (SELECT count(*)::int FROM (
               SELECT 1 FROM message u
               WHERE ${SAME_STREAM('u')} AND u.create_time > COALESCE(c.since, '-infinity'::timestamptz)
                 AND u.sender_id <> $${n - 1}::uuid ${unreadFilter}
               LIMIT $${n}) x) AS unread
     FROM ${from} WITH ORDINALITY AS c(mode, subject, descriptor, label, since, ord)
     LEFT JOIN LATERAL (
       SELECT m.id, m.code, m.sender_id, m.username, m.content, m.create_time, m.update_time FROM message m
       WHERE ${SAME_STREAM('m')} ${lastFilter}
       ORDER BY m.create_time DESC, m.id DESC LIMIT 1
     ) l ON true
     ORDER BY c.ord`,
    params,
  );
  return rows.map((r) => {
    const out: ChannelSummary = { unread: r.unread };
    if (r.id) {
      out.last = {
        id: r.id, code: r.code, senderId: r.sender_id, username: r.username, content: r.content,
        createTime: r.create_time, updateTime: r.update_time, persistent: true,
      };
    }
    return out;
  });
}

/** The channel's stored messages among the ids, oldest first. */
export async function messagesById(q: Queryable, s: Stream, ids: string[]): Promise<StoredMessage[]> {
  if (!ids.length) return [];
  const rows = await q.query<{ id: string; code: number; sender_id: string; username: string; content: unknown; create_time: Date; update_time: Date }>(
    `SELECT id, code, sender_id, username, content, create_time, update_time FROM message
     WHERE id = ANY($1::uuid[]) AND stream_mode = $2 AND stream_subject = $3 AND stream_descriptor = $4 AND stream_label = $5
     ORDER BY create_time, id`,
    [ids, s.mode, s.subject, s.subcontext, s.label],
  );
  return rows.map((r) => ({
    id: r.id, code: r.code, senderId: r.sender_id, username: r.username, content: r.content,
    createTime: r.create_time, updateTime: r.update_time, persistent: true,
  }));
}

/**
 * Stored messages of several channels merged newest first, older ones after the cursor; each channel is
 * read from the message index and the newest `limit` of all are kept. No access check.
 */
export async function newestMessages(
  q: Queryable, streams: Stream[], limit: number, cursor: string | undefined, filter: MessageFilter = {},
): Promise<ChannelsPage> {
  checkLimit(limit, 1, 100);
  if (!streams.length) return { messages: [] };
  const params: unknown[] = [];
  const from = streamArrays(params, streams);
  params.push(limit + 1);
  const n = params.length;
  let where = '';
  if (cursor) {
    const after = decodeCursor(cursor, isNewestCursor, 'Invalid cursor.');
    params.push(after.t, after.id);
    where = `AND (m.create_time, m.id) < ($${n + 1}::timestamp AT TIME ZONE 'UTC', $${n + 2}::uuid)`;
  }
  const filterSql = fieldFilter(params, 'm', filter);
  const rows = await q.query<{
    mode: number; subject: string; descriptor: string; label: string;
    id: string; code: number; sender_id: string; username: string; content: unknown; create_time: Date; update_time: Date; t: string;
  }>(
    `SELECT c.mode, c.subject, c.descriptor, c.label, m.*
     FROM ${from} AS c(mode, subject, descriptor, label)
     CROSS JOIN LATERAL (
       SELECT ${MESSAGE_FIELDS} FROM message m
       WHERE ${SAME_STREAM('m')} ${where} ${filterSql}
       ORDER BY m.create_time DESC, m.id DESC LIMIT $${n}
     ) m
     ORDER BY m.create_time DESC, m.id DESC LIMIT $${n}`,
    params,
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const out: ChannelsPage = {
    messages: page.map((r) => ({
      stream: stream(r.mode, r.subject, r.descriptor, r.label),
      id: r.id, code: r.code, senderId: r.sender_id, username: r.username, content: r.content,
      createTime: r.create_time, updateTime: r.update_time, persistent: true,
    })),
  };
  if (more) {
    const last = page[page.length - 1];
    out.cursor = encodeCursor({ t: last.t, id: last.id } satisfies NewestCursor);
  }
  return out;
}
