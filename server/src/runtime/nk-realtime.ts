// The `nk` facade's chat channels and custom streams. Modules act as the system: messages need no
// membership, and their sender is the system user unless the module names one.
import { channelSummaries, messagesById, newestMessages, type StoredMessage } from '../core/channel-history.ts';
import { ChannelType, channelId as channelIdOf, parseChannelId, targetStream } from '../core/channel-ids.ts';
import type { MessageSender, PostedMessage } from '../core/channels.ts';
import type { Core } from '../core/index.ts';
import { SYSTEM_USER_ID } from '../core/storage.ts';
import type { StreamInput } from '../core/streams.ts';
import { isUuid } from '../tokens.ts';
import { containsUnstorable, jsonValueHasUnstorable, unstorable } from '../core/validate.ts';
import type { Queryable } from '../db/index.ts';
import { invalid } from '../errors.ts';
import { StreamMode, type Stream, type TrackedPresence } from '../realtime/tracker.ts';

export interface NkChannelMessageAck {
  channelId: string;
  messageId: string;
  /** 0 chat, 1 update, 2 remove. */
  code: number;
  username: string;
  createTime: Date;
  updateTime: Date;
  persistent: boolean;
  roomName?: string;
  groupId?: string;
  userIdOne?: string;
  userIdTwo?: string;
}

export interface NkChannelMessage extends NkChannelMessageAck {
  senderId: string;
  content: Record<string, unknown>;
}

export interface NkChannelMessageList {
  messages: NkChannelMessage[];
  nextCursor?: string;
  prevCursor?: string;
  cacheableCursor?: string;
}

/** A channel's unread count and newest message (channelsSummary). */
export interface NkChannelSummary {
  channelId: string;
  /** Messages after the channel's `since` from other users, counted up to the cap. */
  unread: number;
  last?: NkChannelMessage;
}

export interface NkChannelSummaryOptions {
  /** Unread messages are counted up to this many (default 1000, at most 100000). */
  maxUnread?: number;
  /** Only messages whose content has this field (not null) count and show (e.g. "text"). */
  contentField?: string;
}

/** Channel message writes, also offered bound to a transaction (nk.tx), where delivery waits for the commit. */
export interface NkChannelWrites {
  /**
   * Sends a chat message to a channel's sockets like a socket-sent one, stored when persist (default
   * true). The sender is the system user ("00000000-…", no username) unless given.
   */
  channelMessageSend(channelId: string, content: Record<string, unknown>, senderId?: string, senderUsername?: string, persist?: boolean): Promise<NkChannelMessageAck>;
  /** Replaces the content of a message of that sender (default the system user). */
  channelMessageUpdate(channelId: string, messageId: string, content: Record<string, unknown>, senderId?: string, senderUsername?: string, persist?: boolean): Promise<NkChannelMessageAck>;
  /** Removes a message of that sender (default the system user). */
  channelMessageRemove(channelId: string, messageId: string, senderId?: string, senderUsername?: string, persist?: boolean): Promise<NkChannelMessageAck>;
}

export interface NkChannels extends NkChannelWrites {
  /** The id of a channel as channel_join names it: type 1 room (target: name), 2 direct (target: the other user), 3 group. */
  channelIdBuild(senderId: string | null | undefined, target: string, type: number): string;
  /** A channel's stored messages, oldest first unless forward is false; limit 1-100 (default 100). No access check. */
  channelMessagesList(channelId: string, limit?: number, forward?: boolean, cursor?: string): Promise<NkChannelMessageList>;
  /** The stored messages of the channel among the ids (others are left out), oldest first. No access check. */
  channelMessagesGetId(channelId: string, messageIds: string[]): Promise<NkChannelMessage[]>;
  /**
   * Several channels' stored messages merged newest first (limit 1-100, default 100); the cursor pages to
   * older ones. Only messages whose content has `contentField` (not null), when given. No access check.
   */
  channelsMessagesList(channelIds: string[], limit?: number, cursor?: string, options?: { contentField?: string }): Promise<{ messages: NkChannelMessage[]; cursor?: string }>;
  /**
   * For each channel, in the order given, in one database statement: the messages after `since` (every
   * message when absent) not sent by userId, counted up to a cap, and the newest message. No access check.
   */
  channelsSummary(userId: string, channels: Array<{ channelId: string; since?: Date | null }>, options?: NkChannelSummaryOptions): Promise<NkChannelSummary[]>;
}

/** A stream: subject and subcontext are UUIDs or empty; modes other than the server's own (0-7) get stream_presence_events. */
export type NkStream = StreamInput;

export interface NkStreamPresence {
  userId: string;
  sessionId: string;
  username: string;
  hidden: boolean;
  persistence: boolean;
  status?: string;
}

export interface NkStreams {
  /** Adds a connected session of the user to a stream; false when it is there already. */
  streamUserJoin(userId: string, sessionId: string, stream: NkStream, hidden?: boolean, persistence?: boolean, status?: string): boolean;
  /** Replaces the session's presence on the stream (joining it when absent). */
  streamUserUpdate(userId: string, sessionId: string, stream: NkStream, hidden?: boolean, persistence?: boolean, status?: string): void;
  /** Removes the session from the stream; false when it was not there. */
  streamUserLeave(userId: string, sessionId: string, stream: NkStream): boolean;
  /** Presences on a stream (both kinds by default). */
  streamUserList(stream: NkStream, includeHidden?: boolean, includeNotHidden?: boolean): NkStreamPresence[];
  /** The session's presence on the stream, or null. */
  streamUserGet(userId: string, sessionId: string, stream: NkStream): NkStreamPresence | null;
  /** Sessions on the stream, hidden ones included. */
  streamCount(stream: NkStream): number;
  /** Removes every presence from the stream. */
  streamClose(stream: NkStream): void;
  /**
   * Sends `stream_data` {stream, data, reliable} to every session on the stream, or only to the given
   * presences' sessions.
   */
  streamSend(stream: NkStream, data: string, presences?: Array<{ sessionId: string }>, reliable?: boolean): void;
}

function ackOf(s: Stream, m: StoredMessage, channelId: string): NkChannelMessageAck {
  const out: NkChannelMessageAck = {
    channelId, messageId: m.id, code: m.code, username: m.username, createTime: m.createTime, updateTime: m.updateTime, persistent: m.persistent,
  };
  if (s.mode === StreamMode.Channel) out.roomName = s.label;
  else if (s.mode === StreamMode.Group) out.groupId = s.subject;
  else if (s.mode === StreamMode.Dm) {
    out.userIdOne = s.subject;
    out.userIdTwo = s.subcontext;
  }
  return out;
}

function messageOf(s: Stream, m: StoredMessage, channelId: string): NkChannelMessage {
  return { ...ackOf(s, m, channelId), senderId: m.senderId, content: (m.content ?? {}) as Record<string, unknown> };
}

function sender(senderId: string | undefined, senderUsername: string | undefined): MessageSender {
  const id = senderId || SYSTEM_USER_ID;
  if (!isUuid(id)) throw invalid('Invalid sender id.');
  const username = senderUsername ?? '';
  if (typeof username !== 'string' || username.length > 128 || containsUnstorable(username)) throw invalid('Invalid sender username.');
  return { id: id.toLowerCase(), username };
}

function content(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Message content must be an object.');
  let bad: boolean;
  try {
    bad = jsonValueHasUnstorable(value);
  } catch {
    throw invalid('Message content must be JSON.');
  }
  if (bad) throw unstorable('content');
  return value as Record<string, unknown>;
}

/**
 * The channel writes, with q's transaction when given; each delivery is handed to `deliver` (after the
 * commit, in a transaction) or made at once.
 */
export function channelWrites(core: Core, q?: Queryable, deliver: (posted: PostedMessage) => void = (p) => p.deliver()): NkChannelWrites {
  const done = (channelId: string, p: PostedMessage) => {
    deliver(p);
    return ackOf(p.stream, p.message, channelId);
  };
  return {
    async channelMessageSend(channelId, body, senderId, senderUsername, persist = true) {
      const s = parseChannelId(channelId);
      return done(channelId, await core.channels.post(s, content(body), sender(senderId, senderUsername), persist, q));
    },
    async channelMessageUpdate(channelId, messageId, body, senderId, senderUsername, persist = true) {
      const s = parseChannelId(channelId);
      return done(channelId, await core.channels.edit(s, messageId, content(body), sender(senderId, senderUsername), persist, q));
    },
    async channelMessageRemove(channelId, messageId, senderId, senderUsername, persist = true) {
      const s = parseChannelId(channelId);
      return done(channelId, await core.channels.erase(s, messageId, sender(senderId, senderUsername), persist, q));
    },
  };
}

export function channelNk(core: Core): NkChannels {
  return {
    ...channelWrites(core),
    channelIdBuild(senderId, target, type) {
      if (type === ChannelType.Dm && !isUuid(senderId)) throw invalid('A direct channel needs a sender id.');
      const lower = type === ChannelType.Room ? target : String(target).toLowerCase();
      return channelIdOf(targetStream(type, lower, (senderId ?? '').toLowerCase()));
    },
    async channelMessagesList(channelId, limit = 100, forward = true, cursor) {
      const s = parseChannelId(channelId);
      const page = await core.channels.messages(s, limit, forward, cursor || undefined);
      const out: NkChannelMessageList = { messages: page.messages.map((m) => messageOf(s, m, channelId)) };
      if (page.nextCursor) out.nextCursor = page.nextCursor;
      if (page.prevCursor) out.prevCursor = page.prevCursor;
      if (page.cacheableCursor) out.cacheableCursor = page.cacheableCursor;
      return out;
    },
    async channelMessagesGetId(channelId, messageIds) {
      const s = parseChannelId(channelId);
      if (!Array.isArray(messageIds) || messageIds.length > 1000) throw invalid('Message ids must be a list of at most 1000.');
      const ids = messageIds.filter(isUuid);
      return (await messagesById(core.db, s, ids)).map((m) => messageOf(s, m, channelId));
    },
    async channelsMessagesList(channelIds, limit = 100, cursor, options = {}) {
      const streams = channelList(channelIds).map(parseChannelId);
      const page = await newestMessages(core.db, streams, limit, cursor || undefined, { contentField: options.contentField });
      const out: { messages: NkChannelMessage[]; cursor?: string } = {
        messages: page.messages.map((m) => messageOf(m.stream, m, channelIdOf(m.stream))),
      };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
    async channelsSummary(userId, channels, options = {}) {
      if (!Array.isArray(channels)) throw invalid('Channels must be a list.');
      if (channels.length > MAX_CHANNELS) throw invalid(`At most ${MAX_CHANNELS} channels at once.`);
      const entries = channels.map((c) => {
        const since = c?.since ?? null;
        if (since !== null && !(since instanceof Date && Number.isFinite(since.getTime()))) throw invalid('Invalid time.');
        return { id: c.channelId, stream: parseChannelId(c.channelId), since };
      });
      const rows = await channelSummaries(core.db, userId, entries, options.maxUnread ?? 1000, { contentField: options.contentField });
      return rows.map((r, i) => {
        const out: NkChannelSummary = { channelId: entries[i].id, unread: r.unread };
        if (r.last) out.last = messageOf(entries[i].stream, r.last, entries[i].id);
        return out;
      });
    },
  };
}

const MAX_CHANNELS = 1000;

function channelList(ids: unknown): string[] {
  if (!Array.isArray(ids)) throw invalid('Channel ids must be a list.');
  if (ids.length > MAX_CHANNELS) throw invalid(`At most ${MAX_CHANNELS} channels at once.`);
  return ids as string[];
}

function presenceOf(p: TrackedPresence): NkStreamPresence {
  const out: NkStreamPresence = {
    userId: p.userId, sessionId: p.sessionId, username: p.username, hidden: p.hidden ?? false, persistence: p.persistence ?? true,
  };
  if (p.status !== undefined) out.status = p.status;
  return out;
}

export function streamNk(core: Core): NkStreams {
  const { streams } = core;
  return {
    streamUserJoin: (userId, sessionId, stream, hidden = false, persistence = true, status) =>
      streams.join(userId, sessionId, stream, { hidden, persistence, status }),
    streamUserUpdate: (userId, sessionId, stream, hidden = false, persistence = true, status) =>
      streams.update(userId, sessionId, stream, { hidden, persistence, status }),
    streamUserLeave: (userId, sessionId, stream) => streams.leave(userId, sessionId, stream),
    streamUserList: (stream, includeHidden = true, includeNotHidden = true) =>
      streams.list(stream, includeHidden, includeNotHidden).map(presenceOf),
    streamUserGet(userId, sessionId, stream) {
      const p = streams.get(userId, sessionId, stream);
      return p ? presenceOf(p) : null;
    },
    streamCount: (stream) => streams.count(stream),
    streamClose: (stream) => streams.close(stream),
    streamSend(stream, data, presences, reliable = true) {
      if (presences !== undefined && !Array.isArray(presences)) throw invalid('Presences must be a list.');
      // A presence without a session must not widen the send to the whole stream.
      const sessionIds = presences?.map((p) => p?.sessionId);
      if (sessionIds?.some((id) => typeof id !== 'string')) throw invalid('Each presence must have a sessionId.');
      streams.send(stream, data, sessionIds as string[] | undefined, reliable);
    },
  };
}
