// The server under test: the real app with the portal, the bench module and seeded data, on a fresh
// embedded database in a temporary directory, or a fresh database on the DATABASE_URL server.
// A node of a cluster with BENCH_CLUSTER (JSON: the shared database, Redis, a key prefix, the node's
// name and whether it seeds): the database is the caller's, made and dropped by it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import portal from '../../portal/src/index.ts';
import { createApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/log.ts';
import { RedisBus } from '../../server/src/realtime/redis-bus.ts';
import { serializers } from '../../server/src/rt/serializers.ts';
import bench from '../echo-module.ts';
import { benchDatabase } from '../lib.ts';
import { seed } from '../seed.ts';

const teams = Number(process.env.BENCH_TEAMS ?? 1000);
const cluster = process.env.BENCH_CLUSTER
  ? (JSON.parse(process.env.BENCH_CLUSTER) as { databaseUrl: string; redisUrl: string; prefix: string; node: string; seed: boolean })
  : undefined;
const { dataDir, databaseUrl, drop } = cluster
  ? { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna_bench_node-')), databaseUrl: cluster.databaseUrl, drop: async () => {} }
  : await benchDatabase('tribuna_bench');

const config = loadConfig({
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  LOG_LEVEL: 'error',
  WEB_DIST: process.env.BENCH_WEB_DIST ?? 'none',
  RUNTIME_MODULES: 'none',
  // The load comes from one address, and a few users send all of it: the bench measures the server's
  // work, not the write limits' refusals (README: Performance).
  LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_WRITES_PER_USER_MINUTE: '1000000',
  LIMIT_WRITES_PER_ADDRESS_MINUTE: '1000000',
  LIMIT_CREATIONS_PER_USER_HOUR: '1000000',
  LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: '1000000',
  LIMIT_CHAT_BYTES_PER_USER_DAY: String(2 ** 40),
  NODE_NAME: cluster?.node ?? '',
});
// Errors to stderr: stdout carries the one JSON line the bench reads (port, token, ...).
const logger = createLogger('error', { to: process.stderr });
const bus = cluster
  ? await RedisBus.connect({ url: cluster.redisUrl, serializers, node: cluster.node, prefix: cluster.prefix, logger })
  : undefined;
const app = await createApp(config, { modules: [portal, bench], logger, bus });
const seeded = !cluster || cluster.seed ? await seed(app.core.db, teams) : undefined;
const port = await app.listen();
const token = seeded && app.core.sessions.issue(seeded.userId, 'bench_owner').token;
console.log(JSON.stringify({ port, pid: process.pid, token, databaseUrl, dataDir, ...seeded }));

process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await bus?.close();
    await drop();
    process.exit(0);
  });
});
