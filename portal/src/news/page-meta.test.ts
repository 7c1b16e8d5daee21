// Link previews of news pages: the HTML the server sends for /news/{id} carries a public item's title,
// text and first picture; a private, deleted or missing one gets the plain page.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, registered, uploadPng } from '../testing.ts';

const PLAIN = '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Трибуна — любительский футбол</title></head><body><div id="root"></div></body></html>';

let ts: TestServer;
const data = tempDir('tribuna-news-meta-');
let author: Session;
const call = (id: string, input: object) => callOn(ts, author, id, input);

before(async () => {
  const web = path.join(data.dir, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), PLAIN);
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir, WEB_DIST: web, PUBLIC_URL: 'https://tribuna.example' } });
  author = await registered(ts);
});
after(async () => {
  await ts.close();
  data.remove();
});

/** The page's meta tags by name or property (their content as written, escaped), and its title. */
async function page(p: string): Promise<{ html: string; title: string; meta: Record<string, string> }> {
  const res = await fetch(ts.url + p);
  assert.equal(res.status, 200, p);
  const html = await res.text();
  const meta = Object.fromEntries([...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1], m[2]]));
  return { html, title: /<title>([^<]*)<\/title>/.exec(html)![1], meta };
}

describe('news link previews', () => {
  it("gives a public item's title, plain text and first image, as an article", async () => {
    const n = await call('create_news', {
      name: 'Победа «Волков» & ничья',
      description: '<p>Счёт <b>3:1</b>, голы забили <i>Иванов</i> и Петров.</p><p><img src="https://cdn.example/goal.png"></p>',
    });
    const { title, meta } = await page(`/news/${n.id}`);
    assert.equal(title, 'Победа «Волков» &amp; ничья — Трибуна');
    assert.deepEqual(meta, {
      description: 'Счёт 3:1, голы забили Иванов и Петров.',
      'og:type': 'article',
      'og:title': 'Победа «Волков» &amp; ничья',
      'og:description': 'Счёт 3:1, голы забили Иванов и Петров.',
      'og:site_name': 'Трибуна',
      'og:url': `https://tribuna.example/news/${n.id}`,
      'og:image': 'https://cdn.example/goal.png',
      'twitter:card': 'summary_large_image',
    });
    // An image medium comes before pictures in the text, as an absolute URL of the upload.
    const file = await uploadPng(ts, author);
    await call('add_news_media', { news_id: n.id, file_id: file });
    assert.equal((await page(`/news/${n.id}`)).meta['og:image'], `https://tribuna.example/uploads/${file}`);
  });

  it('escapes markup of the title and text', async () => {
    const n = await call('create_news', { name: '"><script>alert(1)</script>', description: '<p>&lt;img src=x onerror=alert(2)&gt;</p>' });
    const { html, meta } = await page(`/news/${n.id}`);
    assert.doesNotMatch(html, /<script>|<img/);
    assert.equal(meta['og:title'], '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    assert.equal(meta.description, '&lt;img src=x onerror=alert(2)&gt;');
    assert.equal(meta['twitter:card'], 'summary');
  });

  it('gives the plain page for a private, deleted or missing item and for an address that is no id', async () => {
    const priv = await call('create_news', { name: 'Секретная новость', is_public: false });
    const gone = await call('create_news', { name: 'Удалённая новость' });
    await call('delete_news', { id: gone.id });
    for (const p of [`/news/${priv.id}`, `/news/${gone.id}`, `/news/${crypto.randomUUID()}`, '/news/create', '/news/not-an-id']) {
      const { html } = await page(p);
      assert.equal(html, PLAIN, p);
    }
    // Made public, it previews; made private again, it no longer does.
    await call('update_news', { id: priv.id, is_public: true });
    assert.equal((await page(`/news/${priv.id}`)).meta['og:title'], 'Секретная новость');
    await call('update_news', { id: priv.id, is_public: false });
    assert.equal((await page(`/news/${priv.id}`)).html, PLAIN);
  });
});
