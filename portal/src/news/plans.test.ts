// The news listings and get_news are served by indexes: each statement the store runs is explained with
// sequential scans and sorts made a last resort, and must read the partial index of its listing and order.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { call, makeTeam, pagePlans, planOf, registered, uploadPng } from '../testing.ts';
import { getNews, listNews, type NewsQuery, type NewsSort } from './store.ts';

let ts: TestServer;
let author: Session;
let teamId: string;
let newsId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  author = await registered(ts);
  teamId = await makeTeam(ts, author);
  const file = await uploadPng(ts, author);
  for (const is_public of [true, false, true]) {
    for (const team_id of [teamId, undefined]) {
      newsId = (await call(ts, author, 'create_news', { name: 'Новость команды', is_public, team_id })).id;
      await call(ts, author, 'like', { news_id: newsId });
      await call(ts, author, 'rate_news', { news_id: newsId, rating: 4 });
      await call(ts, author, 'add_news_media', { news_id: newsId, file_id: file });
    }
  }
  // Many items of others, so that the indexes are the selective way to a listing's rows.
  await ts.app.nk.db.execute(
    `INSERT INTO news (id, name, creator_id, is_public, like_count, rating_count, rating_sum, rating_tenths, create_time)
     SELECT gen_random_uuid(), 'Новость ' || i, gen_random_uuid(), i % 4 <> 0, i % 7, 1, i % 5 + 1, (i % 5 + 1) * 10,
            now() - i * interval '1 minute'
     FROM generate_series(1, 500) AS i`,
  );
  await ts.app.nk.db.execute('ANALYZE');
});
after(() => ts.close());

/** A sequential scan, or a Sort node (a Merge Append's sort key is no sort). */
const SEQ_SCAN_OR_SORT = /Seq Scan|\bSort {2}\(/;
/**
 * The viewer's like and rating are read per row of the page by primary key (news_id, user_id), from the
 * key's entries alone (the rating is kept in them).
 */
function viewerByKey(plan: string): void {
  assert.match(plan, /Index Only Scan using news_like_pkey on news_like l .*\n.*Index Cond: \(\(news_id = n(_\d)?\.id\) AND/, plan);
  assert.match(plan, /Index Only Scan using news_rating_pkey on news_rating r .*\n.*Index Cond: \(\(news_id = n(_\d)?\.id\) AND/, plan);
}

/** A page's media are read in order from their index, each item's by its id, from the index's entries alone. */
function mediaByKey(plan: string): void {
  assert.match(plan, /Index Only Scan using news_media_news_idx on news_media m .*\n.*Index Cond: \(news_id = page.news_id\)/, plan);
  assert.doesNotMatch(plan, SEQ_SCAN_OR_SORT, plan);
}

const SORTS: NewsSort[] = ['newest', 'oldest', 'popular', 'rating'];
const COLUMN: Record<NewsSort, string> = { newest: 'create', oldest: 'create', popular: 'likes', rating: 'rating' };

/** The plans of the first and the next page of a listing. */
const plans = (q: Omit<NewsQuery, 'sort' | 'limit' | 'cursor'>, sort: NewsSort) =>
  pagePlans(ts.app.nk.db, (db, cursor) => listNews(db, { ...q, sort, limit: 1, cursor }));

describe('news query plans', () => {
  it('lists each order of public news, a team\'s and a creator\'s from its own index', async () => {
    const viewer = author.user_id!;
    const listings: [string, Omit<NewsQuery, 'sort' | 'limit' | 'cursor'>][] = [
      ['news_public', { viewer: '', onlyMine: false, onlyPublic: false }],
      ['news_public', { viewer, onlyMine: false, onlyPublic: true }],
      ['news_team', { viewer: '', onlyMine: false, onlyPublic: true, teamId }],
      ['news_creator', { viewer, onlyMine: true, onlyPublic: false }],
      ['news_creator', { viewer, onlyMine: true, onlyPublic: true }],
      ['news_creator', { viewer, onlyMine: true, onlyPublic: false, teamId }],
    ];
    for (const [prefix, q] of listings) {
      for (const sort of SORTS) {
        const [first, media, next, nextMedia] = await plans(q, sort);
        for (const plan of [media, nextMedia]) mediaByKey(plan);
        for (const plan of [first, next]) {
          assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${prefix}_${COLUMN[sort]}_idx`), plan);
          assert.doesNotMatch(plan, SEQ_SCAN_OR_SORT, plan);
          viewerByKey(plan);
        }
      }
    }
  });

  it('merges a signed-in caller\'s own private news from the creator\'s index', async () => {
    const viewer = author.user_id!;
    for (const teamFilter of [{}, { teamId }]) {
      for (const sort of SORTS) {
        const [first, media, next, nextMedia] = await plans({ viewer, onlyMine: false, onlyPublic: false, ...teamFilter }, sort);
        for (const plan of [media, nextMedia]) mediaByKey(plan);
        for (const plan of [first, next]) {
          const team = 'teamId' in teamFilter ? 'news_team' : 'news_public';
          assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${team}_${COLUMN[sort]}_idx`), plan);
          assert.match(plan, new RegExp(`Index Scan(?: Backward)? using news_creator_${COLUMN[sort]}_idx`), plan);
          assert.doesNotMatch(plan, SEQ_SCAN_OR_SORT, plan);
          viewerByKey(plan);
        }
      }
    }
  });

  it('never reads a description for a listing: each statement\'s every node outputs none', async () => {
    const viewer = author.user_id!;
    const listings: Omit<NewsQuery, 'sort' | 'limit' | 'cursor'>[] = [
      { viewer: '', onlyMine: false, onlyPublic: false },
      { viewer, onlyMine: false, onlyPublic: false, teamId },
      { viewer, onlyMine: true, onlyPublic: false },
    ];
    for (const q of listings) {
      for (const sort of SORTS) {
        const verbose = await pagePlans(ts.app.nk.db, (db, cursor) => listNews(db, { ...q, sort, limit: 1, cursor }), { verbose: true });
        for (const plan of verbose) {
          assert.match(plan, /Output: /, plan);
          assert.doesNotMatch(plan, /\bdescription\b/, plan);
        }
      }
    }
    // The same check sees get_news read it.
    const statements: [string, unknown[]][] = [];
    const db = ts.app.nk.db;
    await getNews({ query: (sql, p) => (statements.push([sql, p ?? []]), db.query(sql, p)), execute: db.execute }, newsId, viewer);
    assert.match(await planOf(db, ...statements[0], { verbose: true }), /\bn\.description\b/);
  });

  it('reads one item, the viewer\'s like and rating and the page\'s media by key', async () => {
    const statements: [string, unknown[]][] = [];
    const db = ts.app.nk.db;
    await getNews({ query: (sql, p) => (statements.push([sql, p ?? []]), db.query(sql, p)), execute: db.execute }, newsId, author.user_id!);
    assert.equal(statements.length, 2);
    const [item, media] = await Promise.all(statements.map(([sql, p]) => planOf(db, sql, p)));
    assert.match(item, /Index Scan using news_pkey/, item);
    viewerByKey(item);
    assert.doesNotMatch(item, /Seq Scan/, item);
    mediaByKey(media);
  });
});
