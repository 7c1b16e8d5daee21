// The limit of HTTP plus the database: a bare node:http server running the same queries as the server
// under test (the portal's own query code), on the same kind of database. With DATABASE_URL it reads the
// database the server under test seeded; otherwise its own embedded database with the same data.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import portal from '../../portal/src/index.ts';
import { getTeamWithMembership, listTeams } from '../../portal/src/teams/store.ts';
import { CORE_MIGRATIONS, migrate, openDb, type Db } from '../../server/src/db/index.ts';
import { seed, type Seeded } from '../seed.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-bench-db-'));
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const db: Db = await openDb({ databaseUrl, dataDir });
let seeded: Seeded;
if (databaseUrl) {
  seeded = JSON.parse(process.env.BENCH_SEEDED!);
} else {
  await migrate(db, [CORE_MIGRATIONS, { namespace: portal.name, dir: portal.migrationsDir! }]);
  seeded = await seed(db, Number(process.env.BENCH_TEAMS ?? 1000));
}

const routes: Record<string, () => Promise<unknown>> = {
  // The primary-key SELECT a device sign-in makes.
  '/pk': () =>
    db.query('SELECT u.id, u.username, u.disable_time FROM user_device d JOIN users u ON u.id = d.user_id WHERE d.id = $1', [seeded.deviceId]),
  '/team': () => getTeamWithMembership(db, seeded.teamId, seeded.userId),
  '/teams': () => listTeams(db, { limit: 20 }),
};

const server = http.createServer((req, res) => {
  const route = routes[req.url ?? ''];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  route().then(
    (rows) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    },
    (err) => {
      res.writeHead(500).end(String(err));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ port, pid: process.pid }));
});
process.on('SIGTERM', () =>
  server.close(() => {
    void db.close().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }),
);
