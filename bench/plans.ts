// Query plans of the portal's list queries over big tables: ROWS rows in each (teams, players, roster
// entries, events, photos, videos, news, matches (in ROWS / 100 tournaments, two events each), broadcasts,
// tournaments, their ratings and team links,
// wallet ledger rows and payments),
// ten times as many news likes and ratings, statistics gathered, then every statement a listing runs is
// EXPLAINed as the planner would really run it. A sequential scan of a big table is a missing index.
// Prints one JSON line: the listings, their statements' plans and the sequential scans found.
import { listEvents, listMyEvents } from '../portal/src/calendar/store.ts';
import portal from '../portal/src/index.ts';
import { getNews, listNews, type NewsSort } from '../portal/src/news/store.ts';
import { playerTotalsQuery, standingsInput, topScorers } from '../portal/src/competition/stats-store.ts';
import { listEvents as listMatchEvents } from '../portal/src/competition/event-store.ts';
import { listMatches, listMyMatches, listTournamentMatches } from '../portal/src/matches/store.ts';
import { listPhotos, listSections as listPhotoSections } from '../portal/src/photos/store.ts';
import { listPlayers } from '../portal/src/players/store.ts';
import { listTeamPlayers } from '../portal/src/roster/store.ts';
import { getPayment, paymentByProviderId, pendingPayments, testPaymentState } from '../portal/src/shop/store.ts';
import { listStreams } from '../portal/src/streams/store.ts';
import { getTeamWithMembership, listTeams } from '../portal/src/teams/store.ts';
import { getTournament, listTournaments } from '../portal/src/tournaments/store.ts';
import { listLinks } from '../portal/src/tournaments/team-store.ts';
import { searchVideos } from '../portal/src/videos/search.ts';
import { listSections as listVideoSections, listVideos } from '../portal/src/videos/store.ts';
import { Wallets } from '../server/src/core/wallet.ts';
import { CORE_MIGRATIONS, migrate, openDb, type Queryable } from '../server/src/db/index.ts';
import { benchDatabase } from './lib.ts';
import { md5Id as id, newsSeedSql } from './news-seed.ts';

// Run by run.ts with {"rows": N}; alone: node bench/plans.ts '{"rows": 100000}'.
const ROWS = Number((JSON.parse(process.argv[2] ?? '{}') as { rows?: number }).rows ?? 100_000);
const USERS = 1000;
const TEAMS_WITH_MEDIA = ROWS / 10;
// Matches belong to this many tournaments (1,000 at 100,000 rows), a hundred each.
const COMPETITIONS = ROWS / 100;
const BIG_TABLES = [
  'team', 'player', 'team_player', 'team_event', 'team_photo_section', 'team_photo', 'team_video_section', 'team_video',
  'news', 'news_like', 'news_rating', 'news_media', 'match', 'match_event', 'stream', 'tournament', 'tournament_rating', 'team_tournament',
  'wallet_ledger', 'payment',
];

const { dataDir, databaseUrl, drop } = await benchDatabase('tribuna_plans');
const db = await openDb({ databaseUrl, dataDir });
await migrate(db, [CORE_MIGRATIONS, { namespace: portal.name, dir: portal.migrationsDir! }]);

const started = Date.now();
const seedSql = [
  `INSERT INTO users (id, username) SELECT ${id("'u' || i")}, 'user_' || i FROM generate_series(0, ${USERS - 1}) i`,
  `INSERT INTO team (id, name, name_key, team_type, creator_id, create_time)
   SELECT ${id("'t' || i")}, 'Команда ' || i, 'команда ' || i, i % 2, ${id("'u' || (i % " + USERS + ')')}, now() - i * interval '1 second'
   FROM generate_series(0, ${ROWS - 1}) i`,
  `INSERT INTO player (id, first_name, last_name, first_name_key, last_name_key, creator_id, goals, matches)
   SELECT ${id("'p' || i")}, 'Имя' || (i % 500), 'Фамилия' || i, 'имя' || (i % 500), 'фамилия' || i, ${id("'u' || (i % " + USERS + ')')}, i % 40, i % 90
   FROM generate_series(0, ${ROWS - 1}) i`,
  // Ten players in each of the first ROWS / 10 teams, numbers 1 to 10.
  `INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, number, is_confirmed, team_role)
   SELECT ${id("'tp' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, ${id("'p' || i")}, ${id("'u' || (i % " + USERS + ')')},
          ${id("'u' || (i % " + USERS + ')')}, i / ${TEAMS_WITH_MEDIA} + 1, i % 3 <> 0, (i % 7 = 0)::int
   FROM generate_series(0, ${ROWS - 1}) i`,
  `INSERT INTO team_event (id, team_id, title, type, event_time, creator_id)
   SELECT ${id("'e' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, 'Тренировка ' || i, 'training', now() + (i % 365) * interval '1 day', ${id("'u0'")}
   FROM generate_series(0, ${ROWS - 1}) i`,
  `INSERT INTO team_photo_section (id, team_id, title, title_key, slug, sort)
   SELECT ${id("'ps' || i")}, ${id("'t' || i")}, 'Альбом ' || i, 'альбом ' || i, 'album-' || i, i FROM generate_series(0, ${TEAMS_WITH_MEDIA - 1}) i`,
  `INSERT INTO team_photo (id, team_id, section_id, file_id, creator_id, create_time, delete_time)
   SELECT ${id("'ph' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, ${id("'ps' || (i % " + TEAMS_WITH_MEDIA + ')')}, ${id("'f' || i")}, ${id("'u0'")},
          now() - i * interval '1 second', CASE WHEN i % 20 = 0 THEN now() END
   FROM generate_series(0, ${ROWS - 1}) i`,
  `INSERT INTO team_video_section (id, team_id, title, title_key, sort_order)
   SELECT ${id("'vs' || i")}, ${id("'t' || i")}, 'Видео ' || i, 'видео ' || i, i FROM generate_series(0, ${TEAMS_WITH_MEDIA - 1}) i`,
  `INSERT INTO team_video (id, team_id, section_id, title, title_key, description, embed_url, tags, sort_order, create_time)
   SELECT ${id("'v' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, ${id("'vs' || (i % " + TEAMS_WITH_MEDIA + ')')},
          (ARRAY['Голы сезона', 'Тренировка вратарей', 'Обзор матча', 'Интервью тренера'])[i % 4 + 1] || ' ' || i, 'видео ' || i,
          'Любительский футбол', 'https://rutube.ru/play/embed/' || i, ARRAY['футбол'], i, now() - i * interval '1 second'
   FROM generate_series(0, ${ROWS - 1}) i`,
  ...newsSeedSql(ROWS, USERS),
  // Broadcasts: a third without a start time, a quarter with an end, a thousand tags.
  `INSERT INTO stream (id, title, description, embed_url, start_time, end_time, tags, tag_keys, creator_id, create_time, update_time)
   SELECT ${id("'s' || i")}, 'Трансляция ' || i, 'Описание трансляции', 'https://rutube.ru/play/embed/' || i, st,
          CASE WHEN i % 4 = 0 THEN COALESCE(st, ct) + interval '2 hours' END, ARRAY['Тег' || (i % 1000)], ARRAY['тег' || (i % 1000)],
          ${id("'u' || (i % " + USERS + ')')}, ct, ct + (i % 7) * interval '1 hour'
   FROM generate_series(0, ${ROWS - 1}) i,
        LATERAL (SELECT CASE WHEN i % 3 <> 0 THEN now() + (i - ${ROWS / 2}) * interval '1 minute' END AS st,
                        now() - i * interval '1 second' AS ct) x`,
  // Tournaments of both types, half of them to come, one in twenty deleted.
  `INSERT INTO tournament (id, title, tournament_type, start_time, creator_id, create_time, delete_time)
   SELECT ${id("'tr' || i")}, 'Турнир ' || i, i % 2, now() + (i - ${ROWS / 2}) * interval '1 hour', ${id("'u' || (i % " + USERS + ')')},
          now() - i * interval '1 second', CASE WHEN i % 20 = 0 THEN now() END
   FROM generate_series(0, ${ROWS - 1}) i`,
  // Matches between teams i and i + 1 of the first ROWS / 10, half of them to come; those played are
  // confirmed. Each belongs to one of COMPETITIONS tournaments, in rounds of ten.
  `INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id, tournament_id, round, result_state, home_score, guest_score)
   SELECT ${id("'m' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, ${id("'t' || ((i + 1) % " + TEAMS_WITH_MEDIA + ')')},
          now() + (i - ${ROWS / 2}) * interval '1 minute', ${id("'u' || (i % " + USERS + ')')}, ${id("'tr' || (i % " + COMPETITIONS + ')')},
          i / ${COMPETITIONS} / 10 + 1, CASE WHEN i < ${ROWS / 2} THEN 'confirmed' ELSE 'none' END,
          CASE WHEN i < ${ROWS / 2} THEN i % 4 END, CASE WHEN i < ${ROWS / 2} THEN i % 3 END
   FROM generate_series(0, ${ROWS - 1}) i`,
  // Two events of each match: an assisted goal and a card, by players of the first ROWS / 10 teams.
  `INSERT INTO match_event (id, match_id, minute, type, team_id, player_id, assist_player_id, creator_id)
   SELECT ${id("'me' || i")}, ${id("'m' || (i / 2)")}, i % 90, CASE WHEN i % 2 = 0 THEN 'goal' ELSE 'yellow' END,
          ${id("'t' || (i / 2 % " + TEAMS_WITH_MEDIA + ')')}, ${id("'p' || (i % " + ROWS + ')')}, CASE WHEN i % 2 = 0 THEN ${id("'p' || ((i + 1) % " + ROWS + ')')} END,
          ${id("'u0'")}
   FROM generate_series(0, ${2 * ROWS - 1}) i`,
  // A rating by each user of the first ROWS / USERS tournaments.
  `INSERT INTO tournament_rating (tournament_id, user_id, rating)
   SELECT ${id("'tr' || (i / " + USERS + ')')}, ${id("'u' || (i % " + USERS + ')')}, i % 5 + 1 FROM generate_series(0, ${ROWS - 1}) i`,
  // Each tournament with one of the first ROWS / 10 teams.
  `INSERT INTO team_tournament (id, team_id, tournament_id, initiator, tournament_start_time, tournament_deleted)
   SELECT ${id("'tt' || i")}, ${id("'t' || (i % " + TEAMS_WITH_MEDIA + ')')}, tr.id, 'organizer', tr.start_time, tr.delete_time IS NOT NULL
   FROM generate_series(0, ${ROWS - 1}) i JOIN tournament tr ON tr.id = ${id("'tr' || i")}`,
  // Wallet changes of every user, newest last; payments of both providers, one in ten pending.
  `INSERT INTO wallet_ledger (id, user_id, changeset, metadata, create_time)
   SELECT ${id("'wl' || i")}, ${id("'u' || (i % " + USERS + ')')}, jsonb_build_object('COIN', i % 100 - 50), '{}', now() - i * interval '1 second'
   FROM generate_series(0, ${ROWS - 1}) i`,
  `INSERT INTO payment (id, user_id, pack_id, coins, price, currency, method, provider, provider_payment_id, status, create_time)
   SELECT ${id("'pay' || i")}, ${id("'u' || (i % " + USERS + ')')}, 'coins_500', 500, 450, 'RUB', 'card',
          (ARRAY['test', 'yookassa'])[i % 2 + 1], ${id("'ypay' || i")}::text,
          CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'succeeded' END, now() - i * interval '1 second'
   FROM generate_series(0, ${ROWS - 1}) i`,
];
for (const sql of seedSql) await db.execute(sql);
for (const t of ['users', ...BIG_TABLES]) await db.execute(`ANALYZE ${t}`);
const seedSeconds = (Date.now() - started) / 1000;

// The listings, as their RPCs call them; each is run for its first page and, where it has one, the next.
const team = '(SELECT ' + id("'t' || 42") + ')';
const [{ team_id: teamId, user_id: userId }] = await db.query<{ team_id: string; user_id: string }>(
  `SELECT ${team}::text AS team_id, ${id("'u' || 42")}::text AS user_id`,
);
const [{ id: sectionId }] = await db.query<{ id: string }>(`SELECT ${id("'ps' || 42")}::text AS id`);
const [{ id: videoSectionId }] = await db.query<{ id: string }>(`SELECT ${id("'vs' || 42")}::text AS id`);
const [{ id: newsId }] = await db.query<{ id: string }>(`SELECT ${id("'n' || 42")}::text AS id`);
const [{ id: tournamentId }] = await db.query<{ id: string }>(`SELECT ${id("'tr' || 43")}::text AS id`);
const [{ id: matchId }] = await db.query<{ id: string }>(`SELECT ${id("'m' || 4242")}::text AS id`);
const playerIds = (await db.query<{ id: string }>(`SELECT ${id("'p' || i")}::text AS id FROM generate_series(4240, 4249) i`)).map((r) => r.id);
const [{ pay: paymentId, ypay: yookassaPaymentId, tpay: testPaymentId }] = await db.query<{ pay: string; ypay: string; tpay: string }>(
  `SELECT ${id("'pay' || 42")}::text AS pay, ${id("'ypay' || 43")}::text AS ypay, ${id("'ypay' || 42")}::text AS tpay`,
);
const now = new Date();
const in30Days = new Date(Date.now() + 30 * 86_400_000);
type Page = { cursor?: string };
const listings: Record<string, (q: Queryable, cursor?: string) => Promise<Page | unknown>> = {
  'get_team (with the caller’s membership)': (q) => getTeamWithMembership(q, teamId, userId),
  list_teams: (q, cursor) => listTeams(q, { limit: 20, cursor }),
  'list_teams by type': (q, cursor) => listTeams(q, { limit: 20, teamType: 1, cursor }),
  'list_teams by creator': (q, cursor) => listTeams(q, { limit: 20, creatorId: userId, cursor }),
  'list_teams by manager': (q, cursor) => listTeams(q, { limit: 20, managerId: userId, cursor }),
  'list_teams by name': (q, cursor) => listTeams(q, { limit: 20, name: 'команда 4', cursor }),
  list_players: (q, cursor) => listPlayers(q, { limit: 20, cursor }),
  'list_players by creator': (q, cursor) => listPlayers(q, { limit: 20, creatorIds: [userId], cursor }),
  'list_players by last name': (q, cursor) => listPlayers(q, { limit: 20, lastName: 'фамилия4', cursor }),
  'list_team_players of a team': (q, cursor) => listTeamPlayers(q, { limit: 20, teamIds: [teamId], cursor }),
  'list_team_players of a user': (q, cursor) => listTeamPlayers(q, { limit: 20, userIds: [userId], cursor }),
  list_team_events: (q) => listEvents(q, { teamId, startDate: '2026-01-01', endDate: '2027-12-31', timeZone: 'Europe/Moscow' }),
  list_my_team_events: (q) => listMyEvents(q, userId, { startDate: '2026-01-01', endDate: '2026-12-31', timeZone: 'Europe/Moscow' }),
  list_photo_sections: (q, cursor) => listPhotoSections(q, { teamId, includeDeleted: false, sortBy: 'sort', dir: 'asc', limit: 20, cursor }),
  'list_photos of a team': (q, cursor) => listPhotos(q, { teamId, includeDeleted: false, dir: 'desc', limit: 20, cursor }),
  'list_photos of a section': (q, cursor) => listPhotos(q, { teamId, sectionId, includeDeleted: false, dir: 'desc', limit: 20, cursor }),
  list_video_sections: (q, cursor) => listVideoSections(q, { teamId, includeDeleted: false, sortBy: 'title', dir: 'asc', limit: 20, cursor }),
  'list_videos of a team': (q, cursor) => listVideos(q, { teamId, includeDeleted: false, sortBy: 'create_time', dir: 'desc', limit: 20, cursor }),
  'list_videos of a section': (q, cursor) =>
    listVideos(q, { teamId, sectionId: videoSectionId, includeDeleted: false, sortBy: 'sort_order', dir: 'asc', limit: 20, cursor }),
  search_videos: (q, cursor) => searchVideos(q, { teamId, query: 'голы', language: 'russian', limit: 20, cursor }),
  'get_news (with the caller’s like and rating)': (q) => getNews(q, newsId, userId),
  list_matches: (q, cursor) => listMatches(q, { dir: 'desc', limit: 20, offset: 0, cursor }),
  'list_matches upcoming': (q, cursor) => listMatches(q, { fromTime: now, dir: 'asc', limit: 20, offset: 0, cursor }),
  'list_matches past': (q, cursor) => listMatches(q, { toTime: now, dir: 'desc', limit: 20, offset: 0, cursor }),
  'list_matches of a team, upcoming': (q, cursor) => listMatches(q, { teamId, fromTime: now, dir: 'asc', limit: 20, offset: 0, cursor }),
  'list_matches of a team, past': (q, cursor) => listMatches(q, { teamId, toTime: now, dir: 'desc', limit: 20, offset: 0, cursor }),
  'list_matches by home team': (q, cursor) => listMatches(q, { ownerTeamId: teamId, dir: 'desc', limit: 20, offset: 0, cursor }),
  'list_matches of a team, either side': (q, cursor) => listMatches(q, { teamId, dir: 'desc', limit: 20, offset: 0, cursor }),
  'list_matches of a team, either side, 3rd page by offset': (q) => listMatches(q, { teamId, dir: 'desc', limit: 20, offset: 40 }),
  list_my_matches: (q) => listMyMatches(q, userId, now, new Date(now.getTime() + 62 * 86_400_000)),
  ...Object.fromEntries(
    (['create_time', 'start_time', 'update_time'] as const).map((sortBy) => [
      `list_streams by ${sortBy}`,
      (q: Queryable, cursor?: string) => listStreams(q, { onlyActive: false, sortBy, dir: 'desc', limit: 20, cursor }),
    ]),
  ),
  'list_streams mine': (q, cursor) => listStreams(q, { creatorId: userId, onlyActive: false, sortBy: 'start_time', dir: 'desc', limit: 20, cursor }),
  'list_streams by tag': (q, cursor) => listStreams(q, { tag: 'Тег42', onlyActive: false, sortBy: 'create_time', dir: 'desc', limit: 20, cursor }),
  'list_streams on air': (q, cursor) => listStreams(q, { onlyActive: true, sortBy: 'start_time', dir: 'desc', limit: 20, cursor }),
  'TV schedule': (q, cursor) => listStreams(q, { startAfter: now, onlyActive: false, sortBy: 'start_time', dir: 'asc', limit: 100, cursor }),
  'get_tournament (with the caller’s rating)': (q) => getTournament(q, tournamentId, userId),
  list_tournaments: (q, cursor) => listTournaments(q, { viewerId: userId, sort: 'newest', limit: 20, cursor }),
  'list_tournaments by type': (q, cursor) => listTournaments(q, { viewerId: '', tournamentType: 1, sort: 'newest', limit: 20, cursor }),
  'list_tournaments upcoming': (q, cursor) => listTournaments(q, { viewerId: userId, startAfter: now, sort: 'start_time', limit: 20, cursor }),
  'list_tournaments mine': (q, cursor) => listTournaments(q, { viewerId: userId, creatorId: userId, sort: 'newest', limit: 20, cursor }),
  'list_team_tournaments of a team, next 30 days': (q, cursor) =>
    listLinks(q, { teamId, startBefore: in30Days, dir: 'asc', limit: 20, cursor }),
  'list_team_tournaments of a tournament': (q, cursor) => listLinks(q, { tournamentId, dir: 'asc', limit: 20, cursor }),
  'get_standings (teams, results, cards)': (q) => standingsInput(q, tournamentId),
  list_top_scorers: (q) => topScorers(q, tournamentId, 20),
  'players’ career totals (recounted on each change)': (q) => q.query(playerTotalsQuery(playerIds).sql, playerTotalsQuery(playerIds).params),
  list_match_events: (q) => listMatchEvents(q, matchId),
  list_tournament_matches: (q) => listTournamentMatches(q, tournamentId),
  // The core's ledger listing reads only its db's query.
  get_wallet_ledger: (q, cursor) => new Wallets({ ...db, query: q.query, execute: q.execute }).ledgerList(userId, 20, cursor),
  get_payment: (q) => getPayment(q, paymentId),
  'yookassa_webhook (a payment by its YooKassa id)': (q) => paymentByProviderId(q, 'yookassa', yookassaPaymentId),
  'test provider: a payment’s state': (q) => testPaymentState(q, testPaymentId, 1500),
  'test provider at start: pending payments': async (q) => {
    const first = await pendingPayments(q, 'test', 100);
    return pendingPayments(q, 'test', 100, first[first.length - 1]);
  },
};
// list_news in each order: a visitor's public news, a signed-in caller's (their private ones merged in),
// only their own, and a team's.
const NEWS_SORTS: NewsSort[] = ['newest', 'oldest', 'popular', 'rating'];
for (const sort of NEWS_SORTS) {
  const news = { sort, limit: 20, onlyMine: false, onlyPublic: false };
  listings[`list_news ${sort}`] = (q, cursor) => listNews(q, { ...news, viewer: '', cursor });
  listings[`list_news ${sort}, signed in`] = (q, cursor) => listNews(q, { ...news, viewer: userId, cursor });
  listings[`list_news ${sort}, only_mine`] = (q, cursor) => listNews(q, { ...news, viewer: userId, onlyMine: true, cursor });
  listings[`list_news ${sort} of a team`] = (q, cursor) => listNews(q, { ...news, viewer: '', teamId, cursor });
  listings[`list_news ${sort} of a team, signed in`] = (q, cursor) => listNews(q, { ...news, viewer: userId, teamId, cursor });
}

interface Checked {
  listing: string;
  sql: string;
  plan: string;
  seqScans: string[];
}
const checked: Checked[] = [];
for (const [listing, run] of Object.entries(listings)) {
  const statements: [string, unknown[]][] = [];
  const recording: Queryable = {
    query: (sql, params) => (statements.push([sql, params ?? []]), db.query(sql, params)),
    execute: (sql, params) => (statements.push([sql, params ?? []]), db.execute(sql, params)),
  };
  const first = (await run(recording)) as Page;
  if (first && typeof first === 'object' && first.cursor) await run(recording, first.cursor);
  for (const [sql, params] of statements) {
    const rows = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => BIG_TABLES.includes(t));
    checked.push({ listing, sql, plan, seqScans });
  }
}

await db.close();
await drop();
console.log(
  JSON.stringify({
    rows: ROWS,
    seedSeconds,
    listings: Object.keys(listings).length,
    statements: checked.length,
    seqScans: checked.filter((c) => c.seqScans.length).map((c) => ({ listing: c.listing, tables: c.seqScans, plan: c.plan })),
    checked,
  }),
);
