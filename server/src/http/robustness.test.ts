// Every route, fed malformed input: answers are client errors, never 500s, and the server stays up.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { RuntimeModule } from '../runtime/types.ts';
import { nextEvent, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

// RPCs that take whatever they are given: what reaches them is what the transports let through.
const echoModule: RuntimeModule = {
  name: 'robustness-echo',
  init(initializer) {
    initializer.registerRpc('echo', (_ctx, payload) => payload);
    initializer.registerRpc('query', (ctx) => JSON.stringify(ctx.queryParams));
  },
};

let ts: TestServer;
let s: TestSession;
before(async () => {
  ts = await startTestServer({ modules: [echoModule] });
  s = await ts.newSession();
});
after(() => ts.close());

const BODIES = [
  '{"',
  '[]',
  '"text"',
  'null',
  '{"id": {"nested": [1, 2]}, "name": 12, "ids": "x", "objects": [1], "object_ids": {}, "limit": -1}',
  '{"value": "{\\"a\\": \\"\\u0000\\"}", "collection": "c", "key": "k", "objects": [{"collection": "c", "key": "k", "value": "{\\"a\\": 1e999999}"}]}',
  JSON.stringify({ name: 'x'.repeat(5000), token: 'a.b.c', email: '@', password: 1, vars: { a: 1 } }),
];
const PARAMS = ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%00', "'; DROP TABLE users; --", 'x'.repeat(300)];
const QUERIES = ['', 'limit=abc', 'limit=100000', 'state=-1', 'cursor=%%%', 'ids=nope&user_ids=nope&usernames=', 'forward=maybe&create=maybe'];

describe('malformed input on every route', () => {
  it('never produces a server error', async () => {
    const routes = ts.app.routes.routes();
    const failures: string[] = [];
    for (const r of routes) {
      // A fresh account per route: logout and account deletion are among the routes.
      s = await ts.newSession();
      for (const param of PARAMS) {
        const path = r.path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        for (const qs of QUERIES) {
          for (const body of r.method === 'GET' ? [''] : BODIES) {
            const headers: Record<string, string> = {
              Authorization: r.auth === 'basic' ? 'Basic ' + Buffer.from('defaultkey:').toString('base64') : `Bearer ${s.token}`,
            };
            const res = await fetch(`${ts.url}${path}?${qs}`, { method: r.method, headers, body: body || undefined });
            if (res.status >= 500 && res.status !== 501) failures.push(`${r.method} ${path}?${qs} ${body.slice(0, 40)} -> ${res.status} ${await res.text()}`);
            else await res.arrayBuffer();
          }
        }
      }
    }
    assert.deepEqual(failures, []);
    const ok = await fetch(`${ts.url}/healthcheck`);
    assert.equal(ok.status, 200);
    // The fuzzing logged the session out and deleted its account, cleanly: a new one works.
    const fresh = await ts.newSession();
    assert.equal((await ts.client().getAccount(fresh)).user!.id, fresh.user_id);
  });
});

// U+0000 and a lone UTF-16 surrogate are text PostgreSQL cannot store (jsonb refuses both escapes; text
// cannot hold U+0000): wherever a client puts them, the answer is InvalidArgument naming the field, never a
// server error. U+0000 arrives raw (%00 in a query, a raw byte in an unwrapped RPC body); both arrive as
// JSON escapes, either in a request body (decoding to the character in a field) or inside JSON text that
// the server parses itself (storage values, message content). A lone surrogate cannot arrive raw: invalid
// UTF-8 in a query or a body decodes to U+FFFD.
const unstorableIn = (field: string) => `${field}: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).`;

for (const [title, X] of [['NUL characters', '\u0000'], ['lone UTF-16 surrogates', '\ud800']] as const) describe(title, () => {
  const isNul = X === '\u0000';
  const nul = unstorableIn;
  const NUL_VALUE = unstorableIn('value');

  it('in any query parameter or body field answer 400 on REST', async () => {
    const me = await ts.newSession();
    const other = await ts.newSession();
    const basic = 'Basic ' + Buffer.from('defaultkey:').toString('base64');
    const device = { id: `device-${crypto.randomUUID()}` };
    // [method, path and query, body (sent as JSON: the character in it becomes its escape), expected message]
    // Raw in a query (%00): only U+0000 (invalid UTF-8 for a surrogate decodes to U+FFFD).
    const raw: [string, string, unknown, string][] = [
      ['GET', '/v2/user?usernames=%00', undefined, nul('usernames')],
      ['GET', `/v2/user?usernames=${encodeURIComponent(other.username)}&usernames=a%00b`, undefined, nul('usernames')],
      ['GET', '/v2/user?ids=%00', undefined, nul('ids')],
      ['GET', '/v2/user?facebook_ids=%00', undefined, nul('facebook_ids')],
      ['POST', '/v2/friend?usernames=%00', undefined, nul('usernames')],
      ['DELETE', '/v2/friend?usernames=%00', undefined, nul('usernames')],
      ['POST', '/v2/friend/block?usernames=%00', undefined, nul('usernames')],
      ['POST', '/v2/friend?ids=%00', undefined, nul('ids')],
      ['GET', '/v2/friend?cursor=%00', undefined, nul('cursor')],
      ['GET', '/v2/friend?limit=1%00', undefined, nul('limit')],
      ['GET', '/v2/group?name=%00', undefined, nul('name')],
      ['GET', '/v2/group?name=a%00', undefined, nul('name')],
      ['GET', '/v2/group?lang_tag=%00', undefined, nul('lang_tag')],
      ['GET', '/v2/group?langTag=en%00', undefined, nul('lang_tag')],
      ['GET', '/v2/notification?cacheable_cursor=%00', undefined, nul('cacheable_cursor')],
      ['GET', '/v2/storage/c?cursor=%00', undefined, nul('cursor')],
      ['POST', '/v2/account/authenticate/device?username=a%00b', device, nul('username')],
    ];
    const cases: [string, string, unknown, string][] = [
      ...(isNul ? raw : []),
      ['POST', '/v2/account/authenticate/device', { id: `device-${X}-1234` }, nul('id')],
      ['POST', '/v2/account/authenticate/device', { ...device, vars: { k: `v${X}` } }, nul('vars')],
      ['POST', '/v2/account/authenticate/device', { ...device, vars: { [`k${X}`]: 'v' } }, nul('vars')],
      ['POST', '/v2/account/authenticate/email', { email: `a${X}@example.com`, password: 'password-123' }, nul('email')],
      ['POST', '/v2/account/session/refresh', { token: me.refresh_token, vars: { k: `${X}` } }, nul('vars')],
      ['PUT', '/v2/account', { display_name: `${X}` }, nul('display_name')],
      ['PUT', '/v2/account', { username: `a${X}b` }, nul('username')],
      ['PUT', '/v2/account', { langTag: `en${X}` }, nul('lang_tag')],
      ['POST', '/v2/event', { name: `e${X}` }, nul('name')],
      ['POST', '/v2/event', { name: 'e', properties: { a: `${X}` } }, nul('properties')],
      ['POST', '/v2/event', { name: 'e', properties: { [`${X}`]: 'a' } }, nul('properties')],
      ['POST', '/v2/group', { name: `g${X}` }, nul('name')],
      ['POST', '/v2/group', { name: 'g', description: `${X}` }, nul('description')],
      ['POST', '/v2/storage', { object_ids: [{ collection: `c${X}`, key: 'k' }] }, nul('collection')],
      ['PUT', '/v2/storage', { objects: [{ collection: 'c', key: `k${X}`, value: '{}' }] }, nul('key')],
      ['PUT', '/v2/storage', { objects: [{ collection: 'c', key: 'k', value: `{"a":"${X}"}` }] }, nul('value')],
      // The value's own \u0000 escape, in a string and in a key: JSON text the server parses and stores as jsonb.
      ['PUT', '/v2/storage', { objects: [{ collection: 'c', key: 'k', value: JSON.stringify({ a: `x${X}` }) }] }, NUL_VALUE],
      ['PUT', '/v2/storage', { objects: [{ collection: 'c', key: 'k', value: JSON.stringify({ a: [{ [`${X}`]: 1 }] }) }] }, NUL_VALUE],
      ['PUT', '/v2/storage', { objects: [{ collection: 'c', key: 'k', value: '{}', version: `${X}` }] }, nul('version')],
      ['PUT', '/v2/storage/delete', { object_ids: [{ collection: 'c', key: `${X}` }] }, nul('key')],
      ['POST', '/v2/session/logout', { token: `${X}` }, nul('token')],
    ];
    const failures: string[] = [];
    for (const [method, url, body, message] of cases) {
      const auth = url.startsWith('/v2/account/authenticate') || url.startsWith('/v2/account/session') ? basic : `Bearer ${me.token}`;
      const text = body === undefined ? undefined : JSON.stringify(body);
      const res = await fetch(`${ts.url}${url}`, { method, headers: { Authorization: auth }, body: text });
      const got = await res.text();
      if (res.status !== 400 || got !== JSON.stringify({ code: 3, message })) failures.push(`${method} ${url} ${text ?? ''} -> ${res.status} ${got}`);
    }
    assert.deepEqual(failures, []);
    // A backslash before u0000 is plain text, not NUL: such a value is stored.
    const plain = JSON.stringify({ a: '\\u0000' });
    await ts.client().writeStorageObjects(me, [{ collection: 'c', key: 'plain', value: JSON.parse(plain) }]);
    const read = await ts.client().readStorageObjects(me, { object_ids: [{ collection: 'c', key: 'plain', user_id: me.user_id }] });
    assert.deepEqual(read.objects!.map((o) => o.value), [{ a: '\\u0000' }]);
    // Nothing refused was written, and the server keeps serving.
    assert.deepEqual((await ts.client().readStorageObjects(me, { object_ids: [{ collection: 'c', key: 'k', user_id: me.user_id }] })).objects, []);
    assert.equal((await ts.client().getAccount(me)).user!.id, me.user_id);
  });

  it('in an RPC payload or query parameter answers 400 in the RPC shape', async () => {
    const me = await ts.newSession();
    const post = (path: string, body: string | Buffer) =>
      fetch(`${ts.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${me.token}` }, body });
    // The payload as a JSON string whose \u0000 escape decodes to U+0000, and as a raw byte in an unwrapped body.
    const bodies: [string, string | Buffer][] = [['/v2/rpc/echo', JSON.stringify(`a${X}b`)]];
    if (isNul) bodies.push(['/v2/rpc/echo?unwrap', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x00, 0x22, 0x7d])]);
    for (const [path, body] of bodies) {
      const res = await post(path, body);
      assert.equal(res.status, 400, path);
      assert.deepEqual(await res.json(), { error: {}, message: nul('payload'), code: 3 });
    }
    if (isNul) {
      const q = await post('/v2/rpc/query?x=a%00b', '"{}"');
      assert.equal(q.status, 400);
      assert.deepEqual(await q.json(), { error: {}, message: nul('x'), code: 3 });
    }
    // The payload's own escapes are the module's to judge (the server cannot know it is JSON): echoed here.
    assert.deepEqual((await ts.client().rpc(me, 'echo', { a: `${X}` })).payload, { a: `${X}` });
    assert.deepEqual((await ts.client().rpc(me, 'query', {})).payload, {});
  });

  it('in any socket message answers BadInput and the socket keeps serving', async () => {
    const me = await ts.newSession();
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${me.token}`);
    // Replies by cid; events (presences, the room's messages) are not replies.
    const waiting = new Map<string, (m: Record<string, unknown>) => void>();
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      waiting.get(m.cid)?.(m);
    });
    await nextEvent((r) => ws.on('open', r), 3000, 'open');
    // Envelopes as JSON: a U+0000 in them is sent as the \u0000 escape, which the socket decodes.
    const ask = (envelope: Record<string, unknown>) => {
      const reply = nextEvent<Record<string, unknown>>((r) => waiting.set(envelope.cid as string, r), 3000, `reply ${envelope.cid}`);
      ws.send(JSON.stringify(envelope));
      return reply;
    };
    const joined = await ask({ cid: 'join', channel_join: { target: `nul ${crypto.randomUUID()}`, type: 1, persistence: true } });
    const channel_id = (joined.channel as { id: string }).id;
    const sent = await ask({ cid: 'send', channel_message_send: { channel_id, content: '{"a":1}' } });
    const message_id = (sent.channel_message_ack as { message_id: string }).message_id;
    const CONTENT = unstorableIn('content');
    const cases: [Record<string, unknown>, string][] = [
      [{ status_follow: { usernames: [`${X}`] } }, nul('usernames')],
      [{ status_follow: { usernames: [me.username, `a${X}b`] } }, nul('usernames')],
      [{ status_follow: { user_ids: [`${X}`] } }, nul('user_ids')],
      [{ status_unfollow: { user_ids: [`${X}`] } }, nul('user_ids')],
      [{ status_update: { status: `${X}` } }, nul('status')],
      [{ channel_join: { target: `room${X}`, type: 1 } }, nul('target')],
      [{ channel_leave: { channel_id: `${X}` } }, nul('channel_id')],
      // Content holding U+0000 itself, then JSON text with its own \u0000 escape (stored as jsonb).
      [{ channel_message_send: { channel_id, content: `{"a":"${X}"}` } }, nul('content')],
      [{ channel_message_send: { channel_id, content: JSON.stringify({ a: `${X}` }) } }, CONTENT],
      [{ channel_message_send: { channel_id, content: JSON.stringify({ [`${X}`]: [1] }) } }, CONTENT],
      [{ channel_message_update: { channel_id, message_id, content: JSON.stringify({ a: { b: `x${X}` } }) } }, CONTENT],
      [{ channel_message_remove: { channel_id, message_id: `${X}` } }, nul('message_id')],
      [{ rpc: { id: 'echo', payload: `a${X}b` } }, nul('payload')],
      [{ rpc: { id: `echo${X}` } }, nul('id')],
    ];
    const failures: string[] = [];
    for (const [i, [envelope, message]] of cases.entries()) {
      const reply = await ask({ cid: String(i), ...envelope });
      if (JSON.stringify(reply) !== JSON.stringify({ cid: String(i), error: { code: 3, message } })) {
        failures.push(`${JSON.stringify(envelope)} -> ${JSON.stringify(reply)}`);
      }
    }
    assert.deepEqual(failures, []);
    // The socket and the room still work; the refused messages were neither stored nor changed.
    assert.deepEqual(await ask({ cid: 'ping', ping: {} }), { cid: 'ping', pong: {} });
    const history = await ts.client().listChannelMessages(me, channel_id, 10, true);
    assert.deepEqual(history.messages!.map((m) => m.content), [{ a: 1 }]);
    ws.close();
  });
});
