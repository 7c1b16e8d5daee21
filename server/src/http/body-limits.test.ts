// Request bodies cannot hold the server's memory: credentials are checked before a body is read, bodies
// share a budget, a stalled body is dropped, and large bodies are only for RPCs that declare them.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { RuntimeModule } from '../runtime/types.ts';
import { startTestServer, type TestServer } from '../testing/index.ts';

const UPLOAD_CAP = 2 * 1024 * 1024;

const testModule: RuntimeModule = {
  name: 'body-limits-test',
  init(initializer) {
    initializer.registerRpc('small', (_ctx, payload) => String(payload.length));
    initializer.registerRpc('upload', (_ctx, payload) => String(payload.length), { maxBodyBytes: UPLOAD_CAP });
  },
};

interface RawAnswer {
  status: number;
  head: string;
  /** Whether the server closed the connection after answering. */
  closed: Promise<boolean>;
}

/**
 * Sends a request's head and the first `sent` bytes of a body of `declared` bytes, and resolves with the
 * answer's status as soon as it arrives, without sending the rest.
 */
function partialRequest(port: number, path: string, headers: Record<string, string>, declared: number, sent: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 5 s'));
    }, 5000);
    let data = '';
    const closed = new Promise<boolean>((r) => {
      socket.on('close', () => r(true));
      setTimeout(() => r(false), 3000).unref();
    });
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end !== -1) {
        clearTimeout(timer);
        const head = data.slice(0, end);
        resolve({ status: Number(head.split(' ')[1]), head, closed });
      }
    });
    socket.on('close', () => reject(new Error(`closed without an answer: ${JSON.stringify(data)}`)));
    const lines = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${declared}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(lines.join('\r\n') + '\r\n\r\n');
    if (sent > 0) socket.write(Buffer.alloc(sent, 0x61));
  });
}

let ts: TestServer;
let guestToken: string;
let registeredToken: string;

before(async () => {
  ts = await startTestServer({ modules: [testModule], env: { MAX_BODY_BYTES_IN_FLIGHT: String(3 * 1024 * 1024), BODY_IDLE_TIMEOUT_MS: '400', HEADERS_TIMEOUT_MS: '600' } });
  guestToken = (await ts.newSession()).token;
  const email = `body-${crypto.randomUUID()}@example.com`;
  const r = await ts.client().authenticateEmail(email, 'password-123', true);
  assert.ok(await ts.app.core.accounts.confirmEmail(r.user_id!, email));
  registeredToken = r.token;
});
after(() => ts.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('request bodies', () => {
  it('an RPC without valid credentials is answered 401 at once, its body unread, and the connection closed', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nonsense' }, { Authorization: 'Basic ' + Buffer.from('wrong:').toString('base64') }] as Record<string, string>[]) {
      const answer = await partialRequest(ts.port, '/v2/rpc/upload', headers, 8 * 1024 * 1024, 1024);
      assert.equal(answer.status, 401, JSON.stringify(headers));
      assert.ok(await answer.closed, 'the server does not wait for the rest of the body');
    }
    // The same for routes that need the server key or a session.
    assert.equal((await partialRequest(ts.port, '/v2/account/authenticate/device', {}, 200_000, 10)).status, 401);
    assert.equal((await partialRequest(ts.port, '/v2/account/link/device', {}, 200_000, 10)).status, 401);
  });

  it('large bodies only for RPCs that declare them, and only for registered users or the HTTP key', async () => {
    const body = JSON.stringify('x'.repeat(1024 * 1024));
    const post = (path: string, headers: Record<string, string>) => fetch(`${ts.url}${path}`, { method: 'POST', headers, body });
    const tooLarge = async (res: Response) => {
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { message: string }).message, 'Request body too large.');
    };
    await tooLarge(await post('/v2/rpc/small', bearer(registeredToken)));
    await tooLarge(await post('/v2/rpc/upload', bearer(guestToken)));
    const ok = await post('/v2/rpc/upload', bearer(registeredToken));
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { payload: String(1024 * 1024) });
    assert.equal((await post(`/v2/rpc/upload?http_key=${ts.config.httpKey}`, {})).status, 200);
    // Past the RPC's own cap, even for a registered user.
    const huge = await fetch(`${ts.url}/v2/rpc/upload`, { method: 'POST', headers: bearer(registeredToken), body: JSON.stringify('x'.repeat(UPLOAD_CAP)) });
    await tooLarge(huge);
  });

  it('bodies being received share one budget: past it a request is refused at once with 503', async () => {
    // Two stalled uploads of 1.5 MiB each fill the 3 MiB budget; a third is refused before its bytes come.
    const declared = 1.5 * 1024 * 1024;
    const first = partialRequest(ts.port, '/v2/rpc/upload', bearer(registeredToken), declared, 1);
    const second = partialRequest(ts.port, '/v2/rpc/upload', bearer(registeredToken), declared, 1);
    await new Promise((r) => setTimeout(r, 100));
    const third = await partialRequest(ts.port, '/v2/rpc/upload', bearer(registeredToken), declared, 1);
    assert.equal(third.status, 503);
    // The stalled ones are dropped after the idle timeout, and their share is given back.
    assert.equal((await first).status, 504);
    assert.ok(await (await first).closed);
    assert.equal((await second).status, 504);
    assert.equal(ts.app.server.listening, true);
    const ok = await fetch(`${ts.url}/v2/rpc/upload`, { method: 'POST', headers: bearer(registeredToken), body: JSON.stringify('y'.repeat(1024 * 1024)) });
    assert.equal(ok.status, 200);
  });

  it('a body that stops arriving is dropped after the idle timeout', async () => {
    const started = Date.now();
    const answer = await partialRequest(ts.port, '/v2/rpc/small', bearer(registeredToken), 1000, 10);
    assert.equal(answer.status, 504);
    assert.ok(await answer.closed);
    assert.ok(Date.now() - started < 2500, 'dropped well before the request timeout');
  });

  it('a client that sends its request head slower than the deadline is disconnected', async () => {
    const socket = net.connect(ts.port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    const closed = new Promise<number>((r) => socket.on('close', () => r(Date.now())));
    const started = Date.now();
    socket.write('GET /healthcheck HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One header every 100 ms, never the blank line that ends the head.
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 100);
    const at = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
    clearInterval(drip);
    socket.destroy();
    assert.notEqual(at, -1, 'still connected after 5 s');
    assert.ok(at - started < 2500, `disconnected after ${at - started} ms`);
    assert.match(answer, /^HTTP\/1\.1 408 /);
    // Prompt clients are unaffected.
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
  });

  it('a request head the parser refuses is answered in the error envelope', async () => {
    // Past Node's 16 KiB of request line and headers: 431, not a bare 400.
    const long = await fetch(`${ts.url}/v2/account?x=${'a'.repeat(20_000)}`);
    assert.equal(long.status, 431);
    assert.deepEqual(await long.json(), { code: 3, message: 'Request line and headers too large.' });
    // A head that is not HTTP at all.
    const socket = net.connect(ts.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.write('GET / HTTP/1.1\r\nBad Header Line\r\n\r\n');
    await closed;
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.equal(answer.slice(answer.indexOf('\r\n\r\n') + 4), JSON.stringify({ code: 3, message: 'Malformed HTTP request.' }));
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
  });
});
