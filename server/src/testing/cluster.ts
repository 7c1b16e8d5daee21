// What the cluster tests share: where PostgreSQL and Redis are on loopback, whether they answer (a test
// file is skipped, saying so, when one does not), and the clean-up of a test's Redis keys.
import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';

export const TEST_PG_URL = process.env.TEST_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether PostgreSQL answers a query at url within a second. */
export async function postgresAnswers(url = TEST_PG_URL): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Whether Redis answers PING at url within a second. */
export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port || 6379), u.hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Removes every Redis key under the prefixes (a test's own). */
export async function dropRedisKeys(...prefixes: string[]): Promise<void> {
  const r = new Redis(TEST_REDIS_URL);
  try {
    for (const p of prefixes) {
      const keys = await r.keys(`${p}*`);
      if (keys.length) await r.del(...keys);
    }
  } finally {
    await r.quit();
  }
}
