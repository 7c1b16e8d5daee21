// Crash safety: a server process with the portal is killed (SIGKILL) in the middle of a storm of concurrent
// writes, then started again on the same data. Every write it acknowledged (a 2xx answer) must be there with
// its value, and nothing may be half-applied: wallets equal the sum of their ledgers, each counter kept on a
// row equals the rows it counts, a purchase and its ledger row go together. On the embedded database (PGlite
// in DATA_DIR) and, with DATABASE_URL set, on a fresh database of that PostgreSQL server.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { freshPostgres, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call, crowd, eventually, withKey, type Any } from './testing.ts';
import { crashChecks, type Acked, type User, type World } from './testing-crash.ts';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.resolve('@tribuna/server'))), 'main.ts');
const USERS = 24;
const TEAMS = 8;
/** The server is killed once this many writes were acknowledged (the others keep coming). */
const KILL_AFTER = 400;
/** Writes one user makes at most: the storm ends even if the server never gets that far. */
const OPS_PER_USER = 200;

/** Limits high enough that the storm is writes, not 429s: every user comes from 127.0.0.1. */
const LIMITS = {
  LIMIT_WRITES_PER_USER_MINUTE: '100000',
  LIMIT_WRITES_PER_ADDRESS_MINUTE: '1000000',
  LIMIT_CREATIONS_PER_USER_HOUR: '100000',
  LIMIT_REACTIONS_PER_USER_MINUTE: '100000',
  LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: '100000',
  LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '100000',
  REMINDER_TICK_SEC: '3600',
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** npm start's server as a child process on the project's Node; answers once it listens. */
async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Up to a minute: a fresh embedded database starts slowly on a busy machine.
  for (let i = 0; i < 1200 && !out.includes('listening') && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
  if (!out.includes('listening')) {
    child.kill('SIGKILL');
    await exited;
    assert.fail(`the server did not start:\n${out}`);
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

async function makeWorld(ts: TestServer): Promise<World> {
  const sessions = await crowd(ts, USERS);
  const users: User[] = await Promise.all(sessions.map(async (s) => {
    await withKey(ts, 'add_currency', { user_id: s.user_id, amount: 10_000, reason: 'стартовые коины' });
    const player = await call(ts, s, 'create_player', { first_name: 'Игрок', last_name: 'Проверочный' });
    return { id: s.user_id!, token: s.token, playerId: player.id };
  }));
  const teams = await Promise.all(sessions.slice(0, TEAMS).map(async (s, k) => {
    const team = await call(ts, s, 'create_team', { name: `Команда ${k} ${crypto.randomUUID().slice(0, 6)}` });
    await call(ts, s, 'add_team_player', { team_id: team.id, player_id: users[k].playerId });
    const chat = await call(ts, s, 'create_chat', { team_id: team.id });
    users[k].team = team.id;
    return { id: team.id as string, owner: s.user_id!, chat: chat.id as string };
  }));
  const matchTime = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const matches = await Promise.all(teams.map(async (t, k) =>
    (await call(ts, sessions[k], 'create_match', { owner_team_id: t.id, guest_team_id: teams[(k + 1) % TEAMS].id, match_time: matchTime })).id as string));
  const news = await Promise.all([0, 1, 2].map(async (i) =>
    (await call(ts, sessions[0], 'create_news', { name: `Новость номер ${i}`, description: '<p>Текст</p>', is_public: true })).id as string));
  return { users, teams, matches, news };
}

class Refused extends Error {}

/**
 * Every user writes at once, one write after another: the server is killed (onAck) while about one write
 * per user is in flight. Refusals (a conflict, a rule) are not acknowledged; a network error ends the user.
 */
function storm(url: string, world: World, onAck: (acked: Acked) => void): { acked: Acked; done: Promise<void> } {
  const acked: Acked = {
    total: 0, objects: [], counters: new Map(), messages: [], spends: [], payments: [], teams: [], requests: [], approvals: [],
    results: new Map(), events: [], friends: [], likes: new Map(), ratings: new Map(), pending: new Map(),
  };
  async function send(token: string, method: string, route: string, body: unknown): Promise<Any> {
    const res = await fetch(`${url}${route}`, { method, headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Refused(`${route}: ${res.status} ${text}`);
    if (!route.startsWith('/v2/rpc/list_')) {
      acked.total++;
      onAck(acked);
    }
    return text ? JSON.parse(text) : {};
  }
  const rpc = async (u: User, id: string, input: object): Promise<Any> => {
    const { payload } = await send(u.token, 'POST', `/v2/rpc/${id}`, JSON.stringify(input));
    return payload ? JSON.parse(payload) : {};
  };
  const chatOf = new Map(world.teams.map((t) => [t.id, t.chat]));

  async function worker(u: User, k: number): Promise<void> {
    const own = u.team ? [u.team] : [];
    // The key of this user's write in flight whose outcome decides a last value (see Acked.pending).
    let current: string | undefined;
    const pend = (key: string, value: unknown) => {
      current = key;
      acked.pending.set(key, value);
    };
    const requested = new Set<string>(own);
    let payments = 0;
    let made = 0;
    const ops: (() => Promise<void>)[] = [
      async () => {
        const key = crypto.randomUUID();
        const value = { n: acked.objects.length, by: u.id };
        const { acks } = await send(u.token, 'PUT', '/v2/storage', { objects: [{ collection: 'crash', key, value: JSON.stringify(value), permission_read: 1, permission_write: 1 }] });
        acked.objects.push({ user: u.id, key, value, version: acks[0].version });
      },
      async () => {
        const last = acked.counters.get(u.id);
        const n = (last?.n ?? 0) + 1;
        pend(`counter ${u.id}`, n);
        const { acks } = await send(u.token, 'PUT', '/v2/storage', {
          objects: [{ collection: 'crash', key: 'counter', value: JSON.stringify({ n }), version: last?.version ?? '*', permission_read: 1, permission_write: 1 }],
        });
        acked.counters.set(u.id, { n, version: acks[0].version });
      },
      async () => {
        // The user's own team, and those whose owner approved the user's player.
        const teams = [...own, ...acked.approvals.filter((a) => a.user === u.id).map((a) => a.team)];
        const team = teams[Math.floor(Math.random() * teams.length)];
        if (!team) return;
        const text = `Сообщение ${crypto.randomUUID()}`;
        const m = await rpc(u, 'send_message', { chat_id: chatOf.get(team), content: text });
        acked.messages.push({ id: m.id, chat: m.chat_id, text });
      },
      async () => {
        const amount = 1 + Math.floor(Math.random() * 5);
        const reason = `покупка ${crypto.randomUUID()}`;
        await rpc(u, 'spend_currency', { amount, reason });
        acked.spends.push({ user: u.id, amount, reason });
      },
      async () => {
        if (payments >= 3) return;
        payments++;
        const p = await rpc(u, 'create_payment', { pack_id: 'coins_100' });
        acked.payments.push({ user: u.id, id: p.payment_id });
      },
      async () => {
        if (made >= 2) return;
        made++;
        const t = await rpc(u, 'create_team', { name: `Новая ${crypto.randomUUID().slice(0, 8)}` });
        acked.teams.push({ id: t.id, owner: u.id });
      },
      async () => {
        const team = world.teams[Math.floor(Math.random() * TEAMS)].id;
        if (requested.has(team)) return;
        requested.add(team);
        const tp = await rpc(u, 'request_join_team_player', { team_id: team, player_id: u.playerId });
        acked.requests.push({ id: tp.id, team, user: u.id });
      },
      async () => {
        const like = Math.random() < 0.5;
        const news = world.news[Math.floor(Math.random() * world.news.length)];
        pend(`like ${u.id} ${news}`, like);
        await rpc(u, like ? 'like' : 'unlike', { news_id: news });
        acked.likes.set(`${u.id} ${news}`, like);
      },
      async () => {
        const news = world.news[Math.floor(Math.random() * world.news.length)];
        const rating = 1 + Math.floor(Math.random() * 5);
        pend(`rating ${u.id} ${news}`, rating);
        await rpc(u, 'rate_news', { news_id: news, rating });
        acked.ratings.set(`${u.id} ${news}`, rating);
      },
      async () => {
        const other = world.users[Math.floor(Math.random() * USERS)].id;
        if (other === u.id) return;
        await send(u.token, 'POST', `/v2/friend?ids=${other}`, undefined);
        acked.friends.push({ user: u.id, other });
      },
    ];
    // The teams' owners also run their teams: approve join requests (some as admins), report the
    // results of their home match, add its goals, confirm the result of their away match.
    if (k < TEAMS) {
      const team = world.teams[k].id;
      const home = world.matches[k];
      const away = world.matches[(k + TEAMS - 1) % TEAMS];
      ops.push(
        async () => {
          const { team_players } = await rpc(u, 'list_team_players', { team_ids: [team], is_confirmed: false, limit: 5 });
          if (!team_players.length) return;
          const role = Math.random() < 0.3 ? 1 : 0;
          const tp = team_players[0];
          await rpc(u, 'approve_team_player', { id: tp.id, team_role: role });
          acked.approvals.push({ id: tp.id, team, user: tp.user_id, role });
        },
        async () => {
          const score = { home: Math.floor(Math.random() * 6), guest: Math.floor(Math.random() * 6) };
          pend(`result ${home}`, score);
          await rpc(u, 'set_match_result', { match_id: home, home_score: score.home, guest_score: score.guest });
          acked.results.set(home, score);
        },
        async () => {
          const e = await rpc(u, 'add_match_event', { match_id: home, minute: 1 + Math.floor(Math.random() * 90), type: 'goal', team_id: team, player_id: u.playerId });
          acked.events.push(e.id);
        },
        async () => {
          await rpc(u, 'confirm_match_result', { match_id: away });
        },
      );
    }
    for (let i = 0; i < OPS_PER_USER; i++) {
      try {
        await ops[Math.floor(Math.random() * ops.length)]();
      } catch (err) {
        // A network error: the server is gone, and the write in flight stays pending.
        if (!(err instanceof Refused)) return;
      }
      if (current) acked.pending.delete(current);
      current = undefined;
    }
  }
  return {
    acked,
    done: Promise.all(world.users.map((u, k) => worker(u, k).then(() => {}))).then(() => {}),
  };
}

async function crashScenario(env: Record<string, string>): Promise<void> {
  const base = { ...LIMITS, WEB_DIST: 'none', RUNTIME_MODULES: '@tribuna/portal', DATABASE_URL: '', ...env };
  const setup = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], configuredDb: true, env: base });
  let world: World;
  try {
    world = await makeWorld(setup);
  } finally {
    await setup.close();
  }
  const server = await spawnServer(base);
  let killed = false;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  let acked: Acked;
  try {
    const s = storm(server.url, world, (a) => {
      if (a.total >= KILL_AFTER && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    });
    acked = s.acked;
    await s.done;
  } finally {
    server.child.kill('SIGKILL');
    await exited;
  }
  assert.ok(killed, `the storm ended before ${KILL_AFTER} writes were acknowledged (${acked.total}):\n${server.output().slice(-3000)}`);
  // The killed server's lock is left behind: the next start finds its process gone and takes it over.
  if (!env.DATABASE_URL) assert.ok(fs.existsSync(path.join(env.DATA_DIR, 'db.lock')));

  // The same data, opened again: the dead process's lock is taken over, the database recovers.
  const ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], configuredDb: true, env: base });
  try {
    // Test payments pending at the crash are confirmed at the start; wait for them before counting.
    await eventually(
      () => ts.app.nk.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment WHERE status = 'pending'`),
      (rows) => rows[0].n === 0,
    );
    await crashChecks(ts, world, acked);
  } finally {
    await ts.close();
  }
}

describe('crash safety: SIGKILL during concurrent writes', () => {
  it('on the embedded database: every acknowledged write survives, nothing is half-applied', async () => {
    const data = tempDir('tribuna-crash-');
    try {
      await crashScenario({ DATA_DIR: data.dir });
    } finally {
      data.remove();
    }
  });

  it('on a PostgreSQL server (DATABASE_URL)', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, async () => {
    const data = tempDir('tribuna-crash-');
    const created = await freshPostgres(process.env.DATABASE_URL!);
    try {
      await crashScenario({ DATA_DIR: data.dir, DATABASE_URL: created.url });
    } finally {
      await created.drop();
      data.remove();
    }
  });
});
