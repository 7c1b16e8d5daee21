// Delivery of envelopes to connected sessions: one serialisation per message, however many receive it.
import type { TokenClaims } from '../core/tokens.ts';
import type { Msg } from '../encode.ts';
import { stream, StreamMode, type Stream, type Tracker } from './tracker.ts';

export interface ClientSession {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly claims: TokenClaims;
  /** Sends an already serialised envelope. */
  sendRaw(data: string): void;
  close(code: number, reason: string): void;
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
    let data: string | undefined;
    for (const id of ids) {
      const s = this.sessions.get(id);
      if (!s) continue;
      data ??= JSON.stringify(envelope);
      s.sendRaw(data);
    }
  }

  sendToStream(s: Stream, envelope: Msg, except?: string): void {
    let data: string | undefined;
    for (const id of this.tracker.sessionIds(s)) {
      if (id === except) continue;
      const session = this.sessions.get(id);
      if (!session) continue;
      data ??= JSON.stringify(envelope);
      session.sendRaw(data);
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
