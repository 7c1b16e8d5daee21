import pg from 'pg';
import { isRetryable, MAX_TX_ATTEMPTS, type Db, type Queryable } from './db.ts';

// int8 as string (the default), timestamps as Date, json/jsonb parsed: the same shapes PGlite gives.

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params as unknown[]);
      return r.rows as T[];
    },
    async execute(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params as unknown[]);
      return r.rowCount ?? 0;
    },
  };
}

export function postgresDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async tx(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          if (attempt < MAX_TX_ATTEMPTS && isRetryable(err)) continue;
          throw err;
        } finally {
          client.release();
        }
      }
    },
    async script(sql: string) {
      await pool.query(sql);
    },
    close: () => pool.end(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
