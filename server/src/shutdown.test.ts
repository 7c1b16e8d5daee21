// /healthz, /readyz and the graceful stop: not ready while draining, no new connections, sockets told to
// reconnect with 1012, in-flight requests answered, the rest cut after DRAIN_TIMEOUT_MS.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import WebSocket from 'ws';
import { RESTART_CLOSE_CODE, RESTART_CLOSE_REASON } from './rt/socket.ts';
import type { RuntimeModule } from './runtime/types.ts';
import { json, startTestServer, type TestServer } from './testing/index.ts';

/** An RPC that answers when the test lets it. */
function gated() {
  const waiting = new Map<string, () => void>();
  let started: () => void = () => {};
  const module: RuntimeModule = {
    name: 'gate',
    init(initializer) {
      initializer.registerRpc('slow', (_ctx, payload) => {
        started();
        return new Promise<string>((resolve) => waiting.set(payload, () => resolve(`{"done":"${payload}"}`)));
      });
    },
  };
  return {
    module,
    /** Resolves once `n` slow calls are waiting. */
    started(n: number) {
      return new Promise<void>((resolve) => {
        const check = () => (waiting.size >= n ? resolve() : undefined);
        started = () => setImmediate(check);
        check();
      });
    },
    release(name: string) {
      waiting.get(name)?.();
      waiting.delete(name);
    },
  };
}

/** A raw connection: writes requests as given (pipelined if several) and collects what comes back. */
function rawConnection(port: number) {
  const sock = net.connect(port, '127.0.0.1');
  let received = '';
  sock.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => sock.on('close', () => resolve()));
  sock.on('error', () => {});
  return {
    send: (text: string) => sock.write(text),
    received: () => received,
    closed,
    async until(pattern: RegExp, ms = 5000) {
      for (let t = 0; t < ms && !pattern.test(received); t += 20) await new Promise((r) => setTimeout(r, 20));
      assert.match(received, pattern);
    },
  };
}

/** A call of the slow RPC that the test releases by its one-letter name. */
const slowRpc = (name: string) => `POST /v2/rpc/slow?http_key=defaulthttpkey&unwrap HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n${name}`;
const readyz = 'GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n';

function openSocket(ts: TestServer, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('health endpoints', () => {
  it('/healthz answers while the process lives; /readyz says the database answers', async () => {
    const ts = await startTestServer({ env: { NODE_NAME: 'node7' } });
    try {
      const alive = await fetch(`${ts.url}/healthz`);
      assert.equal(alive.status, 200);
      assert.deepEqual(await json(alive), { alive: true, node: 'node7', draining: false });
      const ready = await fetch(`${ts.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await json(ready), { ready: true, node: 'node7', draining: false, checks: { database: 'ok' } });
      assert.equal((await fetch(`${ts.url}/readyz`, { method: 'HEAD' })).status, 200);
    } finally {
      await ts.close();
    }
  });

  it('/readyz answers 503 naming the dependency that does not answer', async () => {
    const ts = await startTestServer();
    // The database goes away under the running server.
    const db = ts.app.core.db;
    try {
      await db.close();
      const res = await fetch(`${ts.url}/readyz`);
      assert.equal(res.status, 503);
      assert.deepEqual(await json(res), { ready: false, node: 'nakama', draining: false, checks: { database: 'unavailable' } });
      assert.equal((await fetch(`${ts.url}/healthz`)).status, 200);
    } finally {
      await ts.app.close().catch(() => {});
    }
  });
});

describe('graceful stop', () => {
  it('stops accepting, reports not ready, tells sockets to reconnect, and answers the requests in flight', async () => {
    const gate = gated();
    const ts = await startTestServer({ modules: [gate.module] });
    const session = await ts.newSession();
    const ws = await openSocket(ts, session.token);
    const closeEvent = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

    // A request in flight, and another whose headers are still arriving when the stop begins.
    const a = rawConnection(ts.port);
    a.send(slowRpc('a'));
    const b = rawConnection(ts.port);
    b.send(readyz.slice(0, -2));
    await gate.started(1);

    const stopped = ts.app.shutdown();
    assert.deepEqual(await closeEvent, { code: RESTART_CLOSE_CODE, reason: RESTART_CLOSE_REASON });
    assert.equal(ts.app.health.draining, true);
    // New connections are refused.
    await assert.rejects(fetch(`${ts.url}/healthz`));

    // /readyz says the node is draining.
    b.send('\r\n');
    await b.until(/HTTP\/1\.1 503[\s\S]*"draining":true/);
    const readyBody = b.received().slice(b.received().indexOf('\r\n\r\n') + 4);
    assert.deepEqual(JSON.parse(readyBody), { ready: false, node: 'nakama', draining: true, checks: { database: 'ok' } });

    // The request in flight is answered, and then the node stops.
    gate.release('a');
    await a.until(/HTTP\/1\.1 200 OK[\s\S]*\{"done":"a"\}/);
    await stopped;
    await Promise.all([a.closed, b.closed]);
  });

  it('cuts what is still running after DRAIN_TIMEOUT_MS', async () => {
    const gate = gated();
    const ts = await startTestServer({ modules: [gate.module], env: { DRAIN_TIMEOUT_MS: '300' } });
    const a = rawConnection(ts.port);
    a.send(slowRpc('a'));
    await gate.started(1);
    await ts.app.shutdown();
    await a.closed;
    assert.equal(a.received(), '');
    gate.release('a');
  });

  it('refuses a socket that arrives on an open connection while draining', async () => {
    const ts = await startTestServer();
    const session = await ts.newSession();
    // The upgrade's headers are still arriving when the stop begins.
    const a = rawConnection(ts.port);
    a.send(`GET /ws?token=${session.token} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    const stopped = ts.app.shutdown();
    a.send('Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    await a.until(/HTTP\/1\.1 503 Service Unavailable[\s\S]*Server restarting/);
    await stopped;
    await assert.rejects(openSocket(ts, session.token));
  });
});
