import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer, json } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ env: { MAX_REQUEST_SIZE_BYTES: '2048' } });
});
after(() => ts.close());

const basic = () => 'Basic ' + Buffer.from('defaultkey:').toString('base64');

describe('REST conventions', () => {
  it('GET /healthcheck answers {} without auth', async () => {
    const res = await fetch(`${ts.url}/healthcheck`);
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res), {});
    assert.equal(res.headers.get('cache-control'), 'no-store, no-cache, must-revalidate');
  });

  it('answers a preflight with 200, echoing the requested headers', async () => {
    const res = await fetch(`${ts.url}/v2/account`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'null',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-headers'), 'authorization,content-type');
  });

  it('refuses a preflight for a header outside the list with 403', async () => {
    const res = await fetch(`${ts.url}/v2/account`, {
      method: 'OPTIONS',
      headers: { Origin: 'null', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-custom' },
    });
    assert.equal(res.status, 403);
  });

  it('sets CORS on actual responses, errors included', async () => {
    const res = await fetch(`${ts.url}/v2/account`, { headers: { Origin: 'http://elsewhere.example' } });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
  });

  it('marks every answer nosniff: JSON, gzipped, errors, raw RPC answers and a refused socket', async () => {
    const s = await ts.newSession();
    const answers: [string, Response][] = [
      ['json', await fetch(`${ts.url}/healthcheck`)],
      ['json, HEAD', await fetch(`${ts.url}/healthcheck`, { method: 'HEAD' })],
      ['session json', await fetch(`${ts.url}/v2/account`, { headers: { Authorization: `Bearer ${s.token}`, 'Accept-Encoding': 'gzip' } })],
      ['401', await fetch(`${ts.url}/v2/account`)],
      ['404', await fetch(`${ts.url}/v2/nothing-here`)],
      ['501', await fetch(`${ts.url}/v2/account`, { method: 'POST' })],
      ['body too large', await fetch(`${ts.url}/v2/account/authenticate/device`, { method: 'POST', headers: { Authorization: basic() }, body: 'x'.repeat(5000) })],
      ['raw rpc', await fetch(`${ts.url}/v2/rpc/no_such_rpc?unwrap&http_key=defaulthttpkey`, { method: 'POST', body: '<b>' })],
      ['raw rpc auth', await fetch(`${ts.url}/v2/rpc/no_such_rpc`, { method: 'POST' })],
    ];
    for (const [what, res] of answers) {
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, what);
      await res.arrayBuffer();
    }
    const { get } = await import('node:http');
    const refused = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = get(`${ts.url}/ws?token=bad`, { headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' } });
      req.on('response', resolve);
      req.on('upgrade', () => reject(new Error('upgraded')));
      req.on('error', reject);
    });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['x-content-type-options'], 'nosniff');
    refused.resume();
  });

  it('answers an unknown path 404 and a wrong method 501 in the gateway shape', async () => {
    let res = await fetch(`${ts.url}/v2/nothing-here`);
    assert.equal(res.status, 404);
    assert.deepEqual(await json(res), { code: 5, message: 'Not Found' });
    res = await fetch(`${ts.url}/v2/account`, { method: 'POST' });
    assert.equal(res.status, 501);
    assert.deepEqual(await json(res), { code: 12, message: 'Method Not Allowed' });
  });

  it('answers /metrics 404 like any unknown path without METRICS_TOKEN, whatever the credentials', async () => {
    for (const headers of [{}, { Authorization: 'Bearer anything-at-all-0123456789' }]) {
      const res = await fetch(`${ts.url}/metrics`, { headers });
      assert.equal(res.status, 404);
      assert.deepEqual(await json(res), { code: 5, message: 'Not Found' });
    }
  });

  it('caps the request body', async () => {
    const res = await fetch(`${ts.url}/v2/account/authenticate/device`, {
      method: 'POST',
      headers: { Authorization: basic() },
      body: JSON.stringify({ id: 'x'.repeat(5000) }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await json(res), { code: 3, message: 'Request body too large.' });
  });

  it('answers a body that is not an object with 400', async () => {
    for (const body of ['[1,2]', '"text"', 'nul']) {
      const res = await fetch(`${ts.url}/v2/account/authenticate/device`, { method: 'POST', headers: { Authorization: basic() }, body });
      assert.equal(res.status, 400, body);
      assert.equal((await json(res)).code, 3);
    }
  });

  it('accepts a body-less POST with Content-Type: application/json', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/session/logout?`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res), {});
  });

  it('gzips larger responses when asked', async () => {
    const s = await ts.newSession();
    await ts.client().updateAccount(s, { display_name: 'Д'.repeat(255), location: 'L'.repeat(255), timezone: 'T'.repeat(255), avatar_url: 'a'.repeat(512) });
    const res = await fetch(`${ts.url}/v2/account`, { headers: { Authorization: `Bearer ${s.token}`, 'Accept-Encoding': 'gzip' } });
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    const body = await json(res);
    assert.equal(body.user.location, 'L'.repeat(255));
  });

  it('keeps the process alive after garbage requests', async () => {
    const net = await import('node:net');
    await new Promise<void>((resolve) => {
      const sock = net.connect(ts.port, '127.0.0.1', () => {
        sock.write('THIS IS NOT HTTP\r\n\r\n');
      });
      sock.on('data', () => {});
      sock.on('close', () => resolve());
      sock.on('error', () => resolve());
    });
    const res = await fetch(`${ts.url}/healthcheck`);
    assert.equal(res.status, 200);
  });

  it('reads a body that arrives in pieces, chunked, and pipelined requests with bodies', async () => {
    const net = await import('node:net');
    const auth = basic();
    const body = JSON.stringify({ id: 'piecewise-device-0001' });
    // One chunked request written in three pieces with pauses, then two pipelined requests in one write.
    const answer = await new Promise<string>((resolve, reject) => {
      let got = '';
      const sock = net.connect(ts.port, '127.0.0.1', async () => {
        const head = `POST /v2/account/authenticate/device?create=true HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nTransfer-Encoding: chunked\r\n\r\n`;
        const pieces = [body.slice(0, 5), body.slice(5, 12), body.slice(12)];
        sock.write(head);
        for (const p of pieces) {
          await new Promise((r) => setTimeout(r, 30));
          sock.write(`${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`);
        }
        sock.write('0\r\n\r\n');
        const one = (id: string) => {
          const b = JSON.stringify({ id });
          return `POST /v2/account/authenticate/device?create=true HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Length: ${b.length}\r\n\r\n${b}`;
        };
        await new Promise((r) => setTimeout(r, 30));
        sock.write(one('pipelined-device-0001') + one('pipelined-device-0002') + 'GET /healthcheck HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      sock.on('data', (d) => (got += d.toString()));
      sock.on('close', () => resolve(got));
      sock.on('error', reject);
    });
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => m[1]);
    assert.deepEqual(statuses, ['200', '200', '200', '200']);
    assert.equal((answer.match(/"token":"/g) ?? []).length, 3);
  });

  it('caps a chunked body without a declared length, and survives a client that leaves mid-body', async () => {
    const net = await import('node:net');
    const raw = (text: string, end: boolean) =>
      new Promise<string>((resolve) => {
        let got = '';
        const sock = net.connect(ts.port, '127.0.0.1', () => {
          sock.write(text);
          if (end) sock.end();
          else setTimeout(() => sock.destroy(), 50);
        });
        sock.on('data', (d) => (got += d.toString()));
        sock.on('close', () => resolve(got));
        sock.on('error', () => resolve(got));
      });
    const big = 'x'.repeat(1500);
    const chunked = `POST /v2/account/authenticate/device HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic()}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    const over = await raw(`${chunked}5dc\r\n${big}\r\n5dc\r\n${big}\r\n0\r\n\r\n`, true);
    assert.match(over, /^HTTP\/1\.1 400/);
    assert.match(over, /Request body too large\./);
    // Declares 100 bytes, sends 10 and goes away.
    await raw(`POST /v2/account/authenticate/device HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic()}\r\nContent-Length: 100\r\n\r\n{"id":"ab`, false);
    const res = await fetch(`${ts.url}/healthcheck`);
    assert.equal(res.status, 200);
  });

  it('serves GET / with an empty 200 when no web app is built', async () => {
    const res = await fetch(`${ts.url}/`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
  });
});
