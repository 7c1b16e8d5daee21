// The in-process bus: one node, so presences, delivery, revocations and limit counters all live in this
// process. Delivery goes straight to the router: no copy and no promise per receiver.
import type { Msg } from '../encode.ts';
import { notFound } from '../errors.ts';
import type { BusMeter } from '../metrics.ts';
import { closeRevoked, type Bus, type ClientSession, type LimitStore, type Revocation, type Serializers, type ServiceHandler } from './bus.ts';
import { MemoryLimitStore } from './memory-limits.ts';
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
  /** In one process, a message put on the bus is taken from it at once: counted both ways. */
  meter: BusMeter | undefined;
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
    if (this.meter) this.count(this.meter);
    this.router.sendToStream(s, envelope, except);
  }

  sendToUser(userId: string, envelope: Msg): void {
    if (this.meter) this.count(this.meter);
    this.router.sendToUser(userId, envelope);
  }

  sendToSessions(sessionIds: Iterable<string>, envelope: Msg): void {
    if (this.meter) this.count(this.meter);
    this.router.sendToSessions(sessionIds, envelope);
  }

  isOnline(userId: string): boolean {
    return this.router.isOnline(userId);
  }

  revoke(r: Revocation): void {
    if (this.meter) this.count(this.meter);
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
    if (this.meter) this.count(this.meter);
    return handler(request);
  }

  private count(meter: BusMeter): void {
    meter.published();
    meter.received();
  }

  peers(): string[] {
    return [];
  }

  async lease(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}
