import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { NkFile } from '../runtime/nk-files.ts';
import { json, startTestServer, tempDir, type TestServer } from '../testing/index.ts';

let ts: TestServer;
let stored: NkFile;
const data = tempDir('tribuna-uploads-');
const web = tempDir('tribuna-web-');

before(async () => {
  // A web app is served too: its deep-link fallback must not answer for /uploads/.
  fs.writeFileSync(path.join(web.dir, 'index.html'), '<!doctype html><title>Трибуна</title>');
  ts = await startTestServer({ env: { DATA_DIR: data.dir, WEB_DIST: web.dir } });
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2050a0' } }).png().toBuffer();
  stored = await ts.app.nk.fileUpload(null, png, 'image/png');
});
after(async () => {
  await ts.close();
  data.remove();
  web.remove();
});

const url = (id: string) => `${ts.url}/uploads/${id}`;

describe('GET /uploads/{id}', () => {
  it('serves the stored WebP with immutable caching and locked-down headers', async () => {
    const res = await fetch(url(stored.id), { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('content-security-policy'), "default-src 'none'");
    assert.equal(res.headers.get('content-encoding'), null);
    const body = Buffer.from(await res.arrayBuffer());
    assert.equal(res.headers.get('content-length'), String(stored.size));
    assert.equal(body.length, stored.size);
    assert.equal(res.headers.get('etag'), `"${crypto.createHash('sha256').update(body).digest('hex')}"`);
    const meta = await sharp(body).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 64, 48]);
    assert.deepEqual(body, (await ts.app.nk.fileGet(stored.id))!.bytes);
  });

  it('serves an image scaled to a width of srcset (?w=), made once and kept; narrower ones as stored', async () => {
    const photo = await ts.app.nk.fileUpload(null, await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b6e4f' } }).jpeg().toBuffer(), 'image/jpeg');
    const [a, b] = await Promise.all([fetch(`${url(photo.id)}?w=320`), fetch(`${url(photo.id)}?w=320`)]);
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('content-type'), 'image/webp');
    assert.equal(a.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(a.headers.get('etag')!, /-w320"$/);
    const scaled = Buffer.from(await a.arrayBuffer());
    assert.deepEqual(Buffer.from(await b.arrayBuffer()), scaled);
    const meta = await sharp(scaled).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 320, 240]);
    assert.ok(fs.existsSync(path.join(data.dir, 'uploads', `${photo.id}.w320`)));
    assert.deepEqual(Buffer.from(await (await fetch(`${url(photo.id)}?w=320`)).arrayBuffer()), scaled);
    // Not wider than asked: the stored image.
    const small = Buffer.from(await (await fetch(`${url(stored.id)}?w=160`)).arrayBuffer());
    assert.deepEqual(small, (await ts.app.nk.fileGet(stored.id))!.bytes);
    for (const w of ['100', '0', '-320', 'abc', '4096']) {
      const res = await fetch(`${url(photo.id)}?w=${w}`);
      assert.equal(res.status, 400, w);
      assert.equal(res.headers.get('content-type'), 'application/json');
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(url(stored.id), { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.equal(res.headers.get('content-length'), String(stored.size));
    assert.equal((await res.arrayBuffer()).byteLength, 0);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const etag = (await fetch(url(stored.id), { method: 'HEAD' })).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch(url(stored.id), { headers: { 'If-None-Match': header } });
      assert.equal(res.status, 304, header);
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal((await res.arrayBuffer()).byteLength, 0);
    }
    const stale = await fetch(url(stored.id), { headers: { 'If-None-Match': '"something-else"' } });
    assert.equal(stale.status, 200);
    await stale.arrayBuffer();
  });

  it('answers unknown and malformed ids with the JSON 404, not the web app', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', `${stored.id}.webp`, `${stored.id}/x`, '']) {
      const res = await fetch(url(id));
      assert.equal(res.status, 404, id);
      assert.deepEqual(await json(res), { code: 5, message: 'Not Found' }, id);
    }
    const head = await fetch(url(crypto.randomUUID()), { method: 'HEAD' });
    assert.equal(head.status, 404);
    await head.arrayBuffer();
  });

  it('only serves reads', async () => {
    const res = await fetch(url(stored.id), { method: 'DELETE' });
    assert.equal(res.status, 501);
    await res.arrayBuffer();
    assert.equal((await fetch(url(stored.id), { method: 'HEAD' })).status, 200);
  });

  it('answers 404 when the bytes went missing on disk', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000000' } }).png().toBuffer();
    const lost = await ts.app.nk.fileUpload(null, png, 'png');
    fs.rmSync(path.join(data.dir, 'uploads', lost.id));
    const res = await fetch(url(lost.id));
    assert.equal(res.status, 404);
    await res.arrayBuffer();
    assert.equal(await ts.app.nk.fileGet(lost.id), undefined);
  });
});
