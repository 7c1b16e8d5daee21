// Likes and ratings: one of each per user and news item, counters on the item kept exact under parallel calls.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, crowd, fails, registered, withKey } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-counters-');
let author: Session;
let reader: Session;
let guest: Session;
let users: Session[];

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const create = (input: object = {}) => call(author, 'create_news', { name: 'Итоги тура', ...input });
const get = (s: Session, id: string) => call(s, 'get_news', { id });
/** The item's counters as stored, straight from its row and its like and rating rows. */
async function stored(id: string) {
  const [row] = await ts.app.nk.db.query<{ like_count: number; likes: number; rating_count: number; rating_sum: number; ratings: number; sum: number }>(
    `SELECT like_count, rating_count, rating_sum,
       (SELECT count(*)::int FROM news_like WHERE news_id = $1) AS likes,
       (SELECT count(*)::int FROM news_rating WHERE news_id = $1) AS ratings,
       (SELECT COALESCE(sum(rating), 0)::int FROM news_rating WHERE news_id = $1) AS sum
     FROM news WHERE id = $1`,
    [id],
  );
  return row;
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, reader, guest, users] = await Promise.all([registered(ts), registered(ts), ts.newSession(), crowd(ts, 50)]);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('like and unlike', () => {
  it('count one like per user, repeat without effect and never go below 0', async () => {
    const n = await create();
    assert.deepEqual(await call(reader, 'unlike', { news_id: n.id }), { like_count: 0, user_liked: false });
    assert.deepEqual(await call(reader, 'like', { news_id: n.id }), { like_count: 1, user_liked: true });
    assert.deepEqual(await call(reader, 'like', { news_id: n.id }), { like_count: 1, user_liked: true });
    assert.deepEqual(await call(author, 'like', { news_id: n.id }), { like_count: 2, user_liked: true });
    assert.deepEqual([(await get(reader, n.id)).user_liked, (await get(guest, n.id)).user_liked], [true, false]);
    assert.equal((await get(guest, n.id)).like_count, 2);
    assert.deepEqual(await call(reader, 'unlike', { news_id: n.id }), { like_count: 1, user_liked: false });
    assert.deepEqual(await call(reader, 'unlike', { news_id: n.id }), { like_count: 1, user_liked: false });
    assert.deepEqual(await call(author, 'unlike', { news_id: n.id }), { like_count: 0, user_liked: false });
    assert.deepEqual(await call(author, 'unlike', { news_id: n.id }), { like_count: 0, user_liked: false });
    assert.equal((await get(author, n.id)).like_count, 0);
  });

  it('stay exact under 50 parallel likes of different users, and as many unlikes', async () => {
    const n = await create();
    const likes = await Promise.all(users.map((u) => call(u, 'like', { news_id: n.id })));
    assert.deepEqual(likes.map((l) => l.like_count).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => i + 1));
    assert.equal((await get(guest, n.id)).like_count, 50);
    await Promise.all(users.map((u) => call(u, 'unlike', { news_id: n.id })));
    const s = await stored(n.id);
    assert.deepEqual([s.like_count, s.likes], [0, 0]);
  });

  it('stay exact under 50 parallel clicks of one user, likes and unlikes mixed', async () => {
    const n = await create();
    await Promise.all(Array.from({ length: 50 }, () => call(reader, 'like', { news_id: n.id })));
    assert.deepEqual([(await stored(n.id)).like_count, (await stored(n.id)).likes], [1, 1]);
    await Promise.all(Array.from({ length: 50 }, (_, i) => call(reader, i % 2 ? 'like' : 'unlike', { news_id: n.id })));
    const s = await stored(n.id);
    assert.equal(s.like_count, s.likes);
    assert.ok(s.likes <= 1);
    assert.equal((await get(reader, n.id)).user_liked, s.likes === 1);
  });

  it('are for registered users, of news they see', async () => {
    const n = await create();
    await fails(call(guest, 'like', { news_id: n.id }), 403, 'Войдите или зарегистрируйтесь, чтобы выполнить это действие.', 7);
    await fails(withKey(ts, 'like', { news_id: n.id }), 401);
    await fails(call(reader, 'like', { news_id: crypto.randomUUID() }), 404, 'Новость не найдена.', 5);
    await fails(call(reader, 'unlike', { news_id: 'x' }), 400, /^Новость: /);
    await fails(call(reader, 'like', {}), 400, /^Новость: /);
    const hidden = await create({ is_public: false });
    await fails(call(reader, 'like', { news_id: hidden.id }), 404, 'Новость не найдена.');
    assert.deepEqual(await call(author, 'like', { news_id: hidden.id }), { like_count: 1, user_liked: true });
    assert.equal((await get(author, n.id)).like_count, 0);
  });
});

describe('rate_news', () => {
  it('keeps one rating per user, replaced by the next; the average has one decimal', async () => {
    const n = await create();
    assert.deepEqual(await call(reader, 'rate_news', { news_id: n.id, rating: 5 }), { rating_count: 1, average_rating: 5, user_rating: 5 });
    assert.deepEqual(await call(author, 'rate_news', { news_id: n.id, rating: 4 }), { rating_count: 2, average_rating: 4.5, user_rating: 4 });
    assert.deepEqual(await call(users[0], 'rate_news', { news_id: n.id, rating: 4 }), { rating_count: 3, average_rating: 4.3, user_rating: 4 });
    // 5 + 4 + 4 becomes 1 + 4 + 4: 3.0.
    assert.deepEqual(await call(reader, 'rate_news', { news_id: n.id, rating: 1 }), { rating_count: 3, average_rating: 3, user_rating: 1 });
    assert.deepEqual(await call(reader, 'rate_news', { news_id: n.id, rating: 1 }), { rating_count: 3, average_rating: 3, user_rating: 1 });
    // 1 + 4 + 5 = 10 / 3: 3.3; 2 + 3 + 3 = 8 / 3 rounds up to 2.7.
    assert.equal((await call(users[0], 'rate_news', { news_id: n.id, rating: 5 })).average_rating, 3.3);
    await call(reader, 'rate_news', { news_id: n.id, rating: 2 });
    await call(author, 'rate_news', { news_id: n.id, rating: 3 });
    assert.equal((await call(users[0], 'rate_news', { news_id: n.id, rating: 3 })).average_rating, 2.7);
    const seen = await get(reader, n.id);
    assert.deepEqual([seen.rating_count, seen.average_rating, seen.user_rating], [3, 2.7, 2]);
    assert.deepEqual([(await get(guest, n.id)).user_rating, (await get(users[1], n.id)).user_rating], [0, 0]);
  });

  it('stays exact under 50 parallel ratings of different users, and of one user', async () => {
    const n = await create();
    await Promise.all(users.map((u, i) => call(u, 'rate_news', { news_id: n.id, rating: (i % 5) + 1 })));
    let s = await stored(n.id);
    assert.deepEqual([s.rating_count, s.ratings, s.rating_sum, s.sum], [50, 50, 150, 150]);
    assert.equal((await get(guest, n.id)).average_rating, 3);
    const m = await create();
    await Promise.all(Array.from({ length: 50 }, (_, i) => call(reader, 'rate_news', { news_id: m.id, rating: (i % 5) + 1 })));
    s = await stored(m.id);
    assert.deepEqual([s.rating_count, s.ratings, s.rating_sum], [1, 1, s.sum]);
    const seen = await get(reader, m.id);
    assert.deepEqual([seen.average_rating, seen.user_rating], [s.sum, s.sum]);
  });

  it('refuses ratings outside 1 to 5, guests, and news the caller does not see', async () => {
    const n = await create();
    for (const rating of [0, 6, 2.5, '5', null]) {
      await fails(call(reader, 'rate_news', { news_id: n.id, rating }), 400, 'Оценка: ожидалось целое число от 1 до 5.', 3);
    }
    await fails(call(reader, 'rate_news', { news_id: n.id }), 400, 'Оценка: ожидалось целое число от 1 до 5.');
    await fails(call(guest, 'rate_news', { news_id: n.id, rating: 5 }), 403);
    await fails(withKey(ts, 'rate_news', { news_id: n.id, rating: 5 }), 401);
    const hidden = await create({ is_public: false });
    await fails(call(reader, 'rate_news', { news_id: hidden.id, rating: 5 }), 404, 'Новость не найдена.');
    await call(author, 'delete_news', { id: n.id });
    await fails(call(reader, 'rate_news', { news_id: n.id, rating: 5 }), 404, 'Новость не найдена.');
    const s = await stored(n.id);
    assert.deepEqual([s.rating_count, s.ratings], [0, 0]);
  });
});
