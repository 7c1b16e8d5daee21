// What the bare database baselines share (http-db.ts, leaderboard-db.ts): the database the server under test
// seeded (BENCH_DATABASE_URL) or an embedded one of their own in a temporary directory, and a node:http
// server answering each route's rows as JSON, which prints its port and pid (and `info`) when it listens
// and removes its directory when stopped.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../server/src/db/index.ts';

export interface BareDb {
  db: Db;
  /** Whether the database is the server under test's, already seeded. */
  shared: boolean;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-bench-db-'));

export async function openBareDb(): Promise<BareDb> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  return { db: await openDb({ databaseUrl, dataDir }), shared: databaseUrl !== undefined };
}

export function serveRoutes(db: Db, routes: Record<string, () => Promise<unknown>>, info: Record<string, unknown> = {}): void {
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
    console.log(JSON.stringify({ port, pid: process.pid, ...info }));
  });
  process.on('SIGTERM', () =>
    server.close(() => {
      void db.close().then(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }),
  );
}
