// Team life's statements are served by indexes at 100,000 team events and 100,000 matches: the pass that
// finds due reminders reads only the window of each time index, a target's answers come through an
// index, and a feed reads each of its teams through the team's own indexes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { membersAnswersQuery } from '../attendance/index.ts';
import { feedQueries } from '../feeds/index.ts';
import { makeTeam, planOf, registered } from '../testing.ts';
import { dueRemindersQuery } from './due.ts';

const HOUR = 3_600_000;
let ts: TestServer;
let teamId: string;
let otherId: string;

/** The plan the planner picks by itself (sequential scans allowed). */
async function naturalPlan(sql: string, params: unknown[]): Promise<string> {
  return (await ts.app.nk.db.query<Record<string, string>>(`EXPLAIN ${sql}`, params)).map((r) => Object.values(r)[0]).join('\n');
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  const owner = await registered(ts);
  [teamId, otherId] = [await makeTeam(ts, owner), await makeTeam(ts, owner)];
  const db = ts.app.nk.db;
  // 500 teams' worth of events and matches over two years either side of now (teams by id only, as a match keeps them).
  await db.execute(`INSERT INTO team (id, name, name_key, creator_id) SELECT gen_random_uuid(), 'T' || i, 't' || i, $1 FROM generate_series(1, 498) i`, [owner.user_id]);
  await db.execute(
    `INSERT INTO team_event (id, team_id, title, type, event_time, creator_id)
     SELECT gen_random_uuid(), t.id, 'Событие', 'training', now() + (random() * 730 - 365) * interval '1 day', $1
     FROM (SELECT id, row_number() OVER () AS n FROM team) t, generate_series(1, 200) i`,
    [owner.user_id],
  );
  await db.execute(
    `INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id)
     SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), now() + (random() * 730 - 365) * interval '1 day', $1 FROM generate_series(1, 100000)`,
    [owner.user_id],
  );
  await db.execute(
    `INSERT INTO attendance_deadline (event_id, team_id, deadline) SELECT id, team_id, event_time - interval '1 day' FROM team_event WHERE random() < 0.1`,
  );
  await db.execute(`INSERT INTO reminder_run (kind, target_id, team_id) SELECT k, id, team_id FROM team_event, unnest(ARRAY['coming', 'unanswered']) k WHERE event_time < now()`);
  // 200 tournaments with every team in each: 100,000 links.
  await db.execute(
    `INSERT INTO tournament (id, title, tournament_type, start_time, creator_id)
     SELECT gen_random_uuid(), 'Турнир ' || i, 1, now() + (random() * 730 - 365) * interval '1 day', $1 FROM generate_series(1, 200) i`,
    [owner.user_id],
  );
  await db.execute(
    `INSERT INTO team_tournament (id, team_id, tournament_id, initiator, is_confirmed, tournament_start_time)
     SELECT gen_random_uuid(), t.id, u.id, 'team', true, u.start_time FROM team t, tournament u`,
  );
  await db.execute('ANALYZE');
});
after(() => ts.close());

describe('team life query plans', () => {
  it('find due reminders through the time indexes of events, matches and deadlines', async () => {
    const now = Date.now();
    const { sql, params } = dueRemindersQuery({ now: new Date(now), deadlineHorizon: new Date(now + 24 * HOUR), startHorizon: new Date(now + 3 * HOUR) }, 100);
    for (const plan of [await planOf(ts.app.nk.db, sql, params, { sorts: true }), await naturalPlan(sql, params)]) {
      assert.match(plan, /Index (Only )?Scan (using|on) team_event_time_idx/, plan);
      assert.match(plan, /Index (Only )?Scan (using|on) match_time_idx/, plan);
      assert.match(plan, /Index (Only )?Scan (using|on) attendance_deadline_time_idx/, plan);
      assert.match(plan, /reminder_run_pkey/, plan);
      assert.doesNotMatch(plan, /Seq Scan on (team_event|match|attendance_deadline|reminder_run)\b/, plan);
    }
  });

  it("read a target's answers through an index and the team's roster", async () => {
    const { sql, params } = membersAnswersQuery('event', '00000000-0000-4000-8000-000000000000', teamId);
    const plan = await planOf(ts.app.nk.db, sql, params, { sorts: true });
    assert.match(plan, /Index (Only )?Scan using attendance_\w+ on attendance\b/, plan);
    assert.doesNotMatch(plan, /Seq Scan/, plan);
  });

  it("read a feed's events, matches and tournaments through each team's indexes", async () => {
    const q = feedQueries([teamId, otherId], new Date(Date.now() - 90 * 24 * HOUR), new Date(Date.now() + 366 * 24 * HOUR));
    const expected = {
      events: [/team_event_team_id_event_time_idx/],
      matches: [/match_owner_time_idx/, /match_guest_time_idx/],
      tournaments: [/team_tournament_team_start_idx/],
    };
    for (const [name, indexes] of Object.entries(expected) as [keyof typeof q, RegExp[]][]) {
      for (const plan of [await planOf(ts.app.nk.db, q[name].sql, q[name].params, { sorts: true }), await naturalPlan(q[name].sql, q[name].params)]) {
        for (const index of indexes) assert.match(plan, index, `${name}\n${plan}`);
        assert.doesNotMatch(plan, /Seq Scan on (team_event|match|team_tournament)\b/, `${name}\n${plan}`);
      }
    }
  });
});
