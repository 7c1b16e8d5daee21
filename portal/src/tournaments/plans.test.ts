// The tournament and team-link listings are served by indexes: each statement the store runs is explained
// with sequential scans and sorts made a last resort, and must name its index and need no Sort.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { makeTeam, pagePlans, registered } from '../testing.ts';
import { listTournaments, type TournamentQuery, type TournamentSort } from './store.ts';
import { listLinks, type LinkQuery } from './team-store.ts';

let ts: TestServer;
let userId: string;
let teamId: string;
let tournamentId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  const owner = await registered(ts);
  userId = owner.user_id!;
  teamId = await makeTeam(ts, owner);
  const db = ts.app.nk.db;
  // One creator's tournaments, one type's and one team's links are a few among many.
  await db.execute(
    `INSERT INTO tournament (id, title, tournament_type, start_time, creator_id, create_time, delete_time)
     SELECT gen_random_uuid(), 'Турнир ' || i, (i % 20 = 0)::int, now() + i * interval '1 hour',
            CASE WHEN i % 100 = 0 THEN $1::uuid ELSE gen_random_uuid() END, now() - i * interval '1 minute',
            CASE WHEN i % 10 = 1 THEN now() END
     FROM generate_series(1, 2000) AS i`,
    [userId],
  );
  await db.execute(
    `INSERT INTO team (id, name, name_key, creator_id) SELECT gen_random_uuid(), 'Команда ' || i, 'команда ' || i, $1
     FROM generate_series(1, 300) AS i`,
    [userId],
  );
  // Each tournament has one of 300 teams, every hundredth by start time the team under test (seven of them
  // in the next 30 days, none deleted: a second page always follows); one tournament has them all.
  await db.execute(
    `WITH t AS (SELECT id, start_time, delete_time, row_number() OVER (ORDER BY start_time) AS n FROM tournament),
          tm AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM team WHERE id <> $1)
     INSERT INTO team_tournament (id, team_id, tournament_id, initiator, tournament_start_time, tournament_deleted)
     SELECT gen_random_uuid(), CASE WHEN t.n % 100 = 0 THEN $1 ELSE tm.id END, t.id, 'organizer', t.start_time, t.delete_time IS NOT NULL
     FROM t JOIN tm ON tm.n = t.n % 300`,
    [teamId],
  );
  [{ id: tournamentId }] = await db.query<{ id: string }>('SELECT id FROM tournament WHERE delete_time IS NULL LIMIT 1');
  await db.execute(
    `INSERT INTO team_tournament (id, team_id, tournament_id, initiator, tournament_start_time)
     SELECT gen_random_uuid(), tm.id, t.id, 'team', t.start_time FROM team tm, tournament t WHERE t.id = $1
     ON CONFLICT DO NOTHING`,
    [tournamentId],
  );
  await db.execute('ANALYZE');
});
after(() => ts.close());

describe('tournament query plans', () => {
  it('lists live tournaments from the partial index of each sort, for everyone, a type or a creator', async () => {
    const cases: [Omit<TournamentQuery, 'sort' | 'limit' | 'viewerId'>, string][] = [
      [{}, 'tournament'],
      [{ startAfter: new Date() }, 'tournament'],
      [{ tournamentType: 1 }, 'tournament_type'],
      [{ creatorId: userId }, 'tournament_creator'],
    ];
    for (const sort of ['newest', 'start_time'] as TournamentSort[]) {
      for (const [filter, prefix] of cases) {
        const plans = await pagePlans(ts.app.nk.db, (db, cursor) => listTournaments(db, { ...filter, viewerId: userId, sort, limit: 2, cursor }));
        for (const plan of plans) {
          assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${prefix}_${sort === 'newest' ? 'create' : 'start'}_idx`), plan);
          assert.doesNotMatch(plan, /Seq Scan|Sort {2}\(/, plan);
        }
      }
    }
  });

  it('lists a team’s or a tournament’s links by start time from their index', async () => {
    const cases: [Omit<LinkQuery, 'dir' | 'limit' | 'includeDeletedOf'>, string][] = [
      [{ teamId }, 'team_tournament_team_start_idx'],
      [{ teamId, startBefore: new Date(Date.now() + 30 * 86_400_000) }, 'team_tournament_team_start_idx'],
      [{ tournamentId }, 'team_tournament_tournament_start_idx'],
      [{}, 'team_tournament_start_idx'],
    ];
    for (const dir of ['asc', 'desc'] as const) {
      for (const includeDeletedOf of [undefined, userId]) {
        for (const [f, index] of cases) {
          const plans = await pagePlans(ts.app.nk.db, (db, cursor) => listLinks(db, { ...f, includeDeletedOf, dir, limit: 2, cursor }));
          for (const plan of plans) {
            assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${index}`), plan);
            assert.doesNotMatch(plan, /Seq Scan|Sort {2}\(/, plan);
          }
        }
      }
    }
  });
});
