// list_news: who sees what, the four orders, filters and keyset paging, checked against a model of the
// items this file creates.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, crowd, fails, makeTeam, registered, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-list-');
let author: Session;
let writer: Session;
let reader: Session;
let guest: Session;
let teamId: string;
/** Every live item this file has created, by id, with its creator. */
const items = new Map<string, Session>();

const SORTS = ['newest', 'oldest', 'popular', 'rating'] as const;
type Sort = (typeof SORTS)[number];
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
async function create(s: Session, input: object = {}) {
  const n = await call(s, 'create_news', { name: 'Новость дня', ...input });
  items.set(n.id, s);
  return n;
}
/** A page, as the viewer (or a server call, for null) asks for it. */
const list = (viewer: Session | null, input: object) => (viewer ? call(viewer, 'list_news', input) : withKey(ts, 'list_news', input));

/** The order's key of an item: its time, likes or average rating, id breaking ties. */
function compare(sort: Sort) {
  const key = (n: Any) => (sort === 'popular' ? n.like_count : sort === 'rating' ? n.average_rating : n.create_time);
  const sign = sort === 'oldest' ? 1 : -1;
  return (a: Any, b: Any) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Every live item this file has created, as its creator sees it. */
const snapshot = () => Promise.all([...items].map(([id, creator]) => call(creator, 'get_news', { id })));

/** What the viewer should get: every live item they may see that passes the filters, in the order's sequence. */
async function expected(viewer: Session | null, f: { only_public: boolean; only_mine: boolean; team_id?: string }, sort: Sort, all?: Any[]) {
  const me = viewer?.user_id;
  return (all ?? (await snapshot()))
    .filter((n) => n.is_public || n.creator_id === me)
    .filter((n) => !f.only_public || n.is_public)
    .filter((n) => !f.only_mine || n.creator_id === me)
    .filter((n) => !f.team_id || n.team_id === f.team_id)
    .sort(compare(sort))
    .map((n) => n.id);
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, writer, reader, guest] = await Promise.all([registered(ts), registered(ts), registered(ts), ts.newSession()]);
  teamId = await makeTeam(ts, author, { admin: writer });
  const fans = await crowd(ts, 6);
  // Likes and ratings with ties, public and private items, of the team and not. A private item is
  // liked and rated by its creator alone: nobody else sees it.
  const plan: [Session, object, number, number[]][] = [
    [author, {}, 3, [5, 4]],
    [author, { team_id: teamId }, 1, [3]],
    [author, { is_public: false }, 1, [5]],
    [author, { is_public: false, team_id: teamId }, 0, []],
    [author, {}, 3, [4, 5]],
    [writer, {}, 6, [1, 2, 2]],
    [writer, { is_public: false }, 1, [4]],
    [writer, { team_id: teamId }, 0, [5, 5, 4]],
    [writer, { is_public: false, team_id: teamId }, 1, []],
    [writer, {}, 1, []],
  ];
  for (const [creator, input, likes, ratings] of plan) {
    const n = await create(creator, input);
    const others = n.is_public ? (creator === author ? fans : [...fans.slice(1), author]) : [creator];
    for (const fan of others.slice(0, likes)) await call(fan, 'like', { news_id: n.id });
    for (const [i, rating] of ratings.entries()) await call(others[i], 'rate_news', { news_id: n.id, rating });
  }
  // One more, deleted: never listed.
  const gone = await call(author, 'create_news', { name: 'Удалённая новость' });
  await call(author, 'delete_news', { id: gone.id });
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('list_news', () => {
  it('gives each viewer what they may see, in each order, the same whole or page by page', async () => {
    const viewers: [string, Session | null][] = [['author', author], ['writer', writer], ['reader', reader], ['guest', guest], ['server', null]];
    const filters = [
      { only_public: false, only_mine: false },
      { only_public: true, only_mine: false },
      { only_public: false, only_mine: true },
      { only_public: true, only_mine: true },
      { only_public: false, only_mine: false, team_id: teamId },
      { only_public: true, only_mine: false, team_id: teamId },
      { only_public: false, only_mine: true, team_id: teamId },
    ];
    const all = await snapshot();
    for (const [who, viewer] of viewers) {
      for (const f of filters) {
        for (const sort of SORTS) {
          const what = `${who} ${JSON.stringify(f)} ${sort}`;
          const want = await expected(viewer, f, sort, all);
          const whole = await list(viewer, { ...f, sort, limit: 50 });
          assert.deepEqual(whole.news.map((n: Any) => n.id), want, what);
          assert.equal(whole.cursor, undefined, what);
          const paged = await allPages((cursor) => list(viewer, { ...f, sort, limit: 3, cursor }), 'news', 3);
          assert.deepEqual(paged, whole.news, what);
        }
      }
    }
  });

  it('defaults to the newest 20, and shows the viewer\'s own like and rating', async () => {
    const first = await call(reader, 'list_news', {});
    assert.deepEqual(first.news.map((n: Any) => n.id), (await expected(reader, { only_public: false, only_mine: false }, 'newest')).slice(0, 20));
    const top = (await call(author, 'list_news', { sort: 'popular', only_public: true, limit: 1 })).news[0];
    assert.equal(top.like_count, 6);
    assert.deepEqual([top.user_liked, top.user_rating], [true, 0]);
    const rated = (await call(writer, 'list_news', { sort: 'rating', only_mine: true, limit: 1 })).news[0];
    assert.deepEqual([rated.average_rating, rated.rating_count, rated.user_rating, rated.user_liked], [4.7, 3, 0, false]);
    for (const viewer of [guest, null]) {
      const page = await list(viewer, { sort: 'popular', limit: 1 });
      assert.deepEqual([page.news[0].user_liked, page.news[0].user_rating], [false, 0]);
    }
  });

  it('refuses bad input, cursors of another order and unknown teams', async () => {
    const { cursor } = await call(reader, 'list_news', { sort: 'popular', limit: 1 });
    for (const sort of ['newest', 'oldest', 'rating']) {
      await fails(call(reader, 'list_news', { sort, cursor, limit: 1 }), 400, 'Страница списка: курсор недействителен.', 3);
    }
    assert.equal((await call(reader, 'list_news', { sort: 'popular', cursor, limit: 1 })).news.length, 1);
    await fails(call(reader, 'list_news', { cursor: 'abc' }), 400, 'Страница списка: курсор недействителен.');
    await fails(call(reader, 'list_news', { sort: 'likes' }), 400, "Сортировка: ожидалось 'newest', 'oldest', 'popular' или 'rating'.");
    for (const limit of [0, 51, 2.5]) await fails(call(reader, 'list_news', { limit }), 400, /^Размер страницы: /);
    await fails(call(reader, 'list_news', { only_mine: 'yes' }), 400, /^Только мои: /);
    await fails(call(reader, 'list_news', { team_id: crypto.randomUUID() }), 404, 'Команда не найдена.', 5);
    assert.deepEqual(await withKey(ts, 'list_news', { only_mine: true }), { news: [] });
  });

  it('pages without repeats or gaps while news are written, liked and deleted', async () => {
    const team = await makeTeam(ts, reader);
    const make = () => create(reader, { team_id: team });
    for (let i = 0; i < 9; i++) await make();
    for (const sort of SORTS) {
      const before = await expected(reader, { only_public: false, only_mine: false, team_id: team }, sort);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      const removed = new Set<string>();
      do {
        const page = await call(reader, 'list_news', { team_id: team, sort, limit: 2, cursor });
        seen.push(...page.news.map((n: Any) => n.id));
        cursor = page.cursor;
        // Between pages: a new item, an item not yet seen deleted, and (for the orders by time) a like.
        await make();
        const unseen = before.filter((id) => !seen.includes(id) && !removed.has(id));
        if (unseen.length > 2) {
          const victim = unseen[unseen.length - 1];
          await call(reader, 'delete_news', { id: victim });
          items.delete(victim);
          removed.add(victim);
        }
        if (sort === 'newest' || sort === 'oldest') await call(author, 'like', { news_id: unseen[0] ?? before[0] });
        assert.ok(++pages < 50);
      } while (cursor);
      assert.equal(new Set(seen).size, seen.length, `${sort}: repeats`);
      const kept = before.filter((id) => !removed.has(id));
      assert.deepEqual(seen.filter((id) => kept.includes(id)), kept, `${sort}: gaps`);
    }
  });
});
