import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, tempDir, type TestServer, json } from '../testing/index.ts';
import { contentSecurityPolicy } from './static.ts';

const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

let ts: TestServer;
const web = tempDir('tribuna-web-');
before(async () => {
  fs.mkdirSync(path.join(web.dir, 'assets'));
  fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><title>Трибуна</title>' + ' '.repeat(2000));
  fs.writeFileSync(path.join(web.dir, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(100));
  ts = await startTestServer({ env: { WEB_DIST: web.dir } });
});
after(async () => {
  await ts.close();
  web.remove();
});

describe('web app files', () => {
  it('serves index.html at / and for deep links, revalidated', async () => {
    for (const p of ['/', '/teams/123/roster', '/news?sort=newest']) {
      const res = await fetch(ts.url + p);
      assert.equal(res.status, 200, p);
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      assert.match(await res.text(), /Трибуна/);
    }
  });

  it('serves home.html at / when the build made one, index.html still for every other page', async () => {
    const dir = tempDir('tribuna-web-home-');
    fs.writeFileSync(path.join(dir.dir, 'index.html'), '<!doctype html><title>Трибуна</title><main></main>');
    fs.writeFileSync(path.join(dir.dir, 'home.html'), '<!doctype html><title>Трибуна</title><main><h1>Главная</h1></main>');
    const server = await startTestServer({ env: { WEB_DIST: dir.dir } });
    try {
      const home = await fetch(server.url + '/');
      assert.equal(home.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
      assert.match(await home.text(), /<h1>Главная<\/h1>/);
      for (const p of ['/news', '/teams/1']) assert.doesNotMatch(await (await fetch(server.url + p)).text(), /Главная/, p);
    } finally {
      await server.close();
      dir.remove();
    }
  });

  it('serves hashed assets gzipped and cached for a year; a missing asset is 404', async () => {
    const res = await fetch(`${ts.url}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${ts.url}/assets/app-abc123.js`, { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal((await fetch(`${ts.url}/assets/missing.js`)).status, 404);
  });

  it('sends the app\'s Content-Security-Policy and Referrer-Policy with index.html, deep links and 304s included', async () => {
    for (const p of ['/', '/teams/123/roster', '/user/profile']) {
      const res = await fetch(ts.url + p);
      assert.equal(res.status, 200, p);
      const csp = res.headers.get('content-security-policy');
      assert.equal(csp, CONTENT_SECURITY_POLICY, p);
      for (const d of ["script-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'"]) {
        assert.ok(csp!.split('; ').includes(d), `${p}: ${d}`);
      }
      // No inline script or eval may run.
      assert.doesNotMatch(csp!, /unsafe-inline|unsafe-eval/, p);
      assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', p);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', p);
      const again = await fetch(ts.url + p, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      assert.equal(again.status, 304, p);
      assert.equal(again.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY, p);
    }
  });

  it('allows the inline stylesheet of the built pages by its hash, and nothing else inline', async () => {
    const dir = tempDir('tribuna-web-style-');
    const css = '.app{color:#1b2430}';
    fs.writeFileSync(path.join(dir.dir, 'index.html'), `<!doctype html><title>Трибуна</title><style>${css}</style><main></main>`);
    fs.writeFileSync(path.join(dir.dir, 'home.html'), `<!doctype html><title>Трибуна</title><style>${css}</style><main><h1>Главная</h1></main>`);
    const server = await startTestServer({ env: { WEB_DIST: dir.dir } });
    try {
      const hash = crypto.createHash('sha256').update(css).digest('base64');
      for (const p of ['/', '/news']) {
        const csp = (await fetch(server.url + p)).headers.get('content-security-policy')!;
        assert.ok(csp.split('; ').includes(`style-src 'self' 'sha256-${hash}'`), `${p}: ${csp}`);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, p);
      }
    } finally {
      await server.close();
      dir.remove();
    }
  });

  it('tells browsers to keep to https when the site is published over https, and only then', async () => {
    const https = await startTestServer({ env: { WEB_DIST: web.dir, PUBLIC_URL: 'https://tribuna.example' } });
    try {
      for (const p of ['/', '/news', '/assets/app-abc123.js', '/healthcheck', '/v2/account', '/v2/rpc/nothing']) {
        assert.equal((await fetch(https.url + p)).headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains', p);
      }
    } finally {
      await https.close();
    }
    for (const p of ['/', '/healthcheck']) assert.equal((await fetch(ts.url + p)).headers.get('strict-transport-security'), null, p);
  });

  it('frames only the video hosts team videos are embedded from', async () => {
    const csp = (await fetch(ts.url + '/')).headers.get('content-security-policy')!;
    const frames = csp.split('; ').find((d) => d.startsWith('frame-src '))!.split(' ').slice(1);
    assert.deepEqual(frames.sort(), ['https://rutube.ru', 'https://vk.com', 'https://vkvideo.ru', 'https://www.youtube.com']);
  });

  it('marks every file nosniff; the policy goes with HTML only', async () => {
    const res = await fetch(`${ts.url}/assets/app-abc123.js`);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-security-policy'), null);
  });

  it('does not let paths climb out of the web directory', async () => {
    const res = await fetch(`${ts.url}/..%2f..%2fetc%2fpasswd`);
    assert.notEqual(await res.text(), fs.readFileSync('/etc/passwd', 'utf8'));
  });

  it('keeps API errors as JSON', async () => {
    const res = await fetch(`${ts.url}/v2/unknown`);
    assert.equal(res.status, 404);
    assert.deepEqual(await json(res), { code: 5, message: 'Not Found' });
  });
});
