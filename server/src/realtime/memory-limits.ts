// Limit counters in this process (one node): fixed windows and backoffs of memory-counters.ts, and rate
// limits of rate-limiter-flexible's memory store. A restart forgets them.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Backoff, RateLimiter } from './memory-counters.ts';
import type { BackoffLimit, LimitStore, RateLimit, WindowLimit } from './bus.ts';
import { NamedLimits, rateLimit, rateRule } from './limits.ts';

export class MemoryLimitStore implements LimitStore {
  private readonly named = new NamedLimits();

  window(name: string, limit: number, windowMs: number): WindowLimit {
    return this.named.get('w', name, `${limit}/${windowMs}`, () => {
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
    return this.named.get('b', name, `${free}/${windowMs}/${maxDelayMs}`, () => {
      const b = new Backoff(free, windowMs, maxDelayMs);
      return {
        take: async (key, now) => b.take(key, now),
        reset: async (key) => b.reset(key),
        undo: async (key) => b.undo(key),
      };
    });
  }

  rate(name: string, points: number, durationSec: number): RateLimit {
    return this.named.get('r', name, rateRule(name, points, durationSec), () =>
      rateLimit(new RateLimiterMemory({ keyPrefix: name, points, duration: durationSec })));
  }
}
