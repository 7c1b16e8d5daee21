// Test helpers: a real server on a free port over a fresh database, and the official client pointed at it.
// PGlite by default (one migrated template per process, cloned per server); with DATABASE_URL, a new
// database on that PostgreSQL server per test server, dropped afterwards.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import WebSocket from 'ws';
import { Client, type Session } from '@heroiclabs/nakama-js';

/** A session whose user id and username are known to be set (the client types them optional). */
export type TestSession = Session & { user_id: string; username: string };
import { createApp, loadModules, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { CORE_MIGRATIONS, migrate, type Db, type MigrationSet } from '../db/index.ts';
import { openPglite, pgliteDb } from '../db/pglite.ts';
import { postgresDb } from '../db/postgres.ts';
import { createLogger, type Logger } from '../log.ts';
import type { Bus } from '../realtime/bus.ts';
import { RedisBus } from '../realtime/redis-bus.ts';
import { serializers } from '../rt/serializers.ts';
import type { RuntimeModule } from '../runtime/types.ts';
import { dropRedisKeys, TEST_PG_URL, TEST_REDIS_URL } from './cluster.ts';

// The npm client expects browser globals. Its heartbeat reads `window && window.console`: a declared
// but undefined `window` keeps that from throwing without making PGlite believe it runs in a browser.
(globalThis as Record<string, unknown>).WebSocket = WebSocket;
if (!('window' in globalThis)) (globalThis as Record<string, unknown>).window = undefined;

export interface TestServer {
  app: App;
  port: number;
  url: string;
  config: Config;
  /** A client of the official npm package for this server. */
  client(serverKey?: string): Client;
  /** A new device account, signed in. */
  newSession(username?: string): Promise<TestSession>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  modules?: RuntimeModule[];
  /** Module specifiers to load (default: none). */
  moduleSpecifiers?: string[];
  /** Reuse this database (restart tests); it is not dropped on close. */
  db?: Db;
  /**
   * Open the database the configuration names (DATA_DIR, or DATABASE_URL in env), as npm start does, and
   * close it with the server: a test that shares its database with a server process of its own.
   */
  configuredDb?: boolean;
  /** The bus to run on instead of a LocalBus of its own; the caller closes it. */
  bus?: Bus;
  /**
   * The server's logger, for tests of what it logs (default: TEST_LOG_LEVEL, silent; with TEST_LOG_FILE set,
   * debug lines appended to that file).
   */
  logger?: Logger;
}

let template: Promise<PGlite> | undefined;
let templateSets = '';

async function pgliteTemplate(sets: MigrationSet[]): Promise<PGlite> {
  const key = sets.map((s) => s.dir).join('|');
  if (!template || templateSets !== key) {
    templateSets = key;
    template = (async () => {
      const t = await openPglite(undefined);
      await migrate(pgliteDb(t), sets);
      return t;
    })();
  }
  return template;
}

/** A new empty database on the PostgreSQL server of DATABASE_URL; drop() removes it. */
export async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tribuna_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export async function freshDb(modules: RuntimeModule[] = []): Promise<{ db: Db; drop: () => Promise<void> }> {
  const sets: MigrationSet[] = [CORE_MIGRATIONS, ...modules.filter((m) => m.migrationsDir).map((m) => ({ namespace: m.name, dir: m.migrationsDir! }))];
  const url = process.env.DATABASE_URL;
  if (url) {
    const created = await freshPostgres(url);
    const db = postgresDb(created.url, 4);
    return {
      db,
      async drop() {
        await db.close().catch(() => {});
        await created.drop();
      },
    };
  }
  const t = await pgliteTemplate(sets);
  const db = pgliteDb(await t.clone());
  return { db, drop: async () => {} };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_FORMAT: 'json',
    WEB_DIST: 'none',
    RUNTIME_MODULES: 'none',
    DATA_DIR: path.join(os.tmpdir(), 'tribuna-test-unused'),
    // Every test account comes from 127.0.0.1: tests of this limit set their own.
    LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '1000000',
    // The portal's reminder passes would notify the users of a long test file's events in the middle of its
    // counts: they run by the hour unless a test asks for them (or runs one itself).
    REMINDER_TICK_SEC: '3600',
    ...env,
  });
}

/** A test server's default logger: TEST_LOG_FILE collects every line at debug (a whole run's log to search). */
function testLogger(config: Config): Logger {
  const file = process.env.TEST_LOG_FILE;
  return file ? createLogger('debug', { to: path.resolve(file) }) : createLogger(config.logLevel);
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const config = testConfig(opts.env);
  const modules = [...(opts.modules ?? []), ...(await loadModules(opts.moduleSpecifiers ?? []))];
  const fresh = opts.db || opts.configuredDb ? { db: opts.db, drop: async () => {} } : await freshDb(modules);
  const app = await createApp(config, { db: fresh.db, modules, logger: opts.logger ?? testLogger(config), bus: opts.bus });
  const port = await app.listen();
  const clients: Client[] = [];
  const ts: TestServer = {
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    config,
    client(serverKey = config.serverKey) {
      const c = new Client(serverKey, '127.0.0.1', String(port), false, 7000, true);
      clients.push(c);
      return c;
    },
    async newSession(username) {
      return (await ts.client().authenticateDevice(`device-${crypto.randomUUID()}`, true, username)) as TestSession;
    },
    async close() {
      await app.close();
      await fresh.drop();
    },
  };
  return ts;
}

/** A temporary directory removed by the returned function. */
export function tempDir(prefix = 'tribuna-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Resolves with the next value a callback-style listener receives, or rejects after ms. */
export function nextEvent<T>(subscribe: (resolve: (v: T) => void) => void, ms = 3000, what = 'event'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    subscribe((v) => {
      clearTimeout(timer);
      resolve(v);
    });
  });
}

/** The AppError a core call fails with; anything else, or no failure, fails the test. */
export async function appErrorOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof AppError, String(e));
    return e;
  }
  throw new Error('expected a failure');
}

/** Reads the status and JSON body of an error the client threw (it throws the fetch Response). */
export async function errorOf(p: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) {
      const text = await e.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text);
      } catch {
        body = { text };
      }
      return { status: e.status, body };
    }
    throw e;
  }
  throw new Error('expected the call to fail');
}

/** A fetch response's JSON body, typed loosely for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(res: Response): Promise<any> {
  return res.json();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { tableDigests, type TableDigest } from './tables.ts';
export { assertValidOpenApi } from './openapi.ts';
export { dropRedisKeys, postgresAnswers, redisAnswers, TEST_PG_URL, TEST_REDIS_URL } from './cluster.ts';

/**
 * Nodes of one cluster (node-1, node-2, ...): test servers sharing a fresh PostgreSQL database and a Redis
 * under a key prefix of their own, each on a RedisBus. close() stops them and removes the database and keys.
 * For tests that run when PostgreSQL and Redis answer on loopback (postgresAnswers, redisAnswers).
 */
export async function startTestCluster(n: number, opts: Omit<TestServerOptions, 'db' | 'bus'> = {}): Promise<{ nodes: TestServer[]; close(): Promise<void> }> {
  const database = await freshPostgres(TEST_PG_URL);
  const prefix = `tribuna-test:${crypto.randomUUID()}:`;
  const nodes: TestServer[] = [];
  const buses: RedisBus[] = [];
  const close = async () => {
    for (const ts of nodes) await ts.close();
    for (const bus of buses) await bus.close();
    await database.drop();
    await dropRedisKeys(prefix);
  };
  try {
    for (let i = 1; i <= n; i++) {
      const node = `node-${i}`;
      const bus = await RedisBus.connect({ url: TEST_REDIS_URL, serializers, node, prefix });
      buses.push(bus);
      nodes.push(await startTestServer({ ...opts, env: { ...opts.env, DATABASE_URL: database.url, NODE_NAME: node }, db: postgresDb(database.url, 4), bus }));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { nodes, close };
}
export { startSmtpServer, type ParsedMail, type TestSmtpServer } from './smtp.ts';
export { startOidcProvider, type OidcAccount, type OidcProviderOptions, type TestOidcProvider } from './oidc.ts';
export { fuzzSettings, nastyJson, nastyString } from './fuzz.ts';
export { startAppleIap, type AppleReceipt, type AppleReceiptItem, type TestAppleIap } from './apple-iap.ts';
export { startGooglePlay, type TestGooglePlay } from './google-play.ts';
export { startHuaweiIap, type TestHuaweiIap } from './huawei-iap.ts';
export { startTokenIssuer, type TestTokenIssuer } from './token-issuer.ts';
export {
  signPlayerInfo, startFacebookGraph, startGameCenterKeys, startSteamApi,
  type FacebookUser, type GameCenterSignature, type TestFacebookGraph, type TestGameCenterKeys, type TestSteamApi,
} from './social-providers.ts';
