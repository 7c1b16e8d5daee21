// Sending Web Push: each message encrypted for its subscription (RFC 8291 aes128gcm) and signed with the
// VAPID key (RFC 8292) by web-push, and posted here, to endpoints on the allowed push services only, never
// following a redirect. Sending is queued and never holds up the caller: a bounded number of posts at once,
// a 404 or 410 forgets the subscription, any other failure is tried again with a growing delay (or the
// service's Retry-After), five tries in all.
import { AsyncLocalStorage } from 'node:async_hooks';
import webpush from 'web-push';
import type { Logger } from '@tribuna/server';
import type { Subscription } from './store.ts';

/** What a device shows: Russian title and text, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Posts at once; the rest wait in the queue. */
const IN_FLIGHT = 8;
/** Posts waiting at most; past it the oldest are dropped (and logged). */
const MAX_QUEUE = 10_000;
const TRIES = 5;
/** The first retry's delay; each next one doubles. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 3_600_000;
const POST_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const TTL_SEC = 86_400;
/** A push message's text is cut here, well inside the 4 KB a push service takes. */
const MAX_BODY = 500;

/** The endpoint's origin is one of the allowed ones (`https://*.host` takes any subdomain of host). */
export function originAllowed(endpoint: string, allowed: readonly string[]): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  const origin = url.origin.toLowerCase();
  return allowed.some((a) => {
    const star = a.indexOf('://*.');
    if (star < 0) return origin === a;
    const scheme = a.slice(0, star + 3);
    const suffix = a.slice(star + 4);
    return origin.startsWith(scheme) && origin.slice(scheme.length).split(':')[0].endsWith(suffix) && origin.length > scheme.length + suffix.length;
  });
}

interface Job {
  subscription: Subscription;
  payload: string;
  tries: number;
  /** Runs in the context of the call that queued the job: its log lines carry that request's id. */
  within?: <R>(fn: () => R) => R;
}

export class PushSender {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  private readonly keys: VapidKeys;
  private readonly allowed: readonly string[];
  private readonly forget: (s: Subscription) => Promise<void>;
  private readonly logger: Logger;

  constructor(keys: VapidKeys, allowed: readonly string[], forget: (s: Subscription) => Promise<void>, logger: Logger) {
    this.keys = keys;
    this.allowed = allowed;
    this.forget = forget;
    this.logger = logger;
  }

  /** Queues the message for each subscription; returns at once. */
  send(subscriptions: Subscription[], message: PushMessage): void {
    if (this.closed || !subscriptions.length) return;
    const body = message.body.length > MAX_BODY ? `${message.body.slice(0, MAX_BODY - 1)}…` : message.body;
    const payload = JSON.stringify({ title: message.title, body, url: message.url });
    for (const s of subscriptions) {
      if (!originAllowed(s.endpoint, this.allowed)) continue;
      this.enqueue({ subscription: s, payload, tries: 0 });
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queue.length = 0;
  }

  private enqueue(job: Job): void {
    if (this.queue.length >= MAX_QUEUE) {
      this.queue.shift();
      this.logger.warn('push queue full: the oldest message was dropped', { max: MAX_QUEUE });
    }
    job.within = AsyncLocalStorage.snapshot();
    this.queue.push(job);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.inFlight < IN_FLIGHT && this.queue.length) {
      const job = this.queue.shift()!;
      this.inFlight++;
      const post = () => this.post(job);
      void (job.within ? job.within(post) : post()).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async post(job: Job): Promise<void> {
    const s = job.subscription;
    let status = 0;
    let retryAfter: string | null = null;
    try {
      const details = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, job.payload, {
        vapidDetails: this.keys,
        TTL: TTL_SEC,
        contentEncoding: 'aes128gcm',
      });
      const res = await fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    } catch (err) {
      // A subscription whose keys web-push cannot use will never work: forget it.
      if (err instanceof Error && /p256dh|auth|public key/i.test(err.message)) status = 410;
      else this.logger.warn('push post failed', { origin: URL.parse(s.endpoint)?.origin, err: String(err) });
    }
    if (status >= 200 && status < 300) {
      this.logger.debug('push sent', { origin: URL.parse(s.endpoint)?.origin, status });
      return;
    }
    if (status === 404 || status === 410) {
      await this.forget(s).catch((err: unknown) => this.logger.error('forgetting a push subscription failed', { err }));
      return;
    }
    if (++job.tries >= TRIES || this.closed) {
      this.logger.warn('push message given up', { origin: URL.parse(s.endpoint)?.origin, status, tries: job.tries });
      return;
    }
    const delay = Math.min(LONGEST_RETRY_MS, Math.max(retryAfterMs(retryAfter) ?? 0, FIRST_RETRY_MS * 2 ** (job.tries - 1)));
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.enqueue(job);
    }, delay);
    t.unref();
    this.timers.add(t);
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
function retryAfterMs(v: string | null): number | undefined {
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
