// Custom streams for runtime modules: sessions joined to a stream by a module, data sent to everyone on
// it, and `stream_presence_event`s for streams of modes the server does not serve itself (as upstream,
// every mode but notifications, status, chat, matches and parties).
import { presenceMsg, put, streamMsg, type Msg } from '../encode.ts';
import { invalid, notFound } from '../errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { StreamMode, type Stream, type TrackedPresence } from '../realtime/tracker.ts';
import { isUuid } from '../tokens.ts';
import { containsUnstorable } from './validate.ts';

/** What streams use of the bus. */
export type StreamBus = Pick<Bus, 'presences' | 'onPresence' | 'sendToStream' | 'sendToSessions'>;

/** A stream as modules name it: subject and subcontext are user, group or other UUIDs, or empty. */
export interface StreamInput {
  mode: number;
  subject?: string;
  subcontext?: string;
  label?: string;
}

export interface StreamPresenceInput {
  hidden?: boolean;
  persistence?: boolean;
  status?: string;
}

const MAX_LABEL = 256;
const MAX_STATUS = 2048;
const MAX_DATA_BYTES = 1024 * 1024;

/** Modes with events of their own (channel, status, match, party presence events) or none (notifications). */
const SERVED_MODES = new Set<number>(Object.values(StreamMode));

/** The stream a module names; InvalidArgument unless mode is 0-255 and subject and subcontext are UUIDs or empty. */
function checkStream(input: StreamInput): Stream {
  if (typeof input !== 'object' || input === null) throw invalid('A stream must be an object with a mode.');
  const { mode, subject = '', subcontext = '', label = '' } = input;
  if (!Number.isInteger(mode) || mode < 0 || mode > 255) throw invalid('Stream mode must be a whole number from 0 to 255.');
  for (const [name, v] of [['subject', subject], ['subcontext', subcontext]] as const) {
    if (typeof v !== 'string' || (v !== '' && !isUuid(v))) throw invalid(`Stream ${name} must be a UUID or empty.`);
  }
  if (typeof label !== 'string' || label.length > MAX_LABEL || containsUnstorable(label)) {
    throw invalid(`Stream label must be a string of at most ${MAX_LABEL} characters.`);
  }
  return { mode, subject: subject.toLowerCase(), subcontext: subcontext.toLowerCase(), label };
}

export class Streams {
  private readonly bus: StreamBus;

  constructor(bus: StreamBus) {
    this.bus = bus;
    bus.onPresence((s, joins, leaves) => {
      if (SERVED_MODES.has(s.mode)) return;
      const event: Msg = { stream: streamMsg(s) };
      if (joins.length) event.joins = joins.map(presenceMsg);
      if (leaves.length) event.leaves = leaves.map(presenceMsg);
      bus.sendToStream(s, { stream_presence_event: event });
    });
  }

  /** The username a connected session of userId signed in with; NotFound when there is no such session. */
  private session(userId: string, sessionId: string): string {
    if (!isUuid(userId)) throw invalid('Invalid user id.');
    if (!isUuid(sessionId)) throw invalid('Invalid session id.');
    // Every socket is tracked (hidden) on its user's notification stream.
    const own = this.bus.presences.sessionPresences(sessionId, StreamMode.Notifications)[0];
    if (!own || own.userId !== userId) throw notFound('Session not found for this user.');
    return own.username;
  }

  private static target(input: StreamInput): Stream {
    const s = checkStream(input);
    // The notification stream of a user is how the server reaches that user's sockets.
    if (s.mode === StreamMode.Notifications) throw invalid('Notification streams are managed by the server.');
    return s;
  }

  private presence(userId: string, sessionId: string, meta: StreamPresenceInput) {
    const status = meta.status;
    if (status !== undefined && (typeof status !== 'string' || status.length > MAX_STATUS || containsUnstorable(status))) {
      throw invalid(`Status must be a string of at most ${MAX_STATUS} characters.`);
    }
    return { username: this.session(userId, sessionId), hidden: meta.hidden ?? false, persistence: meta.persistence ?? true, status };
  }

  /** Adds a connected session of the user to a stream; false when it is there already (nothing changes). */
  join(userId: string, sessionId: string, input: StreamInput, meta: StreamPresenceInput = {}): boolean {
    const s = Streams.target(input);
    return this.bus.presences.track(sessionId, s, userId, this.presence(userId, sessionId, meta));
  }

  /** Replaces a session's presence on a stream (joining it when absent): a leave and a join for others. */
  update(userId: string, sessionId: string, input: StreamInput, meta: StreamPresenceInput = {}): void {
    const s = Streams.target(input);
    this.bus.presences.update(sessionId, s, userId, this.presence(userId, sessionId, meta));
  }

  /** Removes a session from a stream; false when it was not there. */
  leave(userId: string, sessionId: string, input: StreamInput): boolean {
    const s = Streams.target(input);
    const p = this.bus.presences.get(sessionId, s);
    if (!p || p.userId !== userId) return false;
    return this.bus.presences.untrack(sessionId, s);
  }

  get(userId: string, sessionId: string, input: StreamInput): TrackedPresence | undefined {
    const p = this.bus.presences.get(sessionId, checkStream(input));
    return p && p.userId === userId ? p : undefined;
  }

  list(input: StreamInput, includeHidden = true, includeNotHidden = true): TrackedPresence[] {
    const all = this.bus.presences.list(checkStream(input), includeHidden);
    return includeNotHidden ? all : all.filter((p) => p.hidden);
  }

  /** Sessions on a stream, hidden ones included. */
  count(input: StreamInput): number {
    return this.bus.presences.count(checkStream(input));
  }

  /** Removes every presence from a stream. */
  close(input: StreamInput): void {
    this.bus.presences.untrackStream(Streams.target(input));
  }

  /**
   * Sends `stream_data` to every session on the stream, or only to the given sessions (which need not
   * be on it), as upstream's runtime does.
   */
  send(input: StreamInput, data: string, sessionIds?: string[], reliable = true): void {
    const s = checkStream(input);
    if (typeof data !== 'string') throw invalid('Stream data must be a string.');
    if (Buffer.byteLength(data) > MAX_DATA_BYTES) throw invalid(`Stream data must be at most ${MAX_DATA_BYTES} bytes.`);
    const msg: Msg = { stream: streamMsg(s) };
    put(msg, 'data', data);
    put(msg, 'reliable', reliable);
    const envelope = { stream_data: msg };
    if (sessionIds && sessionIds.length) this.bus.sendToSessions(sessionIds, envelope);
    else this.bus.sendToStream(s, envelope);
  }
}
