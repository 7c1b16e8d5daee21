// The match listings are served by indexes: each statement the store runs is explained with sequential
// scans and sorts made a last resort, and must name its index and need no Sort; at 100,000 matches the
// planner, left to itself, reads the periods of /matches and of a team page through them as well.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import type { Queryable } from '@tribuna/server';
import { makeTeam, pagePlans, planOf, registered } from '../testing.ts';
import { listMatches, listMyMatchesQuery, type MatchQuery } from './store.ts';

let ts: TestServer;
let teamA: string;
let teamB: string;
let ownerId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  const owner = await registered(ts);
  ownerId = owner.user_id!;
  [teamA, teamB] = [await makeTeam(ts, owner), await makeTeam(ts, owner)];
  await ts.app.nk.db.execute(
    `INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id)
     SELECT gen_random_uuid(), CASE WHEN i % 2 = 0 THEN $1::uuid ELSE $2::uuid END, CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
            now() + i * interval '1 hour', $3
     FROM generate_series(1, 50) AS i`,
    [teamA, teamB, owner.user_id],
  );
  await ts.app.nk.db.execute('ANALYZE');
});
after(() => ts.close());

const plans = (q: Omit<MatchQuery, 'dir' | 'limit' | 'offset'>, dir: 'asc' | 'desc') =>
  pagePlans(ts.app.nk.db, (db, cursor) => listMatches(db, { ...q, dir, limit: 2, offset: 0, cursor }));

describe('match query plans', () => {
  it('lists all matches, a team’s home or away ones, from the index of each', async () => {
    const cases: [Omit<MatchQuery, 'dir' | 'limit' | 'offset'>, RegExp][] = [
      [{}, /using match_time_idx/],
      [{ fromTime: new Date() }, /using match_time_idx/],
      [{ ownerTeamId: teamA }, /using match_owner_time_idx/],
      [{ guestTeamId: teamA, toTime: new Date(Date.now() + 86_400_000) }, /using match_guest_time_idx/],
    ];
    for (const [q, index] of cases) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const plan of await plans(q, dir)) {
          assert.match(plan, index, plan);
          assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
        }
      }
    }
  });

  it('merges a team’s home and away matches in order', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      for (const plan of await plans({ teamId: teamA }, dir)) {
        assert.match(plan, /Merge Append/, plan);
        assert.match(plan, /using match_owner_time_idx/, plan);
        assert.match(plan, /using match_guest_time_idx/, plan);
        // "Sort Key" names the merge's order; a Sort node would be "Sort  (cost=…".
        assert.doesNotMatch(plan, /Seq Scan|Sort {2}\(/, plan);
      }
    }
  });

  it("reads a user's matches through their teams and each team's home and away indexes", async () => {
    const { sql, params } = listMyMatchesQuery(ownerId, new Date(), new Date(Date.now() + 30 * 86_400_000));
    const plan = await planOf(ts.app.nk.db, sql, params, { sorts: true });
    // The user's teams are the calendar's subquery (its test names their indexes at a realistic size).
    assert.match(plan, /Index Scan using match_owner_time_idx on match\b.*\n\s+Index Cond: \(\(owner_team_id = \w+\.id\) AND \(match_time >= /, plan);
    assert.match(plan, /Index Scan using match_guest_time_idx on match\b.*\n\s+Index Cond: \(\(guest_team_id = \w+\.id\) AND \(match_time >= /, plan);
    assert.doesNotMatch(plan, /Seq Scan/, plan);
  });
});

describe('match query plans at 100,000 matches', () => {
  const TEAMS = 500;
  let team: string;
  before(async () => {
    // 500 teams (ids only: a match keeps its teams' ids) playing over two years either side of now.
    await ts.app.nk.db.execute(
      `WITH teams AS (SELECT array_agg(gen_random_uuid()) AS ids FROM generate_series(1, ${TEAMS}))
       INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id)
       SELECT gen_random_uuid(), ids[1 + i % ${TEAMS}], ids[1 + (i * 7 + 1) % ${TEAMS}],
              now() + (i - 50000) * interval '10 minutes', $1
       FROM teams, generate_series(1, 100000) AS i`,
      [ownerId],
    );
    await ts.app.nk.db.execute('ANALYZE match');
    team = (await ts.app.nk.db.query<{ id: string }>('SELECT owner_team_id AS id FROM match ORDER BY match_time LIMIT 1 OFFSET 5000'))[0].id;
  });

  /** The plans the planner chooses by itself (nothing disabled) for a listing's first and second page. */
  async function freePlans(q: Omit<MatchQuery, 'limit' | 'offset'>): Promise<string[]> {
    const statements: [string, unknown[]][] = [];
    const db: Queryable = {
      query: (sql, params) => (statements.push([sql, params ?? []]), ts.app.nk.db.query(sql, params)),
      execute: (sql, params) => (statements.push([sql, params ?? []]), ts.app.nk.db.execute(sql, params)),
    };
    const first = await listMatches(db, { ...q, limit: 20, offset: 0 });
    await listMatches(db, { ...q, limit: 20, offset: 0, cursor: first.cursor });
    await listMatches(db, { ...q, limit: 20, offset: 40 });
    return Promise.all(
      statements.map(async ([sql, params]) => (await ts.app.nk.db.query<Record<string, string>>(`EXPLAIN ${sql}`, params)).map((r) => Object.values(r)[0]).join('\n')),
    );
  }

  it('reads upcoming and past matches, of all teams and of one, through the time indexes', async () => {
    const now = new Date();
    const cases: [Omit<MatchQuery, 'limit' | 'offset'>, RegExp[]][] = [
      [{ fromTime: now, dir: 'asc' }, [/Index Scan using match_time_idx on match/]],
      [{ toTime: now, dir: 'desc' }, [/Index Scan Backward using match_time_idx on match/]],
      [{ teamId: team, fromTime: now, dir: 'asc' }, [/Merge Append/, /match_owner_time_idx/, /match_guest_time_idx/]],
      [{ teamId: team, toTime: now, dir: 'desc' }, [/Merge Append/, /match_owner_time_idx/, /match_guest_time_idx/]],
    ];
    for (const [q, expected] of cases) {
      for (const plan of await freePlans(q)) {
        for (const re of expected) assert.match(plan, re, plan);
        assert.doesNotMatch(plan, /Seq Scan on match|Sort {2}\(/, plan);
      }
    }
  });
});
