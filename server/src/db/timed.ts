// A Db whose every statement is timed (the metrics): queries and executes, inside transactions too.
import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from './db.ts';

/** Called once per statement: when it started (performance.now()) and whether it failed. */
export type StatementMeter = (start: number, failed: boolean) => void;

function timed(q: Queryable, meter: StatementMeter): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const start = performance.now();
      try {
        const rows = await q.query<T>(sql, params);
        meter(start, false);
        return rows;
      } catch (err) {
        meter(start, true);
        throw err;
      }
    },
    async execute(sql: string, params?: unknown[]) {
      const start = performance.now();
      try {
        const n = await q.execute(sql, params);
        meter(start, false);
        return n;
      } catch (err) {
        meter(start, true);
        throw err;
      }
    },
  };
}

export function timedDb(db: Db, meter: StatementMeter): Db {
  const pool = db.pool;
  return {
    kind: db.kind,
    ...timed(db, meter),
    tx: (fn) => db.tx((q) => fn(timed(q, meter))),
    script: (sql) => db.script(sql),
    close: () => db.close(),
    ...(pool ? { pool: () => pool.call(db) } : {}),
  };
}
