import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { DefaultSocket, Session, Socket, StatusPresenceEvent } from '@heroiclabs/nakama-js';
import { nextEvent, sleep, startTestServer, type TestServer } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

function rawSocket(query: string, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?${query}`, { headers });
    const inbox: Record<string, unknown>[] = [];
    const waiters: Array<(m: Record<string, unknown>) => void> = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      const w = waiters.shift();
      if (w) w(m);
      else inbox.push(m);
    });
    ws.on('open', () =>
      resolve({
        ws,
        next: () => (inbox.length ? Promise.resolve(inbox.shift()!) : nextEvent((r) => waiters.push(r), 3000, 'socket message')),
      }),
    );
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error('upgrade refused'), { status: res.statusCode })));
    ws.on('error', reject);
  });
}

async function connect(s: Session, status = false): Promise<Socket> {
  const socket = ts.client().createSocket();
  await socket.connect(s, status);
  return socket;
}

describe('socket connection', () => {
  it('refuses a missing or invalid token with 401 before the upgrade', async () => {
    await assert.rejects(rawSocket('lang=en&status=false'), (e: { status: number }) => e.status === 401);
    await assert.rejects(rawSocket('token=nonsense'), (e: { status: number }) => e.status === 401);
  });

  it('accepts the token in an Authorization header', async () => {
    const s = await ts.newSession();
    const { ws, next } = await rawSocket('status=false', { Authorization: `Bearer ${s.token}` });
    ws.send(JSON.stringify({ cid: '1', ping: {} }));
    assert.deepEqual(await next(), { cid: '1', pong: {} });
    ws.close();
  });

  it('refuses a logged-out token, and closes the sockets of that session', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const { ws } = await rawSocket(`token=${s.token}`);
    const closed = nextEvent<number>((r) => ws.on('close', (code) => r(code)), 3000, 'close');
    await client.sessionLogout(s, s.token, s.refresh_token);
    assert.equal(await closed, 4001);
    await assert.rejects(rawSocket(`token=${s.token}`), (e: { status: number }) => e.status === 401);
  });

  it('accepts format json and protobuf, and answers an unknown format with 400', async () => {
    const s = await ts.newSession();
    for (const format of ['json', 'protobuf']) (await rawSocket(`token=${s.token}&format=${format}`)).ws.close();
    await assert.rejects(rawSocket(`token=${s.token}&format=xml`), (e: { status: number }) => e.status === 400);
  });

  it('answers ping with pong through the npm client (its heartbeat)', async () => {
    const s = await ts.newSession();
    const socket = await connect(s);
    assert.ok(await (socket as DefaultSocket).send({ ping: {} }));
    socket.disconnect(false);
  });
});

describe('malformed frames', () => {
  it('get error envelopes and the socket stays usable', async () => {
    const s = await ts.newSession();
    const { ws, next } = await rawSocket(`token=${s.token}`);
    ws.send('not json at all');
    assert.deepEqual(await next(), { error: { code: 3, message: 'Received message is not valid JSON.' } });
    ws.send(JSON.stringify({ cid: '2', no_such_message: {} }));
    assert.deepEqual(await next(), { cid: '2', error: { code: 1, message: 'Unrecognized message: no_such_message' } });
    ws.send(JSON.stringify({ cid: '3' }));
    assert.equal(((await next()).error as { code: number }).code, 2);
    ws.send(JSON.stringify({ cid: '4', rpc: 'not an object' }));
    assert.equal(((await next()).error as { code: number }).code, 3);
    ws.send(JSON.stringify({ cid: '5', status_follow: { user_ids: ['bad id'] } }));
    const e = await next();
    assert.equal(e.cid, '5');
    assert.equal((e.error as { code: number }).code, 3);
    ws.send('[]');
    assert.equal(((await next()).error as { code: number }).code, 3);
    ws.send(JSON.stringify({ cid: '6', ping: {} }));
    assert.deepEqual(await next(), { cid: '6', pong: {} });
    ws.close();
  });

  it('answers names of Object.prototype members as unknown messages, revealing nothing', async () => {
    const s = await ts.newSession();
    const { ws, next } = await rawSocket(`token=${s.token}`);
    const names = ['constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'toString', 'isPrototypeOf', '__defineGetter__'];
    for (const [i, name] of names.entries()) {
      // Written by hand: JSON.stringify would drop a '__proto__' key set through an object literal.
      ws.send(`{"cid":"${i}","${name}":{}}`);
      const reply = await next();
      assert.deepEqual(reply, { cid: String(i), error: { code: 1, message: `Unrecognized message: ${name}` } }, name);
    }
    ws.send(JSON.stringify({ cid: 'after', ping: {} }));
    assert.deepEqual(await next(), { cid: 'after', pong: {} });
    ws.close();
  });

  it('a binary frame or an oversized frame closes only that socket', async () => {
    const s = await ts.newSession();
    const a = await rawSocket(`token=${s.token}`);
    const closedA = nextEvent<number>((r) => a.ws.on('close', (c) => r(c)));
    a.ws.send(Buffer.from([1, 2, 3]));
    assert.equal(await closedA, 1003);
    const b = await rawSocket(`token=${s.token}`);
    const closedB = nextEvent<number>((r) => b.ws.on('close', (c) => r(c)));
    b.ws.send(JSON.stringify({ cid: '1', rpc: { id: 'x', payload: 'y'.repeat(5000) } }));
    assert.equal(await closedB, 1009);
    const res = await fetch(`${ts.url}/healthcheck`);
    assert.equal(res.status, 200);
  });
});

describe('every socket message with malformed bodies', () => {
  it('answers each with a reply or an error envelope and keeps serving', async () => {
    const names = ['ping', 'rpc', 'status_follow', 'status_unfollow', 'status_update', 'channel_join', 'channel_leave',
      'channel_message_send', 'channel_message_update', 'channel_message_remove', 'match_create', 'match_join', 'match_leave',
      'match_data_send', 'matchmaker_add', 'matchmaker_remove', 'party_create', 'party_join', 'party_leave', 'party_promote',
      'party_accept', 'party_remove', 'party_close', 'party_join_request_list', 'party_matchmaker_add', 'party_matchmaker_remove',
      'party_data_send'];
    const bodies = [null, [], 'text', 42, { target: 7, type: 'x', channel_id: {}, content: 5, user_ids: 'x', id: [] },
      { target: '', type: 3 }, { target: 'not-a-uuid', type: 2 }, { channel_id: '4.a.b.', message_id: 'x', content: '{' },
      { match_id: 5, name: 7, token: 'a.b.c', metadata: [1], presences: 'x', op_code: 'abc', data: '***' },
      { match_id: `${crypto.randomUUID()}.`, data: '***', presences: [{ session_id: 5 }] },
      { party_id: `${crypto.randomUUID()}.nakama`, presence: 'me', max_size: -1, open: 'yes', min_count: 'two', ticket: 3,
        string_properties: [1], numeric_properties: { a: 'x' }, query: '+' }];
    const s = await ts.newSession();
    const { ws, next } = await rawSocket(`token=${s.token}`);
    let cid = 0;
    for (const name of names) {
      for (const body of bodies) {
        ws.send(JSON.stringify({ cid: String(++cid), [name]: body }));
        // A match or party made on the way sends its presence events, which carry no cid.
        let reply = await next();
        while (reply.cid === undefined && !reply.error) reply = await next();
        assert.equal(reply.cid, String(cid), `${name} ${JSON.stringify(body)}`);
        if (reply.error) assert.notEqual((reply.error as { code: number }).code, 0, `${name} ${JSON.stringify(body)}: ${JSON.stringify(reply)}`);
      }
    }
    ws.send(JSON.stringify({ cid: 'last', ping: {} }));
    assert.deepEqual(await next(), { cid: 'last', pong: {} });
    ws.close();
  });
});

describe('status', () => {
  it('follow returns who is online; followers see joins, updates and leaves (also on disconnect)', async () => {
    const alice = await ts.newSession(`alice_${Date.now()}`);
    const bob = await ts.newSession(`bob_${Date.now()}`);
    const aliceSocket = await connect(alice, true);
    const bobSocket = await connect(bob, false);

    const status = await bobSocket.followUsers([alice.user_id]);
    assert.equal(status.presences.length, 1);
    assert.equal(status.presences[0].user_id, alice.user_id);
    assert.equal((status.presences[0] as { status?: string }).status, '');

    const updated = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    await aliceSocket.updateStatus('Смотрю матч');
    const ev = await updated;
    assert.equal((ev.joins[0] as { status?: string }).status, 'Смотрю матч');
    assert.equal((ev.leaves[0] as { status?: string }).status, '');

    const offline = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    await aliceSocket.updateStatus(undefined);
    assert.equal((await offline).leaves[0].user_id, alice.user_id);

    const back = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    await aliceSocket.updateStatus('');
    assert.equal((await back).joins[0].user_id, alice.user_id);

    const gone = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    aliceSocket.disconnect(false);
    const leave = await gone;
    assert.equal(leave.leaves[0].user_id, alice.user_id);
    assert.equal(leave.joins, undefined);
    bobSocket.disconnect(false);
  });

  it('a second socket with status=true is a join; unfollow stops events; follow by username works', async () => {
    const alice = await ts.newSession(`alice2_${Date.now()}`);
    const bob = await ts.newSession();
    const bobSocket = await connect(bob);
    const s = await (bobSocket as DefaultSocket).send({ status_follow: { usernames: [alice.username] } }) as { status: { presences?: unknown[] } };
    assert.equal(s.status.presences, undefined);

    const joined = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    const aliceSocket = await connect(alice, true);
    assert.equal((await joined).joins[0].user_id, alice.user_id);

    await bobSocket.unfollowUsers([alice.user_id]);
    let received = false;
    bobSocket.onstatuspresence = () => {
      received = true;
    };
    await aliceSocket.updateStatus('busy');
    await sleep(100);
    assert.equal(received, false);
    aliceSocket.disconnect(false);
    bobSocket.disconnect(false);
  });

  it('online in users reflects a connected socket', async () => {
    const a = await ts.newSession();
    const socket = await connect(a);
    const u = await ts.client().getUsers(a, [a.user_id]);
    assert.equal(u.users![0].online, true);
    socket.disconnect(false);
    await sleep(50);
    const u2 = await ts.client().getUsers(a, [a.user_id]);
    assert.equal(u2.users![0].online, undefined);
  });
});

describe('notifications', () => {
  it('are pushed live to every socket of the user, persistent ones also listed', async () => {
    const s = await ts.newSession();
    const one = await connect(s);
    const two = await connect(s);
    const got1 = nextEvent<{ subject?: string; content?: unknown; code?: number }>((r) => (one.onnotification = r));
    const got2 = nextEvent<{ subject?: string }>((r) => (two.onnotification = r));
    await ts.app.nk.notificationSend(s.user_id, 'Новая заявка', { team: 'Зенит' }, 101, null, true);
    const n = await got1;
    assert.equal(n.subject, 'Новая заявка');
    assert.deepEqual(n.content, { team: 'Зенит' });
    assert.equal(n.code, 101);
    assert.equal((await got2).subject, 'Новая заявка');
    const list = await ts.client().listNotifications(s, 10);
    assert.equal(list.notifications!.length, 1);
    assert.equal(list.notifications![0].persistent, true);
    one.disconnect(false);
    two.disconnect(false);
  });

  it('modules may not send system codes (0 and below)', async () => {
    const s = await ts.newSession();
    await assert.rejects(ts.app.nk.notificationSend(s.user_id, 'x', {}, -2), /above 0/);
  });
});
