// Chat channels: rooms, group channels and direct messages. Membership is a presence on the channel's
// stream; messages go to every session on it, sender included, and persist when the sender asked to.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { jsonString, presenceMsg, put, putWrapped, timestamp, type Msg } from '../encode.ts';
import { invalid, notFound, permissionDenied } from '../errors.ts';
import type { Bus, Presences } from '../realtime/bus.ts';
import { stream, StreamMode, type Stream } from '../realtime/tracker.ts';
import { storedBytes, type ChatLimits } from './chat-limits.ts';
import { monotonicNow } from './clock.ts';
import { decodeCursor, encodeCursor, isCursorTime } from './cursor.ts';
import { NotificationCode, type Notifications } from './notifications.ts';
import { SYSTEM_USER_ID } from './storage.ts';
import { isUuid } from '../tokens.ts';
import type { Users } from './users.ts';
import { checkLimit, containsUnstorable, jsonHasUnstorable, unstorable } from './validate.ts';

export const ChannelType = { Room: 1, Dm: 2, Group: 3 } as const;

/** Message codes: 0 chat, 1 update, 2 remove; 3-9 group system messages. */
export const MessageCode = {
  Chat: 0, Update: 1, Remove: 2, GroupJoin: 3, GroupAdd: 4, GroupLeave: 5, GroupKick: 6, GroupPromote: 7, GroupBan: 8, GroupDemote: 9,
} as const;

export interface ChannelSession {
  id: string;
  userId: string;
  username: string;
}

/** What channels need to know of groups and friends (wired in core/index.ts). */
export interface ChannelRules {
  /** The user's state in the group (0-4), or undefined when there is no relation. */
  groupState(groupId: string, userId: string): Promise<number | undefined>;
  /** True when otherId has blocked userId. */
  blockedBy(userId: string, otherId: string): Promise<boolean>;
  /** Of otherIds, those in a block with userId either way: true when userId made it (one indexed query, with q). */
  blocks(userId: string, otherIds: string[], q: Queryable): Promise<Map<string, boolean>>;
}

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

/** Who a message is from: a socket's user, or whoever a runtime module names (the system user by default). */
export interface MessageSender {
  id: string;
  username: string;
}

/** A message written (or not, when not persistent) and its delivery to the channel, to run after commit. */
export interface PostedMessage {
  stream: Stream;
  message: StoredMessage;
  deliver(): void;
}

const NO_CONTROL = /\p{Cc}/u;

export function channelId(s: Stream): string {
  return `${s.mode}.${s.subject}.${s.subcontext}.${s.label}`;
}

/** The stream of a channel id; anything not built by channelId() is an InvalidArgument. */
export function parseChannelId(id: string): Stream {
  const bad = () => invalid('Invalid channel identifier.');
  if (typeof id !== 'string' || id.length > 200) throw bad();
  const a = id.indexOf('.');
  const b = id.indexOf('.', a + 1);
  const c = id.indexOf('.', b + 1);
  if (a === -1 || b === -1 || c === -1) throw bad();
  const mode = Number(id.slice(0, a));
  const s = stream(mode, id.slice(a + 1, b), id.slice(b + 1, c), id.slice(c + 1));
  if (mode === StreamMode.Channel) {
    if (s.subject || s.subcontext || !validRoomName(s.label)) throw bad();
  } else if (mode === StreamMode.Group) {
    if (!isUuid(s.subject) || s.subcontext || s.label) throw bad();
  } else if (mode === StreamMode.Dm) {
    if (!isUuid(s.subject) || !isUuid(s.subcontext) || s.subject >= s.subcontext || s.label) throw bad();
  } else {
    throw bad();
  }
  return s;
}

/**
 * The stream of a channel_join target as seen by userId, checked for form only (group membership, the
 * other user's existence and blocks are join's to check).
 */
export function targetStream(type: number, target: string, userId: string): Stream {
  if (type === ChannelType.Room) {
    if (!validRoomName(target)) throw invalid('Invalid room name: 1 to 64 characters, no control characters.');
    return stream(StreamMode.Channel, '', '', target);
  }
  if (type === ChannelType.Group) {
    if (!isUuid(target)) throw invalid('Invalid group identifier.');
    return groupStream(target);
  }
  if (type === ChannelType.Dm) {
    if (!isUuid(target)) throw invalid('Invalid user identifier.');
    if (target === userId) throw invalid('Cannot start a direct chat with yourself.');
    return dmStream(userId, target);
  }
  throw invalid('Unknown channel type: 1 room, 2 direct message, 3 group.');
}

function validRoomName(name: string): boolean {
  const n = [...name].length;
  return n >= 1 && n <= 64 && !NO_CONTROL.test(name);
}

function groupStream(groupId: string): Stream {
  return stream(StreamMode.Group, groupId);
}

function dmStream(a: string, b: string): Stream {
  return a < b ? stream(StreamMode.Dm, a, b) : stream(StreamMode.Dm, b, a);
}

/** The routing fields every channel message and event carries. */
function routing(s: Stream): Msg {
  const out: Msg = {};
  if (s.mode === StreamMode.Channel) out.room_name = s.label;
  else if (s.mode === StreamMode.Group) out.group_id = s.subject;
  else if (s.mode === StreamMode.Dm) {
    out.user_id_one = s.subject;
    out.user_id_two = s.subcontext;
  }
  return out;
}

function channelMessageMsg(s: Stream, m: StoredMessage): Msg {
  const out: Msg = { channel_id: channelId(s), message_id: m.id };
  putWrapped(out, 'code', m.code);
  put(out, 'sender_id', m.senderId);
  put(out, 'username', m.username);
  out.content = jsonString(m.content);
  out.create_time = timestamp(m.createTime);
  out.update_time = timestamp(m.updateTime);
  putWrapped(out, 'persistent', m.persistent);
  return Object.assign(out, routing(s));
}

function ackMsg(s: Stream, m: StoredMessage): Msg {
  const out: Msg = { channel_id: channelId(s), message_id: m.id };
  putWrapped(out, 'code', m.code);
  put(out, 'username', m.username);
  out.create_time = timestamp(m.createTime);
  out.update_time = timestamp(m.updateTime);
  putWrapped(out, 'persistent', m.persistent);
  return Object.assign(out, routing(s));
}

function parseContent(content: string | undefined): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(content ?? '');
  } catch {
    throw invalid('Message content must be a JSON object.');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('Message content must be a JSON object.');
  // Stored as jsonb, which cannot hold U+0000 or a lone surrogate (their escapes).
  if (jsonHasUnstorable(content ?? '', v)) throw unstorable('content');
  return v as Record<string, unknown>;
}

type CursorData = { t: string; id: string; fwd: boolean; s: string };
const isCursor = (v: unknown): v is CursorData =>
  typeof v === 'object' && v !== null && isCursorTime((v as CursorData).t) && isUuid((v as CursorData).id) &&
  typeof (v as CursorData).fwd === 'boolean' && typeof (v as CursorData).s === 'string';

export class Channels {
  private readonly db: Db;
  private readonly tracker: Presences;
  private readonly bus: Bus;
  private readonly notifications: Notifications;
  private readonly users: Users;
  private readonly rules: ChannelRules;
  private readonly limits: ChatLimits;

  constructor(db: Db, bus: Bus, notifications: Notifications, users: Users, rules: ChannelRules, limits: ChatLimits) {
    this.db = db;
    this.tracker = bus.presences;
    this.bus = bus;
    this.notifications = notifications;
    this.users = users;
    this.rules = rules;
    this.limits = limits;
    bus.onPresence((s, joins, leaves) => {
      if (s.mode !== StreamMode.Channel && s.mode !== StreamMode.Group && s.mode !== StreamMode.Dm) return;
      const event: Msg = { channel_id: channelId(s) };
      if (joins.length) event.joins = joins.map(presenceMsg);
      if (leaves.length) event.leaves = leaves.map(presenceMsg);
      bus.sendToStream(s, { channel_presence_event: Object.assign(event, routing(s)) });
    });
  }

  /** channel_join: the channel with who else is in it and the caller's own presence. */
  async join(session: ChannelSession, target: string, type: number, persistence = true, hidden = false): Promise<Msg> {
    const s = targetStream(type, target, session.userId);
    if (type === ChannelType.Group) {
      const state = await this.rules.groupState(target, session.userId);
      if (state === undefined || state > 2) throw permissionDenied('Only members of a group can join its channel.');
    } else if (type === ChannelType.Dm) {
      if (!(await this.users.existing([target])).has(target)) throw notFound('User not found.');
      if (await this.rules.blockedBy(session.userId, target)) throw permissionDenied('This user does not accept direct messages from you.');
      // A session newly in a direct chat asks the other user to come (-1) unless they are already there;
      // a re-join by the same session sends nothing. Checked before tracking (a socket's messages run one
      // at a time), so the join's presence event still follows the reply.
      const isNew = !this.tracker.get(session.id, s);
      if (isNew && !this.tracker.list(s, true).some((p) => p.userId === target)) {
        await this.notifications.send([{
          userId: target,
          subject: `${session.username} wants to chat`,
          content: { username: session.username },
          code: NotificationCode.DmRequest,
          senderId: session.userId,
          persistent: true,
        }]);
      }
    }
    this.tracker.track(session.id, s, session.userId, { username: session.username, persistence, hidden });
    const self = { userId: session.userId, sessionId: session.id, username: session.username, persistence };
    const others = this.tracker.list(s).filter((p) => p.sessionId !== session.id);
    const out: Msg = { id: channelId(s) };
    put(out, 'presences', others.map(presenceMsg));
    out.self = presenceMsg(self);
    return Object.assign(out, routing(s));
  }

  leave(session: ChannelSession, id: string): void {
    this.tracker.untrack(session.id, parseChannelId(id));
  }

  private joined(session: ChannelSession, id: string): { s: Stream; persistence: boolean } {
    const s = parseChannelId(id);
    const p = this.tracker.get(session.id, s);
    if (!p) throw invalid('Must join channel before sending messages');
    return { s, persistence: p.persistence ?? true };
  }

  /** channel_message_send: within the user's chat limits (a minute's messages, a day's stored bytes). */
  async send(session: ChannelSession, id: string, contentText: string | undefined): Promise<Msg> {
    const { s, persistence } = this.joined(session, id);
    const content = parseContent(contentText);
    await this.limits.admit(session.userId);
    const posted = await this.post(s, content, senderOf(session), persistence);
    posted.deliver();
    if (persistence) await this.limits.stored(session.userId, storedBytes(content));
    return { channel_message_ack: ackMsg(s, posted.message) };
  }

  /** channel_message_update: an edit counts as a message written, and its new content as bytes stored. */
  async update(session: ChannelSession, id: string, messageId: string | undefined, contentText: string | undefined): Promise<Msg> {
    const { s, persistence } = this.joined(session, id);
    if (!isUuid(messageId)) throw invalid('Invalid message identifier.');
    const content = parseContent(contentText);
    await this.limits.admit(session.userId);
    const posted = await this.edit(s, messageId, content, senderOf(session), persistence);
    posted.deliver();
    if (persistence) await this.limits.stored(session.userId, storedBytes(content));
    return { channel_message_ack: ackMsg(s, posted.message) };
  }

  async remove(session: ChannelSession, id: string, messageId: string | undefined): Promise<Msg> {
    const { s, persistence } = this.joined(session, id);
    const posted = await this.erase(s, messageId, senderOf(session), persistence);
    posted.deliver();
    return { channel_message_ack: ackMsg(s, posted.message) };
  }

  /**
   * A new chat message on a channel's stream, with no membership check (runtime modules send as the
   * system or as any user): stored when persist, with q when given (the caller's transaction).
   */
  async post(s: Stream, content: Record<string, unknown>, sender: MessageSender, persist: boolean, q: Queryable = this.db): Promise<PostedMessage> {
    await this.checkDirect(s, sender, q);
    const now = monotonicNow();
    const m: StoredMessage = {
      id: crypto.randomUUID(), code: MessageCode.Chat, senderId: sender.id, username: sender.username,
      content, createTime: now, updateTime: now, persistent: persist,
    };
    if (persist) await insertMessage(q, s, m);
    return this.posted(s, m);
  }

  /** Replaces the content of the sender's message in the channel (code 1); when persist, it must be stored. */
  async edit(s: Stream, messageId: string, content: Record<string, unknown>, sender: MessageSender, persist: boolean, q: Queryable = this.db): Promise<PostedMessage> {
    if (!isUuid(messageId)) throw invalid('Invalid message identifier.');
    await this.checkDirect(s, sender, q);
    const now = monotonicNow();
    let createTime = now;
    if (persist) {
      const rows = await q.query<{ create_time: Date }>(
        `UPDATE message SET content = $2, update_time = $3 WHERE id = $1 AND sender_id = $4
           AND stream_mode = $5 AND stream_subject = $6 AND stream_descriptor = $7 AND stream_label = $8
         RETURNING create_time`,
        [messageId, JSON.stringify(content), now, sender.id, s.mode, s.subject, s.subcontext, s.label],
      );
      if (!rows.length) throw invalid('Could not find your message to update in this channel.');
      createTime = rows[0].create_time;
    }
    return this.posted(s, {
      id: messageId, code: MessageCode.Update, senderId: sender.id, username: sender.username,
      content, createTime, updateTime: now, persistent: persist,
    });
  }

  /** Removes the sender's message from the channel (code 2, content "{}"); when persist, it must be stored. */
  async erase(s: Stream, messageId: string | undefined, sender: MessageSender, persist: boolean, q: Queryable = this.db): Promise<PostedMessage> {
    if (!isUuid(messageId)) throw invalid('Invalid message identifier.');
    const now = monotonicNow();
    let createTime = now;
    if (persist) {
      const rows = await q.query<{ create_time: Date }>(
        `DELETE FROM message WHERE id = $1 AND sender_id = $2
           AND stream_mode = $3 AND stream_subject = $4 AND stream_descriptor = $5 AND stream_label = $6
         RETURNING create_time`,
        [messageId, sender.id, s.mode, s.subject, s.subcontext, s.label],
      );
      if (!rows.length) throw invalid('Could not find your message to remove in this channel.');
      createTime = rows[0].create_time;
    }
    return this.posted(s, {
      id: messageId, code: MessageCode.Remove, senderId: sender.id, username: sender.username,
      content: {}, createTime, updateTime: now, persistent: persist,
    });
  }

  /**
   * A direct channel takes no message from a user while either of its two users has blocked the other,
   * checked at every write (a socket joined before the block stays joined). Group channels and rooms
   * pay nothing; the system user's messages pass.
   */
  private async checkDirect(s: Stream, sender: MessageSender, q: Queryable): Promise<void> {
    if (s.mode !== StreamMode.Dm || sender.id === SYSTEM_USER_ID) return;
    const [one, two] = [s.subject.toLowerCase(), s.subcontext.toLowerCase()];
    const [self, other] = sender.id === two ? [two, one] : [one, two];
    const madeBySelf = (await this.rules.blocks(self, [other], q)).get(other);
    if (madeBySelf === undefined) return;
    const byYou = madeBySelf && sender.id === self;
    throw permissionDenied(byYou ? 'You have blocked this user: unblock them to send direct messages.' : 'This user does not accept direct messages from you.');
  }

  private posted(s: Stream, m: StoredMessage): PostedMessage {
    return { stream: s, message: m, deliver: () => this.bus.sendToStream(s, { channel_message: channelMessageMsg(s, m) }) };
  }

  /**
   * A group system message (join, add, leave, kick, promote, ban, demote): stored with q inside the
   * caller's transaction; the returned function broadcasts it and must run after commit.
   */
  async groupSystemMessage(q: Queryable, groupId: string, code: number, sender: { id: string; username: string }, content: Record<string, unknown>): Promise<() => void> {
    const s = groupStream(groupId);
    const now = monotonicNow();
    const m: StoredMessage = {
      id: crypto.randomUUID(), code, senderId: sender.id, username: sender.username, content, createTime: now, updateTime: now, persistent: true,
    };
    await insertMessage(q, s, m);
    return () => this.bus.sendToStream(s, { channel_message: channelMessageMsg(s, m) });
  }

  /** Drops every session of a user from a group's channel (after a leave, kick or ban). */
  removeFromGroupChannel(groupId: string, userId: string): void {
    const s = groupStream(groupId);
    for (const p of this.tracker.list(s, true)) if (p.userId === userId) this.tracker.untrack(p.sessionId, s);
  }

  closeGroupChannel(groupId: string): void {
    this.tracker.untrackStream(groupStream(groupId));
  }

  /** GET /v2/channel/{id}: history, oldest first by default; groups for members, DMs for the two users. */
  async history(userId: string, id: string, limit: number, forward: boolean, cursor: string | undefined): Promise<MessagePage> {
    checkLimit(limit, 1, 100);
    const s = parseChannelId(id);
    if (s.mode === StreamMode.Group) {
      const state = await this.rules.groupState(s.subject, userId);
      if (state === undefined || state > 2) throw permissionDenied('Only members of a group can read its channel.');
    } else if (s.mode === StreamMode.Dm && userId !== s.subject && userId !== s.subcontext) {
      throw permissionDenied('Only the two users of a direct chat can read it.');
    }
    const page = await this.messages(s, limit, forward, cursor);
    return { ...page, messages: page.messages.map((m) => channelMessageMsg(s, m)) };
  }

  /** A page of a channel's stored messages, with no access check (runtime modules act as the system). */
  async messages(s: Stream, limit: number, forward: boolean, cursor: string | undefined): Promise<StoredMessagePage> {
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
    const rows = await this.db.query<{
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

function senderOf(session: ChannelSession): MessageSender {
  return { id: session.userId, username: session.username };
}

async function insertMessage(q: Queryable, s: Stream, m: StoredMessage): Promise<void> {
  await q.execute(
    `INSERT INTO message (id, code, sender_id, username, stream_mode, stream_subject, stream_descriptor, stream_label, content, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [m.id, m.code, m.senderId, m.username, s.mode, s.subject, s.subcontext, s.label, JSON.stringify(m.content), m.createTime],
  );
}
