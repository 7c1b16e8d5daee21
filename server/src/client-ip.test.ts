import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { loadConfig } from './config.ts';
import type { RuntimeModule } from './runtime/types.ts';
import { startTestServer, type TestServer } from './testing/index.ts';
import { clientIpResolver } from './client-ip.ts';

const req = (remoteAddress: string, xff?: string | string[]) =>
  ({ socket: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as http.IncomingMessage;

describe('client address', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const ip = clientIpResolver([]);
    assert.equal(ip(req('203.0.113.9', '1.2.3.4')), '203.0.113.9');
    assert.equal(ip(req('::ffff:203.0.113.9')), '203.0.113.9');
  });

  it('behind trusted proxies is the rightmost hop that is not one of them', () => {
    const ip = clientIpResolver(['10.0.0.0/8', '127.0.0.1', 'fd00::/8']);
    assert.equal(ip(req('10.1.1.1', '6.6.6.6, 203.0.113.9')), '203.0.113.9', 'the forged left hop is ignored');
    assert.equal(ip(req('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.2.2.2')), '203.0.113.9', 'trusted hops are skipped');
    assert.equal(ip(req('127.0.0.1', ['6.6.6.6', '203.0.113.9, 10.0.0.5'])), '203.0.113.9', 'repeated headers are one list');
    assert.equal(ip(req('fd00::1', '2001:db8::7')), '2001:db8::7');
    assert.equal(ip(req('127.0.0.1', '10.0.0.3, 10.0.0.2')), '10.0.0.3', 'all trusted: the leftmost');
    assert.equal(ip(req('127.0.0.1', 'garbage, 10.0.0.2')), '10.0.0.2', 'garbage stops at the last trusted hop');
    assert.equal(ip(req('127.0.0.1')), '127.0.0.1', 'no header: the proxy itself');
    assert.equal(ip(req('203.0.113.50', '1.1.1.1')), '203.0.113.50', 'an untrusted peer is never looked past');
  });

  it('TRUSTED_PROXIES is checked at start', () => {
    assert.deepEqual(loadConfig({}).trustedProxies, []);
    assert.deepEqual(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ' }).trustedProxies, ['10.0.0.0/8', '::1']);
    for (const bad of ['nonsense', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129']) {
      assert.throws(() => loadConfig({ TRUSTED_PROXIES: bad }), /TRUSTED_PROXIES/, bad);
    }
  });
});

const whoami: RuntimeModule = {
  name: 'client-ip-test',
  init(initializer) {
    initializer.registerRpc('ip', (ctx) => ctx.clientIp);
  },
};

describe('client address through the server', () => {
  let plain: TestServer;
  let proxied: TestServer;
  before(async () => {
    plain = await startTestServer({ modules: [whoami] });
    proxied = await startTestServer({ modules: [whoami], env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(async () => {
    await plain.close();
    await proxied.close();
  });

  const httpIp = async (ts: TestServer) => {
    const res = await fetch(`${ts.url}/v2/rpc/ip?http_key=${ts.config.httpKey}&unwrap`, { headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' } });
    return res.text();
  };
  const socketIp = async (ts: TestServer) => {
    const s = await ts.newSession();
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${s.token}`, { headers: { 'X-Forwarded-For': '203.0.113.10' } });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ cid: '1', rpc: { id: 'ip' } }));
    const reply = await new Promise<{ rpc: { payload: string } }>((r) => ws.on('message', (d) => r(JSON.parse(d.toString()))));
    ws.close();
    return reply.rpc.payload;
  };

  it('believes X-Forwarded-For only from a trusted proxy, on REST and the socket', async () => {
    assert.equal(await httpIp(plain), '127.0.0.1');
    assert.equal(await httpIp(proxied), '203.0.113.9');
    assert.equal(await socketIp(plain), '127.0.0.1');
    assert.equal(await socketIp(proxied), '203.0.113.10');
  });
});
