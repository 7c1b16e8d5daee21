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
