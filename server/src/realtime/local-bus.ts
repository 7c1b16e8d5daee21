// The in-process bus: one node, so presences, delivery, revocations and limit counters all live in this
// process. Delivery goes straight to the router: no copy and no promise per receiver.
import { Backoff, RateLimiter } from '../core/rate-limit.ts';
import type { Msg } from '../encode.ts';
import { notFound } from '../errors.ts';
import {
  closeRevoked,
  type BackoffLimit, type Bus, type ClientSession, type LimitStore, type Revocation, type Serializers, type ServiceHandler, type WindowLimit,
} from './bus.ts';
import { Router } from './router.ts';
import { stream, StreamMode, Tracker, type PresenceListener, type Stream } from './tracker.ts';

export interface LocalBusOptions {
  serializers: Serializers;
  /** This node's name; "nakama" by default, as upstream's. */
  node?: string;
  /** Limit counters; in memory by default. */
  limits?: LimitStore;
}

export class LocalBus implements Bus {
  readonly node: string;
  readonly presences: Tracker;
  readonly limits: LimitStore;
  private readonly router: Router;
  private readonly revokeListeners: Array<(r: Revocation) => void> = [];
  private readonly services = new Map<string, ServiceHandler>();

  constructor(opts: LocalBusOptions) {
    this.node = opts.node ?? 'nakama';
    this.presences = new Tracker();
    this.router = new Router(this.presences, opts.serializers);
    this.limits = opts.limits ?? new MemoryLimitStore();
  }

  onPresence(listener: PresenceListener): void {
    this.presences.onEvent(listener);
  }

  attach(session: ClientSession): void {
    this.router.add(session);
    this.presences.track(session.id, stream(StreamMode.Notifications, session.userId), session.userId, {
      username: session.username,
      hidden: true,
    });
  }

  detach(sessionId: string): void {
    this.router.remove(sessionId);
    this.presences.untrackAll(sessionId);
  }

  sendToStream(s: Stream, envelope: Msg, except?: string): void {
    this.router.sendToStream(s, envelope, except);
  }

  sendToUser(userId: string, envelope: Msg): void {
    this.router.sendToUser(userId, envelope);
  }

  sendToSessions(sessionIds: Iterable<string>, envelope: Msg): void {
    this.router.sendToSessions(sessionIds, envelope);
  }

  isOnline(userId: string): boolean {
    return this.router.isOnline(userId);
  }

  revoke(r: Revocation): void {
    for (const l of this.revokeListeners) l(r);
    closeRevoked(r, (userId) => this.router.sessionsOfUser(userId));
  }

  onRevoke(listener: (r: Revocation) => void): void {
    this.revokeListeners.push(listener);
  }

  /** One process is never cut off from itself. */
  onResync(): void {}

  serve(service: string, handler: ServiceHandler): void {
    if (this.services.has(service)) throw new Error(`Service "${service}" is already served.`);
    this.services.set(service, handler);
  }

  /** Calls the handler directly: one node, so the request and answer are not copied. */
  async call(node: string, service: string, request: unknown): Promise<unknown> {
    const handler = node === this.node ? this.services.get(service) : undefined;
    if (!handler) throw notFound(`No ${service} service on node "${node}".`);
    return handler(request);
  }

  peers(): string[] {
    return [];
  }

  async lease(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}

/** Limit counters in this process: RateLimiter and Backoff, one of each per name. */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, { rule: string; limit: WindowLimit }>();
  private readonly backoffs = new Map<string, { rule: string; limit: BackoffLimit }>();

  window(name: string, limit: number, windowMs: number): WindowLimit {
    return named(this.windows, name, `${limit}/${windowMs}`, () => {
      const l = new RateLimiter(limit, windowMs);
      return {
        hit: async (key, now) => l.hit(key, now),
        blocked: async (key, now) => l.blocked(key, now),
        retryAfter: async (key, now) => l.retryAfter(key, now),
        reset: async (key) => l.reset(key),
      };
    });
  }

  backoff(name: string, free: number, windowMs: number, maxDelayMs: number): BackoffLimit {
    return named(this.backoffs, name, `${free}/${windowMs}/${maxDelayMs}`, () => {
      const b = new Backoff(free, windowMs, maxDelayMs);
      return {
        take: async (key, now) => b.take(key, now),
        reset: async (key) => b.reset(key),
        undo: async (key) => b.undo(key),
      };
    });
  }
}

function named<T>(map: Map<string, { rule: string; limit: T }>, name: string, rule: string, make: () => T): T {
  const found = map.get(name);
  if (found) {
    if (found.rule !== rule) throw new Error(`Limit "${name}" is already defined with another rule (${found.rule}).`);
    return found.limit;
  }
  const limit = make();
  map.set(name, { rule, limit });
  return limit;
}
