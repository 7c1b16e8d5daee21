// Test helpers of the team photo and video RPC tests: users, teams with their managers, calls and refusals.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import sharp from 'sharp';
import type { Db, Queryable } from '@tribuna/server';
import { errorOf, type TestServer } from '@tribuna/server/testing';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any;

export const registered = (ts: TestServer) =>
  ts.client().authenticateEmail(`${crypto.randomUUID()}@example.com`, 'password-123', true);

export const call = async (ts: TestServer, s: Session, id: string, input: object): Promise<Any> =>
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

/** Expects a refusal with this HTTP status, and the gRPC code or message when given. */
export async function fails(p: Promise<unknown>, status: number, message?: string | RegExp, code?: number) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
  if (code !== undefined) assert.equal(e.body.code, code, JSON.stringify(e.body));
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

/** Uploads a small PNG through upload_file and answers its file id. */
export async function uploadPng(ts: TestServer, s: Session): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#20a040' } }).png().toBuffer();
  return (await call(ts, s, 'upload_file', { content: png.toString('base64'), format: 'image/png' })).uuid;
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
export function recording(db: Queryable): { db: Queryable; statements: [string, unknown[]][] } {
  const statements: [string, unknown[]][] = [];
  return {
    statements,
    db: {
      query: (sql, params) => (statements.push([sql, params ?? []]), db.query(sql, params)),
      execute: (sql, params) => (statements.push([sql, params ?? []]), db.execute(sql, params)),
    },
  };
}

/**
 * The plan of a statement with sequential scans and sorts made a last resort: whatever index can serve
 * the filter and the order is used even on a tiny table, and a Sort left in the plan means none can.
 */
export async function planOf(db: Db, sql: string, params: unknown[], opts: { sorts?: boolean } = {}): Promise<string> {
  return db.tx(async (q) => {
    await q.execute('SET LOCAL enable_seqscan = off');
    if (!opts.sorts) await q.execute('SET LOCAL enable_sort = off');
    const rows = await q.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
