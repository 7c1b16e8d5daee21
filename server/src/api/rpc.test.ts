import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { notFound, resourceExhausted } from '../errors.ts';
import type { RuntimeModule } from '../runtime/types.ts';
import { errorOf, startTestServer, type TestServer, json } from '../testing/index.ts';

const testModule: RuntimeModule = {
  name: 'rpc-test',
  init(initializer) {
    initializer.registerRpc('Echo', (_ctx, payload) => payload);
    initializer.registerRpc('whoami', (ctx) =>
      JSON.stringify({ userId: ctx.userId ?? null, username: ctx.username ?? null, vars: ctx.vars ?? null, query: ctx.queryParams, session: ctx.sessionId ?? null }));
    initializer.registerRpc('nothing', () => undefined);
    initializer.registerRpc('missing_thing', () => {
      throw notFound('No such thing.');
    });
    initializer.registerRpc('too_fast', () => {
      throw resourceExhausted('Slow down.', 42);
    });
    initializer.registerRpc('crash', () => {
      throw new Error('secret internals');
    });
  },
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [testModule] });
});
after(() => ts.close());

describe('RPC over HTTP', () => {
  it('calls with a session: the client double-encodes, the payload comes back as JSON', async () => {
    const s = await ts.newSession();
    const r = await ts.client().rpc(s, 'echo', { hello: 'мир' });
    assert.deepEqual(r.payload, { hello: 'мир' });
    const w = await ts.client().rpc(s, 'whoami', {});
    assert.deepEqual(w.payload, { userId: s.user_id, username: s.username, vars: {}, query: {}, session: null });
  });

  it('lower-cases the id', async () => {
    const s = await ts.newSession();
    assert.deepEqual((await ts.client().rpc(s, 'ECHO', { a: 1 })).payload, { a: 1 });
  });

  it('answers {"payload":""} for a function that returns nothing, with no id', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/nothing`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: '"{}"' });
    assert.deepEqual(await json(res), { payload: '' });
  });

  it('answers 404 in the RPC shape for an unknown id', async () => {
    const s = await ts.newSession();
    const e = await errorOf(ts.client().rpc(s, 'no_such_rpc', {}));
    assert.equal(e.status, 404);
    assert.deepEqual(e.body, { error: 'RPC function not found', message: 'RPC function not found', code: 5 });
  });

  it('maps a function error to its status, and hides unexpected errors', async () => {
    const s = await ts.newSession();
    let e = await errorOf(ts.client().rpc(s, 'missing_thing', {}));
    assert.equal(e.status, 404);
    assert.deepEqual(e.body, { error: {}, message: 'No such thing.', code: 5 });
    e = await errorOf(ts.client().rpc(s, 'crash', {}));
    assert.equal(e.status, 500);
    assert.deepEqual(e.body, { error: {}, message: 'Internal error', code: 13 });
  });

  it('answers a refusal by a limit with 429 and Retry-After', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/too_fast`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: '"{}"' });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('retry-after'), '42');
    assert.equal(res.headers.get('access-control-expose-headers'), 'Retry-After');
    assert.deepEqual(await json(res), { error: {}, message: 'Slow down.', code: 8 });
    const other = await fetch(`${ts.url}/v2/rpc/missing_thing`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: '"{}"' });
    assert.equal(other.headers.get('retry-after'), null, 'only refusals by a limit');
  });

  it('rejects a body that is not a JSON string', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/echo`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: '{"a":1}' });
    assert.equal(res.status, 400);
    assert.deepEqual(await json(res), { error: 'Bad Request', message: 'json: cannot unmarshal object into Go value of type string', code: 3 });
  });

  it('with unwrap takes the raw body and returns the raw result as JSON', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/echo?unwrap`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
      body: '{"raw":true}',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.equal(await res.text(), '{"raw":true}');
  });

  it('with unwrap answers application/json whatever the request type, so no caller can have HTML served', async () => {
    const s = await ts.newSession();
    for (const type of ['text/html', 'text/html; charset=utf-8', 'image/svg+xml', undefined]) {
      const headers: Record<string, string> = { Authorization: `Bearer ${s.token}` };
      if (type) headers['Content-Type'] = type;
      const res = await fetch(`${ts.url}/v2/rpc/echo?unwrap`, { method: 'POST', headers, body: '<script>alert(1)</script>' });
      assert.equal(res.status, 200, type);
      assert.equal(res.headers.get('content-type'), 'application/json', type);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', type);
      assert.equal(await res.text(), '<script>alert(1)</script>');
    }
  });

  it('calls with the HTTP key: query parameter (the client) or Basic auth; no user', async () => {
    const r = await ts.client().rpcHttpKey('defaulthttpkey', 'whoami', { x: 1 });
    assert.deepEqual((r.payload as Record<string, unknown>).userId, null);
    // GET passes every query parameter but http_key to the function; the payload is empty.
    assert.deepEqual((r.payload as Record<string, unknown>).query, { payload: ['{"x":1}'] });
    const res = await fetch(`${ts.url}/v2/rpc/echo`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from('defaulthttpkey:').toString('base64') },
      body: JSON.stringify('{"b":2}'),
    });
    assert.deepEqual(await json(res), { payload: '{"b":2}' });
  });

  it('passes query parameters and vars named like Object.prototype members as plain names', async () => {
    const res = await fetch(`${ts.url}/v2/rpc/whoami?http_key=defaulthttpkey&__proto__=a&constructor=b&toString=c&__proto__=d`);
    assert.equal(res.status, 200);
    const body = (await json(res)) as { payload: string };
    assert.deepEqual(Object.entries(JSON.parse(body.payload).query), [['__proto__', ['a', 'd']], ['constructor', ['b']], ['toString', ['c']]]);
    const auth = await fetch(`${ts.url}/v2/account/authenticate/device`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64') },
      body: `{"id":"device-${crypto.randomUUID()}","vars":{"__proto__":"x","constructor":"y"}}`,
    });
    const { token } = (await json(auth)) as { token: string };
    const r = await fetch(`${ts.url}/v2/rpc/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    const vars = JSON.parse(((await json(r)) as { payload: string }).payload).vars;
    assert.deepEqual(Object.entries(vars), [['__proto__', 'x'], ['constructor', 'y']]);
  });

  it('refuses a wrong HTTP key, a bad token and no credentials with 401', async () => {
    let e = await errorOf(ts.client().rpcHttpKey('wrong', 'echo', {}));
    assert.equal(e.status, 401);
    assert.deepEqual(e.body, { error: 'HTTP key invalid', message: 'HTTP key invalid', code: 16 });
    const res = await fetch(`${ts.url}/v2/rpc/echo`, { method: 'POST', headers: { Authorization: 'Bearer nope' }, body: '""' });
    assert.deepEqual(await json(res), { error: 'Auth token invalid', message: 'Auth token invalid', code: 16 });
    const res2 = await fetch(`${ts.url}/v2/rpc/echo`, { method: 'POST', body: '""' });
    assert.equal(res2.status, 401);
    assert.deepEqual(await json(res2), { error: 'Auth token or HTTP key required', message: 'Auth token or HTTP key required', code: 16 });
    e = await errorOf(ts.client('defaultkey').rpcHttpKey('defaultkey', 'echo', {}));
    assert.equal(e.status, 401);
  });
});

describe('RPC over the socket', () => {
  it('answers with the payload; unknown ids and failures get their error codes', async () => {
    const s = await ts.newSession();
    const socket = ts.client().createSocket();
    await socket.connect(s, false);
    try {
      const r = await socket.rpc('echo', '{"via":"socket"}');
      assert.equal(r.id, 'echo');
      assert.equal(r.payload, '{"via":"socket"}');
      const w = await socket.rpc('whoami', '');
      assert.equal(JSON.parse(w.payload!).session !== null, true);
      await assert.rejects(socket.rpc('nope', ''), (e: { code: number; message: string }) => e.code === 6 && e.message === 'RPC function not found');
      await assert.rejects(socket.rpc('missing_thing', ''), (e: { code: number; message: string }) => e.code === 7 && e.message === 'No such thing.');
      await assert.rejects(socket.rpc('crash', ''), (e: { code: number; message: string }) => e.code === 7 && e.message === 'Internal error');
      // A refusal by a limit says when to try again in the envelope's context, as REST's 429 and Retry-After.
      await assert.rejects(socket.rpc('too_fast', ''), (e: { code: number; message: string; context?: Record<string, string> }) => {
        assert.deepEqual({ code: e.code, message: e.message, context: e.context }, { code: 7, message: 'Slow down.', context: { grpc_code: '8', retry_after: '42' } });
        return true;
      });
      await assert.rejects(socket.rpc('missing_thing', ''), (e: { context?: unknown }) => e.context === undefined);
    } finally {
      socket.disconnect(false);
    }
  });
});
