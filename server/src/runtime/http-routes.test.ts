import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError, Code } from '../errors.ts';
import { startTestServer, type TestServer } from '../testing/index.ts';
import { HttpRoutes } from './http-routes.ts';
import type { HttpRouteRequest, HttpRouteResponse, RuntimeModule } from './types.ts';

const ok = () => ({ status: 200 });

describe('HTTP route patterns', () => {
  it('refuse what is not "/" and literal or {name} segments, and one shape twice', () => {
    const routes = new HttpRoutes();
    for (const bad of ['', '/', 'calendar/{t}', '/calendar//{t}', '/calendar/*', '/calendar/{t}/{t}', '/calendar/{1t}', '/календарь/{t}', '/calendar/x{t}']) {
      assert.throws(() => routes.add('GET', bad, ok), /HTTP route/, bad);
    }
    assert.throws(() => routes.add('GET', '/{token}.ics', ok), /must start with a literal segment/);
    assert.throws(() => routes.add('POST' as 'GET', '/calendar/{t}', ok), /only GET routes/);
    assert.throws(() => routes.add('GET', '/calendar/{t}', 'nope' as never), /must be a function/);
    routes.add('GET', '/calendar/{token}.ics', ok);
    assert.throws(() => routes.add('GET', '/calendar/{other}.ics', ok), /already registered/);
    routes.add('GET', '/calendar/{token}', ok);
    assert.equal(routes.size, 2);
  });

  it("refuse the server's own paths, whatever their case", () => {
    const routes = new HttpRoutes();
    for (const own of ['/v2/feed', '/V2/x/{id}', '/ws', '/uploads/{id}.ics', '/healthz', '/readyz', '/healthcheck', '/metrics', '/assets/{f}', '/index.html']) {
      assert.throws(() => routes.add('GET', own, ok), /collides with the server's own/, own);
    }
  });

  it('match parameters with their suffix, decoded, literal segments first', () => {
    const routes = new HttpRoutes();
    const feed = () => ({ status: 200 });
    const help = () => ({ status: 200 });
    routes.add('GET', '/calendar/{token}.ics', feed);
    routes.add('GET', '/calendar/help.ics', help);
    assert.deepEqual(routes.match('/calendar/a%20b.ics'), { fn: feed, params: { token: 'a b' }, key: { method: 'GET', path: '/calendar/{token}.ics' } });
    assert.equal(routes.match('/calendar/help.ics')?.fn, help);
    for (const miss of ['/calendar/.ics', '/calendar/abc', '/calendar/abc.ics/x', '/calendar/%E0%A4%A.ics', '/calendar/a%2Fb.ics', '/other/abc.ics']) {
      assert.equal(routes.match(miss), undefined, miss);
    }
  });
});

describe('HTTP routes of a module', () => {
  let ts: TestServer;
  const seen: HttpRouteRequest[] = [];
  const module: RuntimeModule = {
    name: 'routes-test',
    init(initializer) {
      initializer.registerHttpRoute('GET', '/feeds/{id}.txt', (req): HttpRouteResponse => {
        seen.push(req);
        if (req.params.id === 'missing') throw new AppError(Code.NotFound, 'Лента не найдена.');
        if (req.params.id === 'broken') throw new Error('boom');
        if (req.params.id === 'bad-header') return { status: 200, headers: { 'Content-Length': '1' }, body: 'x' };
        return {
          status: 200,
          headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=60', ETag: '"v1"' },
          body: `лента ${req.params.id} ${req.query.x?.join(',') ?? ''}`,
        };
      });
    },
  };
  before(async () => {
    ts = await startTestServer({ modules: [module] });
  });
  after(() => ts.close());

  it('answer GET and HEAD with what the handler gives, and see the request', async () => {
    const res = await fetch(`${ts.url}/feeds/a%20b.txt?x=1&x=2`, { headers: { Authorization: 'Bearer secret', 'X-Test': 'yes' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'private, max-age=60');
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(await res.text(), 'лента a b 1,2');
    const req = seen.at(-1)!;
    assert.deepEqual(req.query, { x: ['1', '2'] });
    assert.equal(req.headers['authorization'], undefined, 'credentials are not handed to modules');
    assert.equal(req.headers['x-test'], 'yes');
    assert.equal(req.clientIp, '127.0.0.1');
    const head = await fetch(`${ts.url}/feeds/a.txt`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });

  it('answer a refusal as text with its status, and a failure or a bad answer as 500', async () => {
    const missing = await fetch(`${ts.url}/feeds/missing.txt`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await missing.text(), 'Лента не найдена.');
    for (const id of ['broken', 'bad-header']) {
      const res = await fetch(`${ts.url}/feeds/${id}.txt`);
      assert.equal(res.status, 500, id);
      assert.equal(res.headers.get('cache-control'), 'no-store, no-cache, must-revalidate');
    }
  });

  it('leave other methods and paths to the server', async () => {
    assert.equal((await fetch(`${ts.url}/feeds/a.txt`, { method: 'POST' })).status, 404);
    assert.equal((await fetch(`${ts.url}/feeds/a.ics`)).status, 404);
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
  });

  it('refuse a module that registers a path of the server at start', async () => {
    const bad: RuntimeModule = { name: 'bad', init: (i) => i.registerHttpRoute('GET', '/v2/feed', ok) };
    await assert.rejects(startTestServer({ modules: [bad] }), /collides with the server's own \/v2/);
  });
});
