// Helpers shared by the tests of teams, roster, locker room and calendar: a portal server, users, teams, players.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';

/** gRPC codes of the answers the tests expect. */
export const Code = { Invalid: 3, NotFound: 5, AlreadyExists: 6, Denied: 7, Precondition: 9, Unauthenticated: 16 } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

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

export async function startPortal(): Promise<Portal> {
  const data = tempDir('tribuna-teams-');
  const ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  const call = async (s: Session, id: string, input: object): Promise<Any> => (await ts.client().rpc(s, id, input)).payload;
  const portal: Portal = {
    ts,
    registered: () => ts.client().authenticateEmail(`${crypto.randomUUID()}@example.com`, 'password-123', true),
    guest: () => ts.newSession(),
    call,
    async withKey(id, input) {
      const res = await fetch(`${ts.url}/v2/rpc/${id}?http_key=${ts.config.httpKey}`, {
        method: 'POST',
        body: JSON.stringify(JSON.stringify(input)),
      });
      if (!res.ok) throw res;
      const { payload } = (await res.json()) as { payload?: string };
      return payload ? JSON.parse(payload) : undefined;
    },
    team: (s, input = {}) => call(s, 'create_team', { name: `Команда ${crypto.randomUUID().slice(0, 8)}`, ...input }),
    player: (s, lastName = 'Игроков') => call(s, 'create_player', { first_name: 'Иван', last_name: lastName }),
    async member(owner, s, teamId, input = {}) {
      const p = await portal.player(s);
      const tp = await call(s, 'request_join_team_player', { team_id: teamId, player_id: p.id, ...input });
      return call(owner, 'approve_team_player', { id: tp.id });
    },
    async close() {
      await ts.close();
      data.remove();
    },
  };
  return portal;
}

/** Asserts that a call fails with a gRPC code and, when given, a message. */
export async function fails(p: Promise<unknown>, code: number, message?: string | RegExp): Promise<void> {
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

/**
 * The plan of a statement with sequential scans disabled, so the planner picks an index whenever one can
 * serve it, even on a tiny table; the test then names the index it expects.
 */
export async function planOf(ts: TestServer, sql: string, params: unknown[]): Promise<string> {
  return ts.app.nk.db.tx(async (q) => {
    await q.execute('SET LOCAL enable_seqscan = off');
    const rows = await q.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}
