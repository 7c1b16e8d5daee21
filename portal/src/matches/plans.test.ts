// The match listings are served by indexes: each statement the store runs is explained with sequential
// scans and sorts made a last resort, and must name its index and need no Sort.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
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
