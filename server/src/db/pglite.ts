import { PGlite, types, type PGliteInterface } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';

// int8 stays a string, as node-postgres returns it: scores and counters may exceed 2^53.
const parsers = { [types.INT8]: (v: string) => v };
// Passed with every query too: a clone() does not inherit the parsers of its original.
const OPTIONS = { parsers };

function wrap(pg: Pick<PGliteInterface, "query">): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params, OPTIONS);
      return r.rows;
    },
    async execute(sql: string, params?: unknown[]) {
      const r = await pg.query(sql, params, OPTIONS);
      return r.affectedRows ?? 0;
    },
  };
}

export function pgliteDb(pg: PGliteInterface): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    // PGlite is a single connection: a transaction holds it exclusively, so nothing can conflict or retry.
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    async script(sql: string) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/** Opens (creating if needed) an embedded database in dataDir, or in memory when dataDir is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create({ dataDir, parsers });
}
