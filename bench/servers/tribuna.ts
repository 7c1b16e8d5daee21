// The server under test: the real app with the portal, the bench module and seeded data, on a fresh
// embedded database in a temporary directory, or a fresh database on the DATABASE_URL server.
import portal from '../../portal/src/index.ts';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/log.ts';
import bench from '../echo-module.ts';
import { benchDatabase } from '../lib.ts';
import { seed } from '../seed.ts';

const teams = Number(process.env.BENCH_TEAMS ?? 1000);
const { dataDir, databaseUrl, drop } = await benchDatabase('tribuna_bench');

const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEB_DIST: process.env.BENCH_WEB_DIST ?? 'none',
  RUNTIME_MODULES: 'none',
  // The load comes from one address.
  LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '1000000',
});
const app = await createApp(config, { modules: [portal, bench], logger: createLogger('error') });
const seeded = await seed(app.core.db, teams);
const port = await app.listen();
const token = app.core.sessions.issue(seeded.userId, 'bench_owner').token;
console.log(JSON.stringify({ port, pid: process.pid, token, databaseUrl, dataDir, ...seeded }));

process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await drop();
    process.exit(0);
  });
});
