import fs from 'node:fs';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { lockDataDir } from './lock.ts';
import { openPglite, pgliteDb } from './pglite.ts';
import { postgresDb } from './postgres.ts';

export type { Db, Queryable } from './db.ts';
export { migrate, CORE_MIGRATIONS, type MigrationSet } from './migrate.ts';
export { DataDirInUse } from './lock.ts';
export { timedDb } from './timed.ts';

/**
 * The PostgreSQL server from DATABASE_URL, or the embedded database in DATA_DIR/db, locked for this process
 * until closed (DataDirInUse when another process has it open).
 */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) {
    const db = postgresDb(config.databaseUrl);
    await db.query('SELECT 1');
    return db;
  }
  const dir = `${config.dataDir}/db`;
  fs.mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir, 'server');
  let db: Db;
  try {
    db = pgliteDb(await openPglite(dir));
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    ...db,
    async close() {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
