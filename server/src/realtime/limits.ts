// What both limit stores share: one limit per name, and rate-limiter-flexible's answers read as RateAnswer.
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateAnswer, RateLimit } from './bus.ts';

/**
 * Limits by name: a name asked for again with the same rule gives the same limit; with another rule it
 * is a mistake in the caller (two callers would count differently in the same counters).
 */
export class NamedLimits {
  private readonly limits = new Map<string, { rule: string; limit: unknown }>();

  get<T>(kind: string, name: string, rule: string, make: () => T): T {
    const key = `${kind}:${name}`;
    const found = this.limits.get(key);
    if (found) {
      if (found.rule !== rule) throw new Error(`Limit "${name}" is already defined with another rule (${found.rule}).`);
      return found.limit as T;
    }
    const limit = make();
    this.limits.set(key, { rule, limit });
    return limit;
  }
}

/** A rate limit's rule, checked: whole points and seconds (Redis keeps windows in seconds). */
export function rateRule(name: string, points: number, durationSec: number): string {
  if (!Number.isInteger(points) || points < 1 || !Number.isInteger(durationSec) || durationSec < 1) {
    throw new Error(`Limit "${name}" needs whole numbers of points and seconds above 0, got ${points} per ${durationSec} s.`);
  }
  return `${points}/${durationSec}`;
}

const ALLOWED: RateAnswer = Object.freeze({ allowed: true, retryAfterSec: 0 });

function refused(msBeforeNext: number): RateAnswer {
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/**
 * A RateLimit over a rate-limiter-flexible limiter (memory or Redis). The library rejects a refused
 * consume with its RateLimiterRes and a failing store with an Error, which is passed on.
 */
export function rateLimit(limiter: RateLimiterAbstract): RateLimit {
  return {
    async consume(key, cost = 1) {
      try {
        await limiter.consume(key, Math.max(1, Math.ceil(cost)));
        return ALLOWED;
      } catch (err) {
        if (err instanceof Error) throw err;
        return refused((err as RateLimiterRes).msBeforeNext);
      }
    },
    async peek(key) {
      const res = await limiter.get(key);
      return res !== null && res.consumedPoints >= limiter.points ? refused(res.msBeforeNext) : ALLOWED;
    },
    async add(key, cost) {
      if (cost > 0) await limiter.penalty(key, Math.ceil(cost));
    },
  };
}
