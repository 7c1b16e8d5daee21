// list_news answers what a card shows of each description (a preview of its first blocks, bounded in
// bytes), never the description; get_news answers the whole. Rows older than the preview columns get
// them from the migration and the start's backfill.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, registered, uploadPng, withKey, type Any } from '../testing.ts';
import { backfillPreviews } from './backfill.ts';
import { PREVIEW_BYTES, previewOf } from './preview.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-preview-');
let author: Session;
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const bytes = (s: string) => Buffer.byteLength(s);

/** 100,000 characters: a picture, then twelve paragraphs of words (with an address in the first). */
function longDescription(tag: string): string {
  const paragraph = (i: number) => `<p>${tag} абзац ${i}: ${'слово '.repeat(1320)}</p>`;
  const html = `<p><img src="https://cdn.example/${encodeURIComponent(tag)}.png"></p><p>${tag} начало, см. example.com</p>${Array.from({ length: 12 }, (_, i) => paragraph(i)).join('')}`;
  return html + 'ж'.repeat(100_000 - html.length);
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  author = await registered(ts);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('list_news previews', () => {
  it('answers each item a preview of its first blocks within 3 KB, never its description; get_news the whole', async () => {
    const long = await Promise.all(['первая', 'вторая', 'третья'].map((tag) => call(author, 'create_news', { name: `Новость ${tag}`, description: longDescription(tag) })));
    const many = await call(author, 'create_news', {
      name: 'Десять абзацев',
      description: Array.from({ length: 10 }, (_, i) => `<p>Абзац ${i + 1} со ссылкой https://example.com/${i}</p>`).join(''),
    });
    const short = await call(author, 'create_news', { name: 'Коротко о главном', description: '<p>Кратко <img src="https://cdn.example/x.png"></p>' });
    await call(author, 'add_news_media', { news_id: short.id, file_id: await uploadPng(ts, author) });

    const page = await call(author, 'list_news', { only_mine: true, limit: 50 });
    const byId = new Map<string, Any>(page.news.map((n: Any) => [n.id, n]));
    for (const n of page.news) {
      assert.equal('description' in n, false, 'no description in a list');
      assert.ok(bytes(n.preview_html) <= PREVIEW_BYTES, `${n.name}: ${bytes(n.preview_html)} bytes`);
    }
    assert.ok(bytes(JSON.stringify(page)) < 5 * 4096, `the page is ${bytes(JSON.stringify(page))} bytes`);

    for (const [i, created] of long.entries()) {
      const tag = ['первая', 'вторая', 'третья'][i];
      const n = byId.get(created.id);
      assert.equal(created.description.length > 100_000, true, 'stored whole, the address made a link');
      assert.match(n.preview_html, new RegExp(`^<p>${tag} начало, см\\. example\\.com</p><p>${tag} абзац 0: слово слово `));
      assert.match(n.preview_html, /слово…<\/p>$/);
      assert.equal(n.description_cut, true);
      assert.equal(n.preview_image, `https://cdn.example/${encodeURIComponent(tag)}.png`);
      assert.equal(n.excerpt, created.excerpt);
      // The item itself is whole.
      assert.equal((await call(author, 'get_news', { id: created.id })).description, created.description);
    }

    const ten = byId.get(many.id);
    assert.equal(ten.preview_html, Array.from({ length: 8 }, (_, i) => `<p>Абзац ${i + 1} со ссылкой https://example.com/${i}</p>`).join(''));
    assert.equal(ten.description_cut, true);
    assert.equal('preview_image' in ten, false);

    // An image medium is the card's picture: the one in the text is not sent.
    const mine = byId.get(short.id);
    assert.deepEqual([mine.preview_html, mine.description_cut, 'preview_image' in mine], ['<p>Кратко </p>', false, false]);
    // Visitors get the same previews.
    const seen = (await withKey(ts, 'list_news', { limit: 50 })).news.find((n: Any) => n.id === long[0].id);
    assert.equal(seen.preview_html, byId.get(long[0].id).preview_html);
  });

  it('fills the previews of rows written before the columns, through the migration and the start\'s backfill', async () => {
    const db = ts.app.nk.db;
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../../migrations/0018_news_previews.sql'), 'utf8');
    // The table as it was before the migration, with rows written then.
    await db.script(`DROP INDEX news_preview_missing_idx;
      ALTER TABLE news DROP COLUMN preview_html, DROP COLUMN description_cut, DROP COLUMN preview_image, DROP COLUMN excerpt`);
    const old = { id: crypto.randomUUID(), description: longDescription('старая') };
    const empty = crypto.randomUUID();
    await db.execute(`INSERT INTO news (id, name, description, creator_id) VALUES ($1, 'Старая новость', $2, $3), ($4, 'Пустая новость', '', $3)`, [
      old.id, old.description, author.user_id, empty,
    ]);
    await db.script(migration);
    const stored = async (id: string) =>
      (await db.query<Any>('SELECT preview_html, description_cut, preview_image, excerpt FROM news WHERE id = $1', [id]))[0];
    assert.deepEqual(await stored(empty), { preview_html: '', description_cut: false, preview_image: null, excerpt: '' });
    assert.equal((await stored(old.id)).preview_html, null, 'left for the backfill');

    // What the portal does when it starts: every row left gets its preview, once.
    const rows = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM news WHERE preview_html IS NULL'))[0].n;
    assert.equal(await backfillPreviews(db), rows);
    assert.equal(await backfillPreviews(db), 0);
    const p = previewOf(old.description);
    assert.deepEqual(await stored(old.id), { ...p, preview_image: p.preview_image ?? null });
    const listed = (await call(author, 'list_news', { only_mine: true, limit: 50 })).news.find((n: Any) => n.id === old.id);
    assert.deepEqual([listed.preview_html, listed.description_cut, listed.preview_image, listed.excerpt], [p.preview_html, true, p.preview_image, p.excerpt]);
  });
});
