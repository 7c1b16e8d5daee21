// Fixed-window counters in memory: brute-force limits on logins and codes.

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private lastSweep = Date.now();

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Whether key has used up its allowance in the current window. */
  blocked(key: string, now = Date.now()): boolean {
    const h = this.hits.get(key);
    return h !== undefined && h.resetAt > now && h.count >= this.limit;
  }

  /** Counts one attempt; false when the allowance was already used up. */
  hit(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    h.count++;
    return h.count <= this.limit;
  }

  /** Seconds until key may try again (0 when it may now). */
  retryAfter(key: string, now = Date.now()): number {
    const h = this.hits.get(key);
    if (!h || h.resetAt <= now || h.count < this.limit) return 0;
    return Math.ceil((h.resetAt - now) / 1000);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, h] of this.hits) if (h.resetAt <= now) this.hits.delete(k);
  }
}

/**
 * Brute-force limits on password checks. An attempt is reserved before the (slow, asynchronous) check
 * and counts as a failure until it succeeds, so parallel attempts cannot slip past the limit. After `free`
 * failures the key is not locked out but slowed down: one attempt per delay, doubling from a second up to
 * `maxDelayMs`, so a stranger's wrong guesses delay the owner's right password by at most that long.
 * Failures are forgotten after `windowMs` without an attempt.
 */
export class Backoff {
  private readonly keys = new Map<string, { count: number; lastAt: number; nextAt: number }>();
  private readonly free: number;
  private readonly windowMs: number;
  private readonly maxDelayMs: number;
  private lastSweep = Date.now();

  constructor(free: number, windowMs: number, maxDelayMs: number) {
    this.free = free;
    this.windowMs = windowMs;
    this.maxDelayMs = maxDelayMs;
  }

  /** Reserves an attempt: 0 when it may go ahead, else the seconds to wait. */
  take(key: string, now = Date.now()): number {
    this.sweep(now);
    let k = this.keys.get(key);
    if (!k || now - k.lastAt > this.windowMs) {
      k = { count: 0, lastAt: now, nextAt: 0 };
      this.keys.set(key, k);
    }
    if (k.count >= this.free) {
      if (now < k.nextAt) return Math.max(1, Math.ceil((k.nextAt - now) / 1000));
      k.nextAt = now + Math.min(1000 * 2 ** (k.count - this.free), this.maxDelayMs);
    }
    k.count++;
    k.lastAt = now;
    return 0;
  }

  /** The attempt succeeded: the key's failures are forgotten. */
  reset(key: string): void {
    this.keys.delete(key);
  }

  /** The attempt is not to count as a failure, but earlier failures stand (a key shared by many accounts). */
  undo(key: string): void {
    const k = this.keys.get(key);
    if (k && k.count > 0) k.count--;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, k] of this.keys) if (now - k.lastAt > this.windowMs) this.keys.delete(key);
  }
}
