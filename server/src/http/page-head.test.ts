import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../testing/index.ts';
import type { PageMeta, RuntimeModule } from '../runtime/types.ts';

const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Портал любительского футбола" />
    <title>Трибуна — любительский футбол</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Stories by id: each kind of answer a module may give. */
let story: Record<string, PageMeta | undefined> = {};
const seen: { params: Record<string, string>; path: string }[] = [];

const stories: RuntimeModule = {
  name: 'stories',
  init(initializer) {
    initializer.registerPageMeta('/stories/:id', (params, ctx) => {
      seen.push({ params, path: ctx.path });
      if (params.id === 'broken') throw new Error('database down');
      if (params.id === 'slow') return new Promise<undefined>(() => {});
      return story[params.id];
    });
    initializer.registerPageMeta('/stories/new', () => ({ title: 'Новая история' }));
  },
};

let ts: TestServer;
const web = tempDir('tribuna-web-');
before(async () => {
  fs.writeFileSync(path.join(web.dir, 'index.html'), INDEX);
  ts = await startTestServer({ env: { WEB_DIST: web.dir, LOG_LEVEL: 'silent' }, modules: [stories] });
});
after(async () => {
  await ts.close();
  web.remove();
});

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/** The page's head: its one title and its meta tags by name or property, unescaped. */
async function head(p: string, init?: RequestInit): Promise<{ res: Response; html: string; title: string; meta: Record<string, string> }> {
  const res = await fetch(ts.url + p, init);
  const html = await res.text();
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  assert.equal(titles.length, 1, 'one title, with no markup inside');
  const meta: Record<string, string> = {};
  for (const [, , key, content] of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    assert.equal(meta[key], undefined, `${key} appears once`);
    meta[key] = unescape(content);
  }
  return { res, html, title: unescape(titles[0][1]), meta };
}

/** The page's HTML asked for with this Host header (fetch sets its own). */
function withHost(p: string, host: string, port = ts.port): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

describe('page metadata for link previews', () => {
  it("writes a described page's title, description, Open Graph and Twitter tags into the app's page", async () => {
    story = { s1: { title: 'Победа в derby', description: 'Северные волки выиграли 3:1.', image: '/uploads/abc', type: 'article', siteName: 'Трибуна' } };
    const { res, html, title, meta } = await head('/stories/s1');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/html/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.ok(res.headers.get('content-security-policy'), 'the policy goes with a described page too');
    assert.equal(title, 'Победа в derby — Трибуна');
    const origin = `http://127.0.0.1:${ts.port}`;
    assert.deepEqual(meta, {
      description: 'Северные волки выиграли 3:1.',
      'og:type': 'article',
      'og:title': 'Победа в derby',
      'og:description': 'Северные волки выиграли 3:1.',
      'og:site_name': 'Трибуна',
      'og:url': `${origin}/stories/s1`,
      'og:image': `${origin}/uploads/abc`,
      'twitter:card': 'summary_large_image',
    });
    // The app itself still loads.
    assert.match(html, /<script type="module" crossorigin src="\/assets\/index-abc.js"><\/script>/);
    assert.deepEqual(seen.at(-1), { params: { id: 's1' }, path: '/stories/s1' });
  });

  it('escapes what the module gives, so no text leaves its tag or attribute', async () => {
    story = {
      evil: {
        title: '</title><script>alert(1)</script>',
        description: '"><script>alert(2)</script> & \'x\'',
        image: 'https://cdn.example/a.png?x="><script>alert(3)</script>',
      },
    };
    const { html, title, meta } = await head('/stories/evil');
    assert.doesNotMatch(html, /<script>alert/);
    assert.equal(title, '</title><script>alert(1)</script>');
    assert.equal(meta['og:title'], '</title><script>alert(1)</script>');
    assert.equal(meta.description, '"><script>alert(2)</script> & \'x\'');
    assert.equal(meta['og:image'], 'https://cdn.example/a.png?x=%22%3E%3Cscript%3Ealert(3)%3C/script%3E');
    assert.equal(meta['og:type'], 'website');
    assert.equal(html.match(/<script/g)!.length, 1, "only the app's own script");
  });

  it('leaves out images that are no http(s) URL, and says summary without one', async () => {
    story = { s2: { title: 'Без картинки', image: 'javascript:alert(1)' }, s3: { title: 'Без картинки', image: '//evil.example/a.png' } };
    for (const id of ['s2', 's3']) {
      const { meta } = await head(`/stories/${id}`);
      assert.equal(meta['og:image'], undefined, id);
      assert.equal(meta['twitter:card'], 'summary', id);
    }
  });

  it('gives the plain page to what the module does not describe: missing or private, failing, slow', async () => {
    story = {};
    const plain = await head('/');
    assert.equal(plain.title, 'Трибуна — любительский футбол');
    for (const id of ['missing', 'broken', 'slow']) {
      const { res, html } = await head(`/stories/${id}`);
      assert.equal(res.status, 200, id);
      assert.equal(html, plain.html, id);
      assert.equal(res.headers.get('etag'), plain.res.headers.get('etag'), id);
    }
  });

  it('matches whole segments only, literal ones first', async () => {
    story = { s1: { title: 'История' } };
    assert.equal((await head('/stories/new')).title, 'Новая история');
    for (const p of ['/stories', '/stories/s1/comments', '/stories//s1', '/other/s1']) {
      assert.equal((await head(p)).title, 'Трибуна — любительский футбол', p);
    }
    assert.equal((await head('/stories/s1/')).title, 'История');
    assert.equal((await head('/stories/s%31')).title, 'История', 'segments are decoded');
  });

  it('revalidates by the page as described: an ETag of its content, 304 while it holds, 200 once it changes', async () => {
    story = { s1: { title: 'Первая версия' } };
    const first = await head('/stories/s1');
    const etag = first.res.headers.get('etag')!;
    assert.equal((await fetch(`${ts.url}/stories/s1`, { headers: { 'If-None-Match': etag } })).status, 304);
    story = { s1: { title: 'Вторая версия' } };
    const changed = await fetch(`${ts.url}/stories/s1`, { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    story = {};
    const gone = await fetch(`${ts.url}/stories/s1`, { headers: { 'If-None-Match': etag } });
    assert.equal(gone.status, 200, 'a page no longer described is not answered from the old one');
    assert.doesNotMatch(await gone.text(), /Вторая версия|Первая версия/);
  });

  it('makes paths absolute with the Host asked for; a Host that is no host name gets no absolute links', async () => {
    story = { s1: { title: 'История', image: '/uploads/abc' } };
    const good = await withHost('/stories/s1', 'tribuna.example:8080');
    assert.match(good, /<meta property="og:image" content="http:\/\/tribuna.example:8080\/uploads\/abc" \/>/);
    assert.match(good, /<meta property="og:url" content="http:\/\/tribuna.example:8080\/stories\/s1" \/>/);
    const bad = await withHost('/stories/s1', 'evil.example/"><script>');
    assert.doesNotMatch(bad, /og:image|og:url|<script>/);
    assert.match(bad, /<meta property="og:title" content="История" \/>/);
  });
});

describe('page metadata with PUBLIC_URL', () => {
  it("uses the site's address for absolute links whatever the Host", async () => {
    const other = await startTestServer({ env: { WEB_DIST: web.dir, PUBLIC_URL: 'https://tribuna.example', LOG_LEVEL: 'silent' }, modules: [stories] });
    try {
      story = { s1: { title: 'История', image: '/uploads/abc' } };
      const html = await withHost('/stories/s1', 'evil.example', other.port);
      assert.match(html, /<meta property="og:image" content="https:\/\/tribuna.example\/uploads\/abc" \/>/);
      assert.match(html, /<meta property="og:url" content="https:\/\/tribuna.example\/stories\/s1" \/>/);
      assert.doesNotMatch(html, /evil/);
    } finally {
      await other.close();
    }
  });
});
