// list_news over a big table: `rows` news items (100,000 by default) with about ten likes and ten ratings
// each (1,000,000 of each), in a database of their own, vacuumed and analysed as autovacuum would leave it.
// Every listing list_news makes (each order; a visitor's public news, a signed-in caller's, only their own,
// a team's, a team's signed in) is timed through the portal's own listNews, its first page and the next,
// `rounds` times over, one call at a time: the p99 of a call (its queries, as the RPC runs them). Each
// statement is then EXPLAINed: the scans of the like and rating tables (the viewer's like and rating of
// each row of a page) should be index-only, and no big table scanned sequentially.
// Prints one JSON line. Alone: node bench/news-list.ts '{"rows": 100000, "rounds": 10}'.
import portal from '../portal/src/index.ts';
import { listNews, type NewsSort } from '../portal/src/news/store.ts';
import { CORE_MIGRATIONS, migrate, openDb, type Queryable } from '../server/src/db/index.ts';
import { benchDatabase } from './lib.ts';
import { md5Id as id, NEWS_TEAMS, newsSeedSql } from './news-seed.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { rows?: number; rounds?: number };
const ROWS = o.rows ?? 100_000;
const ROUNDS = o.rounds ?? 10;
const USERS = 1000;

const { dataDir, databaseUrl, drop } = await benchDatabase('tribuna_news_list');
const db = await openDb({ databaseUrl, dataDir });
try {
  await migrate(db, [CORE_MIGRATIONS, { namespace: portal.name, dir: portal.migrationsDir! }]);
  const started = Date.now();
  await db.execute(`INSERT INTO users (id, username) SELECT ${id("'u' || i")}, 'user_' || i FROM generate_series(0, ${USERS - 1}) i`);
  await db.execute(
    `INSERT INTO team (id, name, name_key, team_type, creator_id)
     SELECT ${id("'t' || i")}, 'Команда ' || i, 'команда ' || i, 0, ${id("'u0'")} FROM generate_series(0, ${NEWS_TEAMS - 1}) i`,
  );
  for (const sql of newsSeedSql(ROWS, USERS)) await db.execute(sql);
  for (const t of ['users', 'team', 'news', 'news_like', 'news_rating', 'news_media']) await db.execute(`VACUUM ANALYZE ${t}`);
  const seedSeconds = (Date.now() - started) / 1000;
  const [{ count: likes }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM news_like');

  // A user with news of their own, likes and ratings; a team with news.
  const [{ user_id: viewer, team_id: teamId }] = await db.query<{ user_id: string; team_id: string }>(
    `SELECT ${id("'u' || 42")}::text AS user_id, ${id("'t' || 42")}::text AS team_id`,
  );
  const listings: Record<string, (q: Queryable, cursor?: string) => Promise<{ cursor?: string }>> = {};
  for (const sort of ['newest', 'oldest', 'popular', 'rating'] as NewsSort[]) {
    const f = { sort, limit: 20, onlyMine: false, onlyPublic: false };
    listings[`${sort}`] = (q, cursor) => listNews(q, { ...f, viewer: '', cursor });
    listings[`${sort}, signed in`] = (q, cursor) => listNews(q, { ...f, viewer, cursor });
    listings[`${sort}, only_mine`] = (q, cursor) => listNews(q, { ...f, viewer, onlyMine: true, cursor });
    listings[`${sort} of a team`] = (q, cursor) => listNews(q, { ...f, viewer: '', teamId, cursor });
    listings[`${sort} of a team, signed in`] = (q, cursor) => listNews(q, { ...f, viewer, teamId, cursor });
  }

  // Timed: each listing's first page and the next, round after round.
  const times: number[] = [];
  const slowest: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(listings)) {
      let t = performance.now();
      const first = await run(db);
      const a = performance.now() - t;
      t = performance.now();
      if (first.cursor) await run(db, first.cursor);
      const b = performance.now() - t;
      times.push(a, b);
      slowest[name] = Math.max(slowest[name] ?? 0, a, b);
    }
  }
  const sorted = [...times].sort((x, y) => x - y);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

  // The plans.
  let lookups = 0;
  let indexOnly = 0;
  const seqScans: string[] = [];
  const notIndexOnly: string[] = [];
  for (const [name, run] of Object.entries(listings)) {
    const statements: [string, unknown[]][] = [];
    const recording: Queryable = {
      query: (sql, params) => (statements.push([sql, params ?? []]), db.query(sql, params)),
      execute: (sql, params) => (statements.push([sql, params ?? []]), db.execute(sql, params)),
    };
    await run(recording);
    for (const [sql, params] of statements) {
      const plan = (await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params)).map((r) => Object.values(r)[0]).join('\n');
      for (const m of plan.matchAll(/Seq Scan on (news\w*)/g)) seqScans.push(`${name}: ${m[1]}`);
      for (const m of plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan)(?: using \w+)? on (news_like|news_rating|news_media)\b/g)) {
        lookups++;
        if (m[1] === 'Index Only Scan') indexOnly++;
        else notIndexOnly.push(`${name}: ${m[1]} on ${m[2]}`);
      }
    }
  }
  console.log(JSON.stringify({
    rows: ROWS,
    likes,
    seedSeconds,
    calls: times.length,
    p50: pct(0.5),
    p99: pct(0.99),
    max: sorted[sorted.length - 1],
    slowest,
    lookups,
    indexOnly,
    notIndexOnly: [...new Set(notIndexOnly)],
    seqScans,
  }));
} finally {
  await db.close();
  await drop();
}
