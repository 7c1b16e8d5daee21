// A news item's images and videos: uploaded files the creator adds and removes, shown by position.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, fails, registered, uploadPng, withKey, type Any } from '../testing.ts';
import { MAX_MEDIA } from './rpc.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-media-');
let author: Session;
let stranger: Session;
let guest: Session;
let file: string;

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const create = (input: object = {}) => call(author, 'create_news', { name: 'Фоторепортаж', ...input });
const add = (s: Session, newsId: string, input: object = {}) => call(s, 'add_news_media', { news_id: newsId, file_id: file, ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, stranger, guest] = await Promise.all([registered(ts), registered(ts), ts.newSession()]);
  file = await uploadPng(ts, author);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('add_news_media', () => {
  it('adds images and videos for the creator; the item shows them by position, then by addition', async () => {
    const n = await create();
    const a = await add(author, n.id, { position: 2 });
    assert.deepEqual(Object.keys(a).sort(), ['create_time', 'id', 'media_type', 'news_id', 'position', 's3_key']);
    // Without media_type the file's own type (an uploaded image) decides.
    assert.deepEqual([a.news_id, a.media_type, a.s3_key, a.position], [n.id, 'image', file, 2]);
    const b = await add(author, n.id, { media_type: 'video' });
    const c = await add(author, n.id, { media_type: 'VIDEO/mp4', position: 2 });
    const d = await add(author, n.id, { media_type: 'image/webp' });
    const e = await add(author, n.id, { media_type: 'application/pdf', position: -1 });
    assert.deepEqual([b.media_type, b.position, c.media_type, d.media_type, e.media_type], ['video', 0, 'video', 'image', 'image']);
    const seen = await call(guest, 'get_news', { id: n.id });
    assert.deepEqual(seen.media, [e, b, d, a, c]);
    assert.ok(seen.update_time > n.update_time);
    const listed = (await call(author, 'list_news', { only_mine: true, limit: 50 })).news.find((x: Any) => x.id === n.id);
    assert.deepEqual(listed.media, seen.media);
  });

  it('refuses bad input and files that were never uploaded', async () => {
    const n = await create();
    await fails(add(author, n.id, { file_id: crypto.randomUUID() }), 400, 'Файл: файл не найден.', 3);
    await fails(add(author, n.id, { file_id: undefined }), 400, /^Файл: /);
    await fails(add(author, n.id, { media_type: 'photo' }), 400, "Тип медиафайла: ожидалось 'image', 'video' или тип MIME, например image/webp.");
    await fails(add(author, n.id, { media_type: 7 }), 400, 'Тип медиафайла: ожидалась строка.');
    await fails(add(author, n.id, { position: 1.5 }), 400, /^Позиция: /);
    await fails(add(author, crypto.randomUUID()), 404, 'Новость не найдена.', 5);
    assert.deepEqual((await call(author, 'get_news', { id: n.id })).media, []);
  });

  it(`holds at most ${MAX_MEDIA} media an item`, async () => {
    const n = await create();
    for (let i = 0; i < MAX_MEDIA; i++) await add(author, n.id, { position: i });
    await fails(add(author, n.id), 429, `Достигнут предел: не больше ${MAX_MEDIA} медиафайлов у новости.`, 8);
    assert.equal((await call(author, 'get_news', { id: n.id })).media.length, MAX_MEDIA);
  });

  it('lets only the creator add media', async () => {
    const n = await create();
    await fails(add(stranger, n.id), 403, 'Это может делать только автор новости.', 7);
    await fails(add(guest, n.id), 403, 'Войдите или зарегистрируйтесь, чтобы выполнить это действие.');
    await fails(withKey(ts, 'add_news_media', { news_id: n.id, file_id: file }), 401);
    const hidden = await create({ is_public: false });
    await fails(add(stranger, hidden.id), 404, 'Новость не найдена.');
    await call(author, 'delete_news', { id: n.id });
    await fails(add(author, n.id), 404, 'Новость не найдена.');
  });
});

describe('remove_news_media', () => {
  it('removes a medium for the creator, by its id and, when given, its news item', async () => {
    const n = await create();
    const [a, b] = [await add(author, n.id), await add(author, n.id)];
    assert.deepEqual(await call(author, 'remove_news_media', { id: a.id }), {});
    assert.deepEqual((await call(author, 'get_news', { id: n.id })).media, [b]);
    const other = await create();
    await fails(call(author, 'remove_news_media', { id: b.id, news_id: other.id }), 404, 'Медиафайл не найден.', 5);
    assert.deepEqual(await call(author, 'remove_news_media', { id: b.id, news_id: n.id.toUpperCase() }), {});
    assert.deepEqual((await call(author, 'get_news', { id: n.id })).media, []);
    await fails(call(author, 'remove_news_media', { id: b.id }), 404, 'Медиафайл не найден.');
    await fails(call(author, 'remove_news_media', { id: 'x' }), 400, /^Идентификатор: /);
  });

  it('refuses everyone else; a medium of another\'s private item is as missing as an unknown one', async () => {
    const n = await create();
    const m = await add(author, n.id);
    await fails(call(stranger, 'remove_news_media', { id: m.id }), 403, 'Это может делать только автор новости.');
    await fails(call(guest, 'remove_news_media', { id: m.id }), 403);
    const hidden = await create({ is_public: false });
    const h = await add(author, hidden.id);
    await fails(call(stranger, 'remove_news_media', { id: h.id }), 404, 'Медиафайл не найден.', 5);
    await fails(call(stranger, 'remove_news_media', { id: crypto.randomUUID() }), 404, 'Медиафайл не найден.', 5);
    assert.equal((await call(author, 'get_news', { id: hidden.id })).media.length, 1);
    assert.equal((await call(guest, 'get_news', { id: n.id })).media.length, 1);
  });
});
