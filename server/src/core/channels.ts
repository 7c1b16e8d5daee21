// Chat channels: rooms, group channels and direct messages. Membership is a presence on the channel's
// stream; messages go to every session on it, sender included, and persist when the sender asked to.
// Channel ids are channel-ids.ts's; reading stored messages back is channel-history.ts's.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { jsonString, presenceMsg, put, putWrapped, timestamp, type Msg } from '../encode.ts';
import { invalid, notFound, permissionDenied } from '../errors.ts';
import type { Bus, Presences } from '../realtime/bus.ts';
import { StreamMode, type Stream } from '../realtime/tracker.ts';
import { isUuid } from '../tokens.ts';
import { channelId, ChannelType, groupStream, parseChannelId, targetStream } from './channel-ids.ts';
import { messagePage, type MessagePage, type StoredMessage, type StoredMessagePage } from './channel-history.ts';
import { storedBytes, type ChatLimits } from './chat-limits.ts';
import { monotonicNow } from './clock.ts';
import { NotificationCode, type Notifications } from './notifications.ts';
import { SYSTEM_USER_ID } from './storage.ts';
import type { Users } from './users.ts';
import { checkLimit, jsonHasUnstorable, unstorable } from './validate.ts';

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

export class Channels {
  private readonly db: Db;
  private readonly tracker: Presences;
  private readonly bus: Bus;
  private readonly notifications: Notifications;
  private readonly users: Users;
  private readonly rules: ChannelRules;
  private readonly limits: ChatLimits;
  /** Called for each message delivered (its code: new, edited, removed), for the metrics; unset when off. */
  onMessage: ((code: number) => void) | undefined;

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
    return {
      stream: s,
      message: m,
      deliver: () => {
        this.onMessage?.(m.code);
        this.bus.sendToStream(s, { channel_message: channelMessageMsg(s, m) });
      },
    };
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
  messages(s: Stream, limit: number, forward: boolean, cursor: string | undefined): Promise<StoredMessagePage> {
    return messagePage(this.db, s, limit, forward, cursor);
  }
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
