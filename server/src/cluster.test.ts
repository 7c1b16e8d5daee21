// Two real servers in one cluster: one PostgreSQL database (a fresh one, dropped afterwards) and one
// Redis (keys under a prefix of their own). Users connected to different nodes chat, follow each
// other's status, get notifications and party messages, are matched together, and a logout on one node
// closes the socket on the other. Skipped, saying so, when PostgreSQL or Redis does not answer on loopback.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { postgresDb } from './db/postgres.ts';
import type { Msg } from './encode.ts';
import { RedisBus } from './realtime/redis-bus.ts';
import { serializers } from './rt/serializers.ts';
import type { MatchHandler } from './runtime/match-types.ts';
import type { RuntimeModule } from './runtime/types.ts';
import {
  dropRedisKeys, freshPostgres, postgresAnswers, redisAnswers, sleep, startTestServer, TEST_PG_URL as PG_URL, TEST_REDIS_URL as REDIS_URL,
  type TestServer, type TestSession,
} from './testing/index.ts';

/** An authoritative match that echoes every message to everyone in it. */
const echoMatch: MatchHandler<Record<string, never>> = {
  matchInit: () => ({ state: {}, tickRate: 10, label: '{"mode":"echo"}' }),
  matchJoinAttempt: (_ctx, _d, _tick, state) => ({ state, accept: true }),
  matchJoin: (_ctx, _d, _tick, state) => ({ state }),
  matchLeave: (_ctx, _d, _tick, state) => ({ state }),
  matchLoop(_ctx, dispatcher, _tick, state, messages) {
    for (const m of messages) dispatcher.broadcastMessage(2, `echo ${new TextDecoder().decode(m.data)}`, null, m.sender);
    return { state };
  },
  matchTerminate: (_ctx, _d, _tick, state) => ({ state }),
  matchSignal: (_ctx, _d, _tick, state) => ({ state }),
};
const matchModule: RuntimeModule = {
  name: 'cluster-match-test',
  init(initializer) {
    initializer.registerMatch('echo', echoMatch);
  },
};

const [pgUp, redisUp] = await Promise.all([postgresAnswers(PG_URL), redisAnswers(REDIS_URL)]);
const skip = !pgUp ? `PostgreSQL does not answer at ${PG_URL}: cluster tests skipped`
  : !redisUp ? `Redis does not answer at ${REDIS_URL}: cluster tests skipped` : false;
if (skip) console.log(`# ${skip}`);

/** A raw JSON socket: everything it received, and waits for what it has yet to receive. */
interface Sock {
  ws: WebSocket;
  received: Msg[];
  /** The first message (received or to come) that satisfies pred. */
  waitFor(pred: (m: Msg) => boolean, what: string): Promise<Msg>;
  send(m: Msg): void;
  closed: Promise<number>;
}

function open(ts: TestServer, token: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}`);
    const received: Msg[] = [];
    const waiters: Array<() => void> = [];
    ws.on('message', (d) => {
      received.push(JSON.parse(d.toString()));
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    const waitFor = (pred: (m: Msg) => boolean, what: string) => new Promise<Msg>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`timed out waiting for ${what}`)), 8000);
      const check = () => {
        const m = received.find(pred);
        if (m) {
          clearTimeout(timer);
          res(m);
        } else waiters.push(check);
      };
      check();
    });
    ws.on('open', () => resolve({ ws, received, waitFor, closed, send: (m) => ws.send(JSON.stringify(m)) }));
    ws.on('error', reject);
  });
}

/** The promise's value, or a failure naming what did not happen in time. */
function within<T>(p: Promise<T>, what: string, ms = 8000): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))]);
}

let cid = 0;
/** Sends a request and waits for its answer (or error). */
async function request(s: Sock, m: Msg): Promise<Msg> {
  const id = String(++cid);
  s.send({ cid: id, ...m });
  const answer = await s.waitFor((x) => x.cid === id, `the answer to ${Object.keys(m)[0]}`);
  if (answer.error) throw new Error(`${Object.keys(m)[0]} failed: ${JSON.stringify(answer.error)}`);
  return answer;
}

describe('two nodes sharing PostgreSQL and Redis', { skip }, () => {
  let db: { url: string; drop: () => Promise<void> };
  const prefix = `tribuna-test:${crypto.randomUUID()}:`;
  let busA: RedisBus;
  let busB: RedisBus;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    db = await freshPostgres(PG_URL);
    busA = await RedisBus.connect({ url: REDIS_URL, serializers, node: 'node-a', prefix });
    busB = await RedisBus.connect({ url: REDIS_URL, serializers, node: 'node-b', prefix });
    const env = (node: string) => ({ DATABASE_URL: db.url, NODE_NAME: node, MATCHMAKER_INTERVAL_MS: '100' });
    a = await startTestServer({ env: env('node-a'), db: postgresDb(db.url, 4), bus: busA, modules: [matchModule] });
    b = await startTestServer({ env: env('node-b'), db: postgresDb(db.url, 4), bus: busB, modules: [matchModule] });
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await busA?.close();
    await busB?.close();
    await db?.drop();
    await dropRedisKeys(prefix);
  });

  /** A new account signed in through one node, and its socket on a node. */
  async function user(via: TestServer, on: TestServer): Promise<{ session: TestSession; sock: Sock }> {
    const session = await via.newSession();
    return { session, sock: await open(on, session.token) };
  }

  it('carries a room message and channel presence from a user on one node to a user on the other', async () => {
    const anna = await user(a, a);
    const boris = await user(b, b);
    const join = { channel_join: { target: 'cluster-room', type: 1, persistence: true } };
    const joinedB = await request(boris.sock, join);
    const channelId = (joinedB.channel as { id: string }).id;
    const joinedA = await request(anna.sock, join);
    assert.equal((joinedA.channel as { id: string }).id, channelId);
    await boris.sock.waitFor((m) => {
      const e = m.channel_presence_event as { joins?: Array<{ user_id: string }> } | undefined;
      return !!e?.joins?.some((p) => p.user_id === anna.session.user_id);
    }, "anna's join, seen on the other node");
    await request(anna.sock, { channel_message_send: { channel_id: channelId, content: '{"text":"Гол!"}' } });
    const got = await boris.sock.waitFor((m) => !!m.channel_message, 'the message on the other node');
    assert.equal((got.channel_message as { content: string }).content, '{"text":"Гол!"}');
    assert.equal((got.channel_message as { sender_id: string }).sender_id, anna.session.user_id);
    anna.sock.ws.close();
    await boris.sock.waitFor((m) => {
      const e = m.channel_presence_event as { leaves?: Array<{ user_id: string }> } | undefined;
      return !!e?.leaves?.some((p) => p.user_id === anna.session.user_id);
    }, "anna's leave, seen on the other node");
    boris.sock.ws.close();
  });

  it('carries a direct message between nodes', async () => {
    const anna = await user(a, a);
    const boris = await user(b, b);
    const dmB = await request(boris.sock, { channel_join: { target: anna.session.user_id, type: 2, persistence: true } });
    const dmA = await request(anna.sock, { channel_join: { target: boris.session.user_id, type: 2, persistence: true } });
    const channelId = (dmA.channel as { id: string }).id;
    assert.equal((dmB.channel as { id: string }).id, channelId);
    await request(boris.sock, { channel_message_send: { channel_id: channelId, content: '{"text":"Привет"}' } });
    const got = await anna.sock.waitFor((m) => !!m.channel_message, 'the direct message on the other node');
    assert.equal((got.channel_message as { content: string }).content, '{"text":"Привет"}');
    anna.sock.ws.close();
    boris.sock.ws.close();
  });

  it('shows the status of a user on one node to a follower on the other', async () => {
    const anna = await user(a, a);
    const boris = await user(b, b);
    await request(anna.sock, { status_update: { status: 'на матче' } });
    // The status reaches the other node's view through the bus a moment later (a busy machine makes the
    // moment longer): follow again until it is there, for at most 5 s.
    let presences: Array<{ user_id: string; status?: string }> = [];
    for (const until = Date.now() + 5000; Date.now() < until;) {
      const followed = await request(boris.sock, { status_follow: { user_ids: [anna.session.user_id] } });
      presences = (followed.status as { presences?: Array<{ user_id: string; status?: string }> }).presences ?? [];
      if (presences.length) break;
      await request(boris.sock, { status_unfollow: { user_ids: [anna.session.user_id] } });
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(presences.map((p) => [p.user_id, p.status]), [[anna.session.user_id, 'на матче']]);
    await request(anna.sock, { status_update: { status: 'в раздевалке' } });
    await boris.sock.waitFor((m) => {
      const e = m.status_presence_event as { joins?: Array<{ status?: string }> } | undefined;
      return !!e?.joins?.some((p) => p.status === 'в раздевалке');
    }, 'the status change on the other node');
    anna.sock.ws.close();
    await boris.sock.waitFor((m) => {
      const e = m.status_presence_event as { leaves?: Array<{ user_id: string }> } | undefined;
      return !!e?.leaves?.some((p) => p.user_id === anna.session.user_id);
    }, "anna going offline, seen on the other node");
    boris.sock.ws.close();
  });

  it('delivers a notification made on one node to the socket on the other, and shows who is online', async () => {
    const boris = await user(b, b);
    await a.app.nk.notificationSend(boris.session.user_id, 'Матч перенесён', { match: 1 }, 101);
    const got = await boris.sock.waitFor((m) => !!m.notifications, 'the notification on the other node');
    const list = (got.notifications as { notifications: Array<{ subject: string }> }).notifications;
    assert.deepEqual(list.map((n) => n.subject), ['Матч перенесён']);
    const deadline = Date.now() + 5000;
    while (!a.app.core.bus.isOnline(boris.session.user_id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(a.app.core.bus.isOnline(boris.session.user_id), true, 'online, as the other node sees it');
    boris.sock.ws.close();
  });

  it('carries party messages between a party on one node and a member on the other', async () => {
    const anna = await user(a, a);
    const boris = await user(b, b);
    const created = await request(anna.sock, { party_create: { open: true, max_size: 4 } });
    const partyId = (created.party as { party_id: string }).party_id;
    await request(boris.sock, { party_join: { party_id: partyId } });
    await boris.sock.waitFor((m) => !!m.party, 'the party, on joining from the other node');
    await request(anna.sock, { party_data_send: { party_id: partyId, op_code: '7', data: Buffer.from('вперёд').toString('base64') } });
    const got = await boris.sock.waitFor((m) => !!m.party_data, 'party data on the other node');
    assert.equal(Buffer.from((got.party_data as { data: string }).data, 'base64').toString(), 'вперёд');
    anna.sock.ws.close();
    boris.sock.ws.close();
  });

  it('runs an authoritative match on its node for players of both nodes', async () => {
    const matchId = await a.app.nk.matchCreate('echo', {});
    assert.ok(matchId.endsWith('.node-a'), matchId);
    const anna = await user(a, a);
    const boris = await user(b, b);
    await request(anna.sock, { match_join: { match_id: matchId } });
    const joined = await request(boris.sock, { match_join: { match_id: matchId } });
    const presences = ((joined.match as { presences?: Array<{ user_id: string }> }).presences ?? []).map((p) => p.user_id);
    assert.ok(presences.includes(anna.session.user_id), 'the other node\'s player listed on joining');
    await anna.sock.waitFor((m) => {
      const e = m.match_presence_event as { joins?: Array<{ user_id: string }> } | undefined;
      return !!e?.joins?.some((p) => p.user_id === boris.session.user_id);
    }, "boris's join, from the other node");
    boris.sock.send({ match_data_send: { match_id: matchId, op_code: '1', data: Buffer.from('пас').toString('base64') } });
    for (const p of [anna, boris]) {
      const got = await p.sock.waitFor((m) => !!m.match_data, 'the match broadcast');
      assert.equal(Buffer.from((got.match_data as { data: string }).data, 'base64').toString(), 'echo пас');
    }
    anna.sock.ws.close();
    boris.sock.ws.close();
  });

  it('matches players of both nodes together, each ticket once', async () => {
    const players = [await user(a, a), await user(b, b), await user(a, b), await user(b, a)];
    const tag = crypto.randomUUID().slice(0, 8);
    const tickets: string[] = [];
    for (const p of players) {
      const answer = await request(p.sock, { matchmaker_add: { query: `+properties.tag:${tag}`, min_count: 4, max_count: 4, string_properties: { tag } } });
      tickets.push((answer.matchmaker_ticket as { ticket: string }).ticket);
    }
    const matched = await Promise.all(players.map((p) => p.sock.waitFor((m) => !!m.matchmaker_matched, 'matchmaker_matched')));
    const tokens = new Set(matched.map((m) => (m.matchmaker_matched as { token: string }).token));
    assert.equal(tokens.size, 1, 'one match for all four');
    const users = (matched[0].matchmaker_matched as { users: Array<{ presence: { user_id: string } }> }).users;
    assert.deepEqual(users.map((u) => u.presence.user_id).sort(), players.map((p) => p.session.user_id).sort());
    await new Promise((r) => setTimeout(r, 500));
    for (const p of players) assert.equal(p.sock.received.filter((m) => m.matchmaker_matched).length, 1, 'matched once');
    assert.equal(a.app.core.matchmaker.size + b.app.core.matchmaker.size, 0, 'no ticket left in a pool');
    for (const p of players) p.sock.ws.close();
  });

  it('joins the cluster by configuration alone: REDIS_URL, REDIS_PREFIX and NODE_NAME', async () => {
    const c = await startTestServer({
      env: { DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, NODE_NAME: 'node-c' },
      db: postgresDb(db.url, 2),
    });
    try {
      assert.equal(c.app.core.bus.node, 'node-c');
      const carl = await user(c, c);
      await a.app.nk.notificationSend(carl.session.user_id, 'Третий узел', {}, 101);
      await carl.sock.waitFor((m) => !!m.notifications, 'the notification on the third node');
      carl.sock.ws.close();
    } finally {
      await c.close();
    }
    const deadline = Date.now() + 5000;
    while (a.app.core.bus.peers().includes('node-c') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(!a.app.core.bus.peers().includes('node-c'), 'the stopped node left the cluster');
  });

  it('closes the socket on the other node when the session logs out, and every socket on a ban', async () => {
    const client = a.client();
    const session = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const onB = await open(b, session.token);
    await client.sessionLogout(session, session.token, session.refresh_token);
    assert.equal(await onB.closed, 4001);

    const carl = await user(b, b);
    const onA = await open(a, carl.session.token);
    await b.app.nk.usersBanId([carl.session.user_id]);
    assert.equal(await carl.sock.closed, 4001);
    assert.equal(await onA.closed, 4001);
  });

  /** Cuts node A off from Redis (both of its connections) until the returned function is called. */
  function cutOff(bus: RedisBus): () => Promise<void> {
    const inside = (bus as unknown as { link: { cmd: Redis; sub: Redis } }).link;
    inside.sub.disconnect();
    inside.cmd.disconnect();
    return async () => {
      await Promise.all([inside.sub.connect(), inside.cmd.connect()]);
    };
  }

  it('is not ready while Redis does not answer, and closes the sockets of logouts it missed meanwhile once back', async () => {
    const client = b.client();
    const session = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const onA = await open(a, session.token);
    const reconnect = cutOff(busA);
    try {
      const ready = await fetch(`${a.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.deepEqual(((await ready.json()) as { checks: object }).checks, { database: 'ok', redis: 'unavailable' });
      await client.sessionLogout(session, session.token, session.refresh_token);
      await sleep(300);
      assert.equal(onA.ws.readyState, WebSocket.OPEN, 'node A did not hear of the logout while cut off');
    } finally {
      await reconnect();
    }
    assert.equal(await within(onA.closed, 'the socket closed once node A is back'), 4001);
    assert.equal((await fetch(`${a.url}/readyz`)).status, 200);
    // The ended session is refused on node A too.
    await assert.rejects(open(a, session.token));
  });

  it('sends the logouts made on a node while it was cut off to the others once back', async () => {
    const client = a.client();
    const session = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const onA = await open(a, session.token);
    const onB = await open(b, session.token);
    const reconnect = cutOff(busA);
    try {
      await client.sessionLogout(session, session.token, session.refresh_token);
      assert.equal(await within(onA.closed, 'the socket on the node of the logout closed at once'), 4001);
      await sleep(300);
      assert.equal(onB.ws.readyState, WebSocket.OPEN, 'node B did not hear of the logout yet');
    } finally {
      await reconnect();
    }
    assert.equal(await within(onB.closed, 'the socket on node B closed once node A is back'), 4001);
  });
});
