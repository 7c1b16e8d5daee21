// The portal's write limits on two nodes of a cluster (one PostgreSQL database, one Redis): a user's
// calls count in one counter whichever node takes them. Skipped, saying so, when PostgreSQL or Redis does
// not answer on loopback.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { postgresAnswers, redisAnswers, startTestCluster, TEST_PG_URL, TEST_REDIS_URL, type TestServer } from '@tribuna/server/testing';
import { call, registered } from '../testing.ts';

const [pgUp, redisUp] = await Promise.all([postgresAnswers(), redisAnswers()]);
const skip = !pgUp ? `PostgreSQL does not answer at ${TEST_PG_URL}: cluster limit tests skipped`
  : !redisUp ? `Redis does not answer at ${TEST_REDIS_URL}: cluster limit tests skipped` : false;
if (skip) console.log(`# ${skip}`);

const view = (page: string) => ({ page, browser: 'Firefox', screen_width: 1280, screen_height: 800 });

/** The HTTP status and, for a refusal, the retry-after of a call. */
async function status(ts: TestServer, s: Session, id: string, input: object): Promise<{ status: number; retryAfter: string | null }> {
  const res = await fetch(`${ts.url}/v2/rpc/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: JSON.stringify(JSON.stringify(input)) });
  await res.body?.cancel();
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

describe('write limits in a cluster', { skip }, () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    cluster = await startTestCluster(2, {
      moduleSpecifiers: ['@tribuna/portal'],
      env: { LIMIT_WRITES_PER_USER_MINUTE: '3', LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: '2' },
    });
    [a, b] = cluster.nodes;
  });
  after(() => cluster?.close());

  it('count a user\'s writes on every node in one count', async () => {
    const anna = await registered(a);
    assert.equal((await status(a, anna, 'track_metrics', view('/1'))).status, 200);
    assert.equal((await status(b, anna, 'track_metrics', view('/2'))).status, 200);
    assert.equal((await status(a, anna, 'track_metrics', view('/3'))).status, 200);
    const refused = await status(b, anna, 'track_metrics', view('/4'));
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.retryAfter) >= 1 && Number(refused.retryAfter) <= 60, String(refused.retryAfter));
    assert.equal((await status(a, anna, 'track_metrics', view('/5'))).status, 429, 'and on the first node');
  });

  it('count a user\'s chat messages by RPC on one node and on the socket of the other in one count', async () => {
    const [anna, boris] = await Promise.all([registered(a), registered(b)]);
    const chat = await call(a, anna, 'create_chat', { user_ids: [boris.user_id], direct: true });
    assert.equal((await status(a, anna, 'send_message', { chat_id: chat.id, content: 'Привет' })).status, 200);
    const socket = b.client().createSocket();
    await socket.connect(anna, false);
    try {
      // A room: the portal's own chats are written through send_message only.
      const channel = await socket.joinChat(`Болельщики ${crypto.randomUUID()}`, 1, true, false);
      await socket.writeChatMessage(channel.id, { text: 'Это я, с другого узла' });
      await assert.rejects(socket.writeChatMessage(channel.id, { text: 'Третье' }), (e: { context?: Record<string, string> }) => e.context?.grpc_code === '8');
    } finally {
      socket.disconnect(false);
    }
    assert.equal((await status(a, anna, 'send_message', { chat_id: chat.id, content: 'Ещё' })).status, 429);
  });
});
