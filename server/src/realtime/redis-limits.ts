// Limit counters in Redis, shared by every node of a cluster, with the in-memory ones' semantics: fixed
// windows and backoffs are hashes changed by Lua scripts of ours; rate limits are rate-limiter-flexible's
// Redis store (a counter with a TTL per key). Every key starts with the cluster's prefix.
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { BackoffLimit, LimitStore, RateLimit, WindowLimit } from './bus.ts';
import { NamedLimits, rateLimit, rateRule } from './limits.ts';

// Fixed windows (RateLimiter's semantics): hash {c: hits, r: window end (ms)}.
const WINDOW_SCRIPT = `
local op = ARGV[1]
local now = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local win = tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'c', 'r')
local c = tonumber(v[1])
local r = tonumber(v[2])
local live = c ~= nil and r > now
if op == 'hit' then
  if not live then
    redis.call('HSET', KEYS[1], 'c', 1, 'r', now + win)
    redis.call('PEXPIRE', KEYS[1], win)
    return 1
  end
  c = redis.call('HINCRBY', KEYS[1], 'c', 1)
  if c <= limit then return 1 end
  return 0
elseif op == 'blocked' then
  if live and c >= limit then return 1 end
  return 0
else
  if not live or c < limit then return 0 end
  return math.ceil((r - now) / 1000)
end
`;

// Slow-downs after failures (Backoff's semantics): hash {c: failures, l: last attempt, n: next allowed}.
const BACKOFF_SCRIPT = `
local op = ARGV[1]
if op == 'reset' then
  redis.call('DEL', KEYS[1])
  return 0
end
local v = redis.call('HMGET', KEYS[1], 'c', 'l', 'n')
local c = tonumber(v[1])
if op == 'undo' then
  if c ~= nil and c > 0 then redis.call('HINCRBY', KEYS[1], 'c', -1) end
  return 0
end
local now = tonumber(ARGV[2])
local free = tonumber(ARGV[3])
local win = tonumber(ARGV[4])
local maxd = tonumber(ARGV[5])
local l = tonumber(v[2])
local n = tonumber(v[3])
if c == nil or now - l > win then
  c = 0
  l = now
  n = 0
end
if c >= free then
  if now < n then return math.max(1, math.ceil((n - now) / 1000)) end
  n = now + math.min(1000 * 2 ^ (c - free), maxd)
end
c = c + 1
redis.call('HSET', KEYS[1], 'c', c, 'l', now, 'n', n)
redis.call('PEXPIRE', KEYS[1], win + maxd)
return 0
`;

type ScriptRunner = (key: string, ...args: Array<string | number>) => Promise<number>;

/** Limit counters in Redis, shared by every node of the cluster; one limit per name, as in memory. */
export class RedisLimitStore implements LimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly named = new NamedLimits();

  constructor(redis: Redis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
    redis.defineCommand('tribunaWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    redis.defineCommand('tribunaBackoff', { numberOfKeys: 1, lua: BACKOFF_SCRIPT });
  }

  private runner(name: 'tribunaWindow' | 'tribunaBackoff'): ScriptRunner {
    const r = this.redis as unknown as Record<string, ScriptRunner>;
    return (key, ...args) => r[name].call(this.redis, key, ...args);
  }

  window(name: string, limit: number, windowMs: number): WindowLimit {
    return this.named.get('w', name, `${limit}/${windowMs}`, () => {
      const run = this.runner('tribunaWindow');
      const k = (key: string) => `${this.prefix}w:${name}:${key}`;
      return {
        hit: async (key, now = Date.now()) => (await run(k(key), 'hit', now, limit, windowMs)) === 1,
        blocked: async (key, now = Date.now()) => (await run(k(key), 'blocked', now, limit, windowMs)) === 1,
        retryAfter: async (key, now = Date.now()) => run(k(key), 'retry', now, limit, windowMs),
        reset: async (key) => {
          await this.redis.del(k(key));
        },
      };
    });
  }

  backoff(name: string, free: number, windowMs: number, maxDelayMs: number): BackoffLimit {
    return this.named.get('b', name, `${free}/${windowMs}/${maxDelayMs}`, () => {
      const run = this.runner('tribunaBackoff');
      const k = (key: string) => `${this.prefix}b:${name}:${key}`;
      return {
        take: (key, now = Date.now()) => run(k(key), 'take', now, free, windowMs, maxDelayMs),
        reset: async (key) => {
          await run(k(key), 'reset');
        },
        undo: async (key) => {
          await run(k(key), 'undo');
        },
      };
    });
  }

  /**
   * Keys `<prefix>r:<name>:<key>`. A key refused on this node stays refused here, without asking Redis,
   * until its window ends (inMemoryBlockOnConsumed): a client hammering past its limit costs Redis nothing.
   */
  rate(name: string, points: number, durationSec: number): RateLimit {
    return this.named.get('r', name, rateRule(name, points, durationSec), () =>
      rateLimit(new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.prefix}r:${name}`,
        points,
        duration: durationSec,
        inMemoryBlockOnConsumed: points + 1,
      })));
  }
}
