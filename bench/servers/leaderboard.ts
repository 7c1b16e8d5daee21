// The server under test of the leaderboard section: the real app (no module) on a fresh database seeded
// with one board of `BENCH_LEADERBOARD_ROWS` records; the board's rank cache is loaded before it reports,
// timed, with the longest stall of the event loop while it loaded.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/log.ts';
import { BOARD, seedLeaderboard, WRITER } from '../leaderboard-seed.ts';
import { benchDatabase, sleep } from '../lib.ts';

const rows = Number(process.env.BENCH_LEADERBOARD_ROWS ?? 1_000_000);
const { dataDir, databaseUrl, drop } = await benchDatabase('tribuna_bench_lb');
const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEB_DIST: 'none',
  RUNTIME_MODULES: 'none',
  // One user sends every write: the bench measures the server's work, not the write limit's refusals.
  LIMIT_WRITES_PER_USER_MINUTE: '1000000',
});
const logger = createLogger('error', { to: process.stderr });
const app = await createApp(config, { logger });
const { ownerId, seedSeconds } = await seedLeaderboard(app.core.db, rows);

const lbs = app.core.leaderboards;
const board = await lbs.get(BOARD);
const expiry = lbs.expiryOf(board, new Date());
const rssBefore = process.memoryUsage().rss;
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const started = Date.now();
while (!lbs.ranks.tree(BOARD, expiry, true)) await sleep(20);
const loadSeconds = (Date.now() - started) / 1000;
loop.disable();
const cacheMb = (process.memoryUsage().rss - rssBefore) / (1024 * 1024);

const port = await app.listen();
const token = app.core.sessions.issue(WRITER, 'bench_writer').token;
console.log(JSON.stringify({ port, pid: process.pid, token, databaseUrl, ownerId, seedSeconds, loadSeconds, loadMaxStallMs: loop.max / 1e6, cacheMb }));

process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await drop();
    process.exit(0);
  });
});
