// Leaderboards on two nodes sharing PostgreSQL and Redis: ranks come from SQL on each node, so a write on
// one is ranked at once on the other; each reset runs its hooks on one node only.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  postgresAnswers, redisAnswers, startTestCluster, TEST_PG_URL, TEST_REDIS_URL, type TestServer,
} from '../testing/index.ts';
import type { RuntimeModule } from '../runtime/types.ts';

const [pgUp, redisUp] = await Promise.all([postgresAnswers(TEST_PG_URL), redisAnswers(TEST_REDIS_URL)]);
const skip = !pgUp ? `PostgreSQL does not answer at ${TEST_PG_URL}: cluster tests skipped`
  : !redisUp ? `Redis does not answer at ${TEST_REDIS_URL}: cluster tests skipped` : false;
if (skip) console.log(`# ${skip}`);

const resets: string[] = [];
const module: RuntimeModule = {
  name: 'leaderboards-cluster-test',
  init(initializer) {
    initializer.registerLeaderboardReset((_ctx, _nk, lb, reset) => {
      resets.push(`${lb.id}@${reset}`);
    });
  },
};

describe('leaderboards on two nodes', { skip }, () => {
  let nodes: TestServer[] = [];
  let close: () => Promise<void> = async () => {};
  before(async () => {
    if (skip) return;
    ({ nodes, close } = await startTestCluster(2, { modules: [module] }));
  });
  after(() => close());

  it('ranks a write on one node at once on the other', async () => {
    const [n1, n2] = nodes;
    const id = `c-${crypto.randomUUID().slice(0, 8)}`;
    await n1.app.nk.leaderboardCreate(id, false, 'desc', 'set');
    const a = await n1.newSession();
    const b = await n2.newSession();
    await n1.client().writeLeaderboardRecord(a, id, { score: '5' });
    // Asked twice on each node: a per-node cache, had one loaded, would miss the other node's writes.
    for (let i = 0; i < 2; i++) {
      await n2.client().listLeaderboardRecords(b, id);
      await n1.client().listLeaderboardRecords(a, id);
    }
    const w = await n2.client().writeLeaderboardRecord(b, id, { score: '9' });
    assert.equal(w.rank, 1);
    const around = await n1.client().listLeaderboardRecordsAroundOwner(a, id, a.user_id, 1);
    assert.equal(around.records![0].rank, 2);
    await n2.client().writeLeaderboardRecord(b, id, { score: '1' });
    const list = await n1.client().listLeaderboardRecords(a, id);
    assert.deepEqual(list.records!.map((r) => [r.owner_id, r.rank]), [[a.user_id, 1], [b.user_id, 2]]);
  });

  it('runs each reset\'s hooks once across the nodes', async () => {
    const [n1, n2] = nodes;
    const id = `c-${crypto.randomUUID().slice(0, 8)}`;
    await n1.app.nk.leaderboardCreate(id, false, 'desc', 'best', '* * * * *');
    const t = Math.ceil(Date.now() / 60_000) * 60_000 + 120_000;
    for (const now of [t + 1_000, t + 61_000]) {
      await Promise.all([n1.app.core.leaderboards.runResets(new Date(now)), n2.app.core.leaderboards.runResets(new Date(now))]);
    }
    assert.deepEqual(resets.filter((r) => r.startsWith(id)), [`${id}@${t / 1000}`, `${id}@${t / 1000 + 60}`]);
  });
});
