// Delivery of envelopes to connected sessions: one serialisation per message and wire format, however
// many receive it.
import type { TokenClaims } from '../core/tokens.ts';
import type { Msg } from '../encode.ts';
import { encodeEnvelope } from '../rt/protobuf.ts';
import { stream, StreamMode, type Stream, type Tracker } from './tracker.ts';

/** How a socket frames its envelopes: JSON text frames, or binary nakama.realtime.Envelope frames. */
export type WireFormat = 'json' | 'protobuf';

export interface ClientSession {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly claims: TokenClaims;
  readonly format: WireFormat;
  /** Sends an envelope already serialised in this session's format. */
  sendRaw(data: string | Uint8Array): void;
  close(code: number, reason: string): void;
}

/** One outgoing envelope, serialised at most once per wire format, when a receiver first needs it. */
export class Frame {
  private readonly envelope: Msg;
  private json: string | undefined;
  private pb: Uint8Array | undefined;

  constructor(envelope: Msg) {
    this.envelope = envelope;
  }

  for(format: WireFormat): string | Uint8Array {
    if (format === 'json') return (this.json ??= JSON.stringify(this.envelope));
    return (this.pb ??= encodeEnvelope(this.envelope));
  }
}

export class Router {
  private readonly sessions = new Map<string, ClientSession>();
  private readonly tracker: Tracker;

  constructor(tracker: Tracker) {
    this.tracker = tracker;
  }

  add(s: ClientSession): void {
    this.sessions.set(s.id, s);
  }

  remove(id: string): void {
    this.sessions.delete(id);
  }

  get(id: string): ClientSession | undefined {
    return this.sessions.get(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  all(): IterableIterator<ClientSession> {
    return this.sessions.values();
  }

  sendToSessions(ids: Iterable<string>, envelope: Msg): void {
    const frame = new Frame(envelope);
    for (const id of ids) {
      const s = this.sessions.get(id);
      if (!s) continue;
      s.sendRaw(frame.for(s.format));
    }
  }

  sendToStream(s: Stream, envelope: Msg, except?: string): void {
    const frame = new Frame(envelope);
    for (const id of this.tracker.sessionIds(s)) {
      if (id === except) continue;
      const session = this.sessions.get(id);
      if (!session) continue;
      session.sendRaw(frame.for(session.format));
    }
  }

  /** Every open socket of a user (each is tracked on the user's notification stream). */
  sessionsOfUser(userId: string): ClientSession[] {
    const out: ClientSession[] = [];
    for (const id of this.tracker.sessionIds(stream(StreamMode.Notifications, userId))) {
      const s = this.sessions.get(id);
      if (s) out.push(s);
    }
    return out;
  }

  sendToUser(userId: string, envelope: Msg): void {
    this.sendToStream(stream(StreamMode.Notifications, userId), envelope);
  }

  isOnline(userId: string): boolean {
    return this.tracker.exists(stream(StreamMode.Notifications, userId));
  }
}
