// A match's live feed on two nodes of a cluster (one PostgreSQL database, one Redis): a socket watching on
// one node hears an event posted and a result reported through the other. Skipped, saying so, when
// PostgreSQL or Redis does not answer on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StreamData } from '@heroiclabs/nakama-js';
import { postgresAnswers, redisAnswers, startTestCluster, TEST_PG_URL, TEST_REDIS_URL, type TestServer } from '@tribuna/server/testing';
import { call, registered, type Any } from '../testing.ts';

const [pgUp, redisUp] = await Promise.all([postgresAnswers(), redisAnswers()]);
const skip = !pgUp ? `PostgreSQL does not answer at ${TEST_PG_URL}: cluster live feed tests skipped`
  : !redisUp ? `Redis does not answer at ${TEST_REDIS_URL}: cluster live feed tests skipped` : false;
if (skip) console.log(`# ${skip}`);

describe('the live feed in a cluster', { skip }, () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    cluster = await startTestCluster(2, { moduleSpecifiers: ['@tribuna/portal'] });
    [a, b] = cluster.nodes;
  });
  after(() => cluster?.close());

  it('brings an event and a result posted on one node to a socket watching on the other within a second', async () => {
    const [home, guest, fan] = await Promise.all([registered(b), registered(b), registered(a)]);
    const homeTeam = await call(b, home, 'create_team', { name: 'Северные волки' });
    const guestTeam = await call(b, guest, 'create_team', { name: 'Южные медведи' });
    const match = await call(b, home, 'create_match', {
      owner_team_id: homeTeam.id, guest_team_id: guestTeam.id, match_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const socket = a.client().createSocket();
    await socket.connect(fan, false);
    const received: Any[] = [];
    socket.onstreamdata = (d: StreamData) => received.push(JSON.parse(d.data));
    await socket.rpc('watch_match', JSON.stringify({ match_id: match.id }));
    const within = async (test: (m: Any) => boolean) => {
      const end = Date.now() + 1000;
      while (!received.some(test)) {
        assert.ok(Date.now() < end, `nothing within a second; received ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    try {
      const goal = await call(b, home, 'add_match_event', { match_id: match.id, minute: 12, type: 'goal', team_id: homeTeam.id });
      await within((m) => m.kind === 'event' && m.event.id === goal.id && m.score.home === 1);
      await call(b, guest, 'set_match_result', { match_id: match.id, home_score: 1, guest_score: 0 });
      await within((m) => m.kind === 'result' && m.result_state === 'reported');
    } finally {
      socket.disconnect(false);
    }
  });
});
