// The server under test: the real app with the portal, the bench module and seeded data, on a fresh
// embedded database in a temporary directory, or a fresh database on the DATABASE_URL server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import portal from '../../portal/src/index.ts';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/log.ts';
import bench from '../echo-module.ts';
import { seed } from '../seed.ts';

const teams = Number(process.env.BENCH_TEAMS ?? 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-bench-'));
let databaseUrl: string | undefined;
let dropDb: (() => Promise<void>) | undefined;

if (process.env.DATABASE_URL) {
  const name = `tribuna_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  dropDb = async () => {
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
}

const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEB_DIST: process.env.BENCH_WEB_DIST ?? 'none',
  RUNTIME_MODULES: 'none',
});
const app = await createApp(config, { modules: [portal, bench], logger: createLogger('error') });
const seeded = await seed(app.core.db, teams);
const port = await app.listen();
const token = app.core.sessions.issue(seeded.userId, 'bench_owner').token;
console.log(JSON.stringify({ port, pid: process.pid, token, databaseUrl, dataDir, ...seeded }));

process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
