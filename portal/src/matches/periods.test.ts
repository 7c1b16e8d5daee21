// list_matches by period: upcoming matches from now, soonest first; past ones before now, newest first.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, makeTeam, registered, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-match-periods-');
let owner: Session;
let a: string;
let b: string;
let c: string;
const ids: Record<string, string> = {};

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const names = (r: Any) => r.matches.map((m: Any) => Object.keys(ids).find((k) => ids[k] === m.id));
const list = (input: object) => call(owner, 'list_matches', input);

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  owner = await registered(ts);
  [a, b, c] = [await makeTeam(ts, owner), await makeTeam(ts, owner), await makeTeam(ts, owner)];
  // name: [home, guest, hours from now]; a match in the past was created ahead and has been moved there.
  const plan: Record<string, [string, string, number]> = {
    soon: [a, b, 1], tomorrow: [b, a, 24], later: [a, c, 72], other: [b, c, 5],
    hourAgo: [a, b, -1], yesterday: [c, a, -24], lastWeek: [a, b, -168], otherPast: [c, b, -2],
  };
  for (const [name, [home, guest, hours]] of Object.entries(plan)) {
    const m = await call(owner, 'create_match', { owner_team_id: home, guest_team_id: guest, match_time: at(Math.max(hours, 1) * HOUR) });
    if (hours < 0) await call(owner, 'update_match', { id: m.id, match_time: at(hours * HOUR) });
    ids[name] = m.id;
  }
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('list_matches by period', () => {
  it('answers upcoming matches soonest first and past ones newest first, of all teams or of one', async () => {
    assert.deepEqual(names(await list({ period: 'upcoming' })), ['soon', 'other', 'tomorrow', 'later']);
    assert.deepEqual(names(await list({ period: 'past' })), ['hourAgo', 'otherPast', 'yesterday', 'lastWeek']);
    assert.deepEqual(names(await list({ period: 'upcoming', team_id: a })), ['soon', 'tomorrow', 'later']);
    assert.deepEqual(names(await list({ period: 'past', owner_team_id: a, guest_team_id: a })), ['hourAgo', 'yesterday', 'lastWeek']);
    assert.deepEqual(names(await withKey(ts, 'list_matches', { period: 'past', owner_team_id: c })), ['otherPast', 'yesterday']);
  });

  it('keeps a given order and narrows by from_time and to_time within the period', async () => {
    assert.deepEqual(names(await list({ period: 'upcoming', sort_order: 'desc' })), ['later', 'tomorrow', 'other', 'soon']);
    assert.deepEqual(names(await list({ period: 'past', sort_order: 'asc', team_id: a })), ['lastWeek', 'yesterday', 'hourAgo']);
    assert.deepEqual(names(await list({ period: 'upcoming', to_time: at(30 * HOUR) })), ['soon', 'other', 'tomorrow']);
    // A bound on the wrong side of now leaves the period as it is; one past now empties it.
    assert.deepEqual(names(await list({ period: 'upcoming', from_time: at(-48 * HOUR) })), ['soon', 'other', 'tomorrow', 'later']);
    assert.deepEqual(names(await list({ period: 'past', from_time: at(-30 * HOUR), to_time: at(HOUR) })), ['hourAgo', 'otherPast', 'yesterday']);
    assert.deepEqual(names(await list({ period: 'upcoming', to_time: at(-HOUR) })), []);
  });

  it('pages each period by cursor and by offset alike', async () => {
    for (const period of ['upcoming', 'past']) {
      for (const filter of [{}, { team_id: a }]) {
        const whole = (await list({ period, ...filter })).matches;
        assert.deepEqual(await allPages((cursor) => list({ period, ...filter, limit: 2, cursor }), 'matches', 2), whole);
        const byOffset = [];
        for (let offset = 0; ; offset += 2) {
          const page = (await list({ period, ...filter, limit: 2, offset })).matches;
          byOffset.push(...page);
          if (page.length < 2) break;
        }
        assert.deepEqual(byOffset, whole);
      }
    }
  });
});
