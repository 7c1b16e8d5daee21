// Helpers of the portal's tests: a server with the portal, users, calls, teams, uploads, refusals,
// paging and query plans. Not a test itself (no .test.ts), so the runner does not run it.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Session } from '@heroiclabs/nakama-js';
import sharp from 'sharp';
import type { Db, Queryable } from '@tribuna/server';
import { errorOf, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any;

/** gRPC codes of the answers the tests expect. */
export const Code = { Invalid: 3, NotFound: 5, AlreadyExists: 6, Denied: 7, Exhausted: 8, Precondition: 9, Unavailable: 14, Unauthenticated: 16 } as const;

/** A new signed-in e-mail account whose address is proven (as the code sent to it would). */
export async function registered(ts: TestServer): Promise<Session> {
  const email = `${crypto.randomUUID()}@example.com`;
  const s = await ts.client().authenticateEmail(email, 'password-123', true);
  assert.ok(await ts.app.core.accounts.confirmEmail(s.user_id!, email));
  return s;
}

/**
 * n new registered users, signed in by a proven e-mail address without a password: no password is hashed,
 * so a crowd for concurrency tests comes quickly.
 */
export async function crowd(ts: TestServer, n: number): Promise<Session[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const { userId, username } = await ts.app.nk.authenticateVerifiedEmail(`${crypto.randomUUID()}@example.com`);
      const tokens = ts.app.nk.authenticateTokenGenerate(userId, username);
      return Session.restore(tokens.token, tokens.refreshToken);
    }),
  );
}

export const call = async (ts: TestServer, s: Session, id: string, input: object = {}): Promise<Any> =>
  (await ts.client().rpc(s, id, input)).payload;

/** A server-to-server call with the HTTP key (the client's rpcHttpKey sends no payload). */
export async function withKey(ts: TestServer, id: string, input: object): Promise<Any> {
  const res = await fetch(`${ts.url}/v2/rpc/${id}?http_key=${ts.config.httpKey}`, {
    method: 'POST',
    body: JSON.stringify(JSON.stringify(input)),
  });
  if (!res.ok) throw res;
  const { payload } = (await res.json()) as { payload?: string };
  return payload ? JSON.parse(payload) : undefined;
}

/** Expects a refusal with this HTTP status, and the message and the gRPC code when given. */
export async function fails(p: Promise<unknown>, status: number, message?: string | RegExp, code?: number): Promise<void> {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
  if (code !== undefined) assert.equal(e.body.code, code, JSON.stringify(e.body));
}

/** Expects a refusal with this gRPC code and, when given, message. */
export async function failsWithCode(p: Promise<unknown>, code: number, message?: string | RegExp): Promise<void> {
  const e = await errorOf(p);
  assert.equal(e.body.code, code, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a small PNG through upload_file and answers its file id. */
export async function uploadPng(ts: TestServer, s: Session): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#20a040' } }).png().toBuffer();
  return (await call(ts, s, 'upload_file', { content: png.toString('base64'), format: 'image/png' })).uuid;
}

/**
 * A team created by owner through create_team, with an admin and a plain member: confirmed players of
 * theirs with team_role 1 and 0, written straight into team_player (the roster's rules are not tested here).
 */
export async function makeTeam(ts: TestServer, owner: Session, roles: { admin?: Session; member?: Session } = {}): Promise<string> {
  const db = ts.app.nk.db;
  const teamId: string = (await call(ts, owner, 'create_team', { name: `Команда ${crypto.randomUUID().slice(0, 8)}` })).id;
  let number = 1;
  for (const [session, role] of [[roles.admin, 1], [roles.member, 0]] as const) {
    if (!session) continue;
    const player = await call(ts, session, 'create_player', { first_name: 'Игрок', last_name: 'Тестовый' });
    await db.execute(
      `INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, team_role, number, is_confirmed)
       VALUES ($1, $2, $3, $4, $4, $5, $6, true)`,
      [crypto.randomUUID(), teamId, player.id, session.user_id, role, number++],
    );
  }
  return teamId;
}

/**
 * The people of a team's photo and video tests: the team's owner, an admin and a plain member of it,
 * a stranger with a team of their own, and a guest.
 */
export async function teamCast(ts: TestServer) {
  const [owner, admin, member, stranger, guest] = await Promise.all([
    registered(ts), registered(ts), registered(ts), registered(ts), ts.newSession(),
  ]);
  const teamId = await makeTeam(ts, owner, { admin, member });
  const otherTeamId = await makeTeam(ts, stranger);
  return { owner, admin, member, stranger, guest, teamId, otherTeamId };
}

/** Every page of a listing, following cursors; also checks that pages are no longer than the limit. */
export async function allPages(fetchPage: (cursor?: string) => Promise<Any>, key: string, limit: number): Promise<Any[]> {
  const out: Any[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetchPage(cursor);
    assert.ok(page[key].length <= limit);
    out.push(...page[key]);
    cursor = page.cursor;
    assert.ok(++pages < 100, 'the cursor does not end');
  } while (cursor);
  return out;
}

/** A Queryable that remembers the statements a store function runs, so a test can EXPLAIN them. */
function recording(db: Queryable): { db: Queryable; statements: [string, unknown[]][] } {
  const statements: [string, unknown[]][] = [];
  return {
    statements,
    db: {
      query: (sql, params) => (statements.push([sql, params ?? []]), db.query(sql, params)),
      execute: (sql, params) => (statements.push([sql, params ?? []]), db.execute(sql, params)),
    },
  };
}

export interface PlanOptions {
  /** Sorts allowed as the planner likes. */
  sorts?: boolean;
  /** EXPLAIN VERBOSE: each node's output columns too. */
  verbose?: boolean;
}

/**
 * The plan of a statement with sequential scans disabled, so the planner picks an index whenever one can
 * serve it, even on a tiny table; the test then names the index it expects. Unless `sorts` allows them,
 * sorts are made a last resort too, and a Sort left in the plan means no index serves the order.
 */
export async function planOf(db: Db, sql: string, params: unknown[], opts: PlanOptions = {}): Promise<string> {
  return db.tx(async (q) => {
    await q.execute('SET LOCAL enable_seqscan = off');
    if (!opts.sorts) await q.execute('SET LOCAL enable_sort = off');
    const rows = await q.query<Record<string, string>>(`EXPLAIN ${opts.verbose ? '(VERBOSE) ' : ''}${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/** Runs a listing twice (first page, then after its cursor) and answers the plans of the statements it ran. */
export async function pagePlans(
  db: Db,
  run: (db: Queryable, cursor?: string) => Promise<{ cursor?: string }>,
  opts: PlanOptions = {},
): Promise<string[]> {
  const r = recording(db);
  const first = await run(r.db);
  assert.ok(first.cursor, 'a second page to plan');
  await run(r.db, first.cursor);
  return Promise.all(r.statements.map(([sql, params]) => planOf(db, sql, params, opts)));
}

export interface Portal {
  ts: TestServer;
  /** A new signed-in e-mail account. */
  registered(): Promise<Session>;
  /** A new device (guest) account. */
  guest(): Promise<Session>;
  call(s: Session, id: string, input: object): Promise<Any>;
  /** A server-to-server call with the HTTP key (no session). */
  withKey(id: string, input: object): Promise<Any>;
  /** A team owned by s. */
  team(s: Session, input?: object): Promise<Any>;
  /** A player created by s. */
  player(s: Session, lastName?: string): Promise<Any>;
  /** A player of s, confirmed in the team by its owner; answers the TeamPlayer. */
  member(owner: Session, s: Session, teamId: string, input?: object): Promise<Any>;
  close(): Promise<void>;
}

/**
 * A server with the portal over a fresh data directory, and the calls the team tests make on it;
 * env overrides the configuration (e.g. small LIMIT_* settings).
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const data = tempDir('tribuna-teams-');
  const ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { ...env, DATA_DIR: data.dir } });
  const on = (s: Session, id: string, input: object) => call(ts, s, id, input);
  const portal: Portal = {
    ts,
    registered: () => registered(ts),
    guest: () => ts.newSession(),
    call: on,
    withKey: (id, input) => withKey(ts, id, input),
    team: (s, input = {}) => on(s, 'create_team', { name: `Команда ${crypto.randomUUID().slice(0, 8)}`, ...input }),
    player: (s, lastName = 'Игроков') => on(s, 'create_player', { first_name: 'Иван', last_name: lastName }),
    async member(owner, s, teamId, input = {}) {
      const p = await portal.player(s);
      const tp = await on(s, 'request_join_team_player', { team_id: teamId, player_id: p.id, ...input });
      return on(owner, 'approve_team_player', { id: tp.id });
    },
    async close() {
      await ts.close();
      data.remove();
    },
  };
  return portal;
}

/** The first value of fn that check accepts, asked every 100 ms; fails the test after ms. */
export async function eventually<T>(fn: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (check(value)) return value;
    assert.ok(Date.now() < end, `no accepted value within ${ms} ms; the last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
