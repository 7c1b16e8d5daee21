// Delivery of envelopes to the sessions of this node: one serialisation per message and wire format,
// however many receive it. The bus delivers through it (a cluster bus, what reaches this node).
import type { Msg } from '../encode.ts';
import type { ClientSession, Serializers, WireFormat } from './bus.ts';
import { stream, StreamMode, type Stream, type Tracker } from './tracker.ts';

/** One outgoing envelope, serialised at most once per wire format, when a receiver first needs it. */
class Frame {
  private readonly envelope: Msg;
  private readonly serializers: Serializers;
  private json: string | Uint8Array | undefined;
  private pb: string | Uint8Array | undefined;

  constructor(envelope: Msg, serializers: Serializers) {
    this.envelope = envelope;
    this.serializers = serializers;
  }

  for(format: WireFormat): string | Uint8Array {
    if (format === 'json') return (this.json ??= this.serializers.json(this.envelope));
    return (this.pb ??= this.serializers.protobuf(this.envelope));
  }
}

export class Router {
  private readonly sessions = new Map<string, ClientSession>();
  private readonly tracker: Tracker;
  private readonly serializers: Serializers;

  constructor(tracker: Tracker, serializers: Serializers) {
    this.tracker = tracker;
    this.serializers = serializers;
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
    const frame = new Frame(envelope, this.serializers);
    for (const id of ids) {
      const s = this.sessions.get(id);
      if (!s) continue;
      s.sendRaw(frame.for(s.format));
    }
  }

  sendToStream(s: Stream, envelope: Msg, except?: string): void {
    const frame = new Frame(envelope, this.serializers);
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
