// The conformance module, loaded the way RUNTIME_MODULES loads it, against the scenarios of the official
// client's own test suite (heroiclabs/nakama-js, packages/nakama-js-test) on both socket formats.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { MatchmakerMatched, Notification, StreamData } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, type TestServer } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket, type WireFormat } from '../testing/sockets.ts';

// The settings `npm run start:conformance` gives the server (`NAME=value` before `node` in its script).
const startEnv = Object.fromEntries(
  [...(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
    .scripts['start:conformance'].matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]),
);

let ts: TestServer;
const open: TestSocket[] = [];
before(async () => {
  ts = await startTestServer({
    moduleSpecifiers: ['@tribuna/server/conformance'],
    env: { MATCHMAKER_INTERVAL_MS: '50', FACEBOOK_INSTANT_APP_SECRET: startEnv.FACEBOOK_INSTANT_APP_SECRET },
  });
});
after(async () => {
  open.forEach((s) => s.close());
  await ts.close();
});

async function player(format: WireFormat): Promise<TestSocket> {
  const s = await connectSocket(ts, await ts.newSession(), format);
  open.push(s);
  return s;
}

describe('conformance RPCs', () => {
  it('clientrpc.rpc returns its payload; clientrpc.rpc_get answers PONG over GET with the HTTP key', async () => {
    const s = await ts.newSession();
    assert.deepEqual((await ts.client().rpc(s, 'clientrpc.rpc', { hello: 'world' })).payload, { hello: 'world' });
    assert.deepEqual((await ts.client().rpcHttpKey(ts.config.httpKey, 'clientrpc.rpc_get')).payload, { message: 'PONG' });
  });

  it('clientrpc.send_notification sends the level-100 notification from the caller, persistent', async () => {
    const [sender, receiver] = [await ts.newSession(), await player('json')];
    const got = receiver.next<Notification>('notification');
    await ts.client().rpc(sender, 'clientrpc.send_notification', { user_id: receiver.session.user_id });
    const n = await got;
    assert.equal(n.code, 1);
    assert.equal(n.subject, "You've unlocked level 100!");
    assert.deepEqual(n.content, { reward_coins: 1000 });
    assert.equal(n.sender_id, sender.user_id);
    const stored = await ts.client().listNotifications(receiver.session, 10);
    assert.equal(stored.notifications?.[0].subject, "You've unlocked level 100!");
    assert.equal((await errorOf(ts.client().rpc(sender, 'clientrpc.send_notification', { user_id: 'nobody' }))).status, 400);
  });
});

describe('conformance sign-in', () => {
  it('start:conformance takes the Facebook Instant secret the suite signs its players with', async () => {
    assert.equal(startEnv.FACEBOOK_INSTANT_APP_SECRET, 'fb-instant-test-secret');
    assert.equal(startEnv.RUNTIME_MODULES, '@tribuna/server/conformance');
    const playerId = `p${Math.random().toString(36).slice(2, 12)}`;
    const payload = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: 1594867628, player_id: playerId, request_payload: '' })).toString('base64url');
    const signature = createHmac('sha256', 'fb-instant-test-secret').update(payload).digest('base64url');
    const player = await ts.client().authenticateFacebookInstantGame(`${signature}.${payload}`, true);
    const friend = await ts.newSession();
    await ts.client().addFriends(friend, [player.user_id!]);
    const list = await ts.client().listFriends(friend);
    assert.equal(list.friends?.[0].user?.facebook_instant_game_id, playerId);
  });
});

describe('conformance leaderboards', () => {
  const board = async (operator: string) => {
    const s = await ts.newSession();
    const r = await ts.client().rpc(s, 'clientrpc.create_leaderboard', { operator });
    return { s, id: (r.payload as { leaderboard_id: string }).leaderboard_id };
  };
  const score = { score: '10', subscore: '1', metadata: { key: 'value' } };

  it('set writes the record as sent', async () => {
    const { s, id } = await board('set');
    const r = await ts.client().writeLeaderboardRecord(s, id, score);
    assert.equal(r.score, 10);
    assert.equal(r.subscore, 1);
    assert.equal((r.metadata as { key: string }).key, 'value');
  });

  it('best keeps the better score and subscore, each on its own', async () => {
    const { s, id } = await board('best');
    await ts.client().writeLeaderboardRecord(s, id, score);
    const r = await ts.client().writeLeaderboardRecord(s, id, { ...score, score: '1', subscore: '20' });
    assert.deepEqual([r.score, r.subscore], [10, 20]);
    assert.equal((r.metadata as { key: string }).key, 'value');
  });

  it('incr adds both', async () => {
    const { s, id } = await board('incr');
    await ts.client().writeLeaderboardRecord(s, id, score);
    const r = await ts.client().writeLeaderboardRecord(s, id, { ...score, score: '1', subscore: '5' });
    assert.deepEqual([r.score, r.subscore], [11, 6]);
  });

  it('lists the record written, ranked first', async () => {
    const { s, id } = await board('set');
    await ts.client().writeLeaderboardRecord(s, id, score);
    const l = await ts.client().listLeaderboardRecords(s, id);
    assert.deepEqual([l.records![0].score, l.records![0].subscore, l.records![0].rank], [10, 1, 1]);
    assert.equal((l.records![0].metadata as { key: string }).key, 'value');
  });
});

for (const format of FORMATS) {
  describe(`conformance over the socket (${format})`, () => {
    it('clientrpc.send_stream_data puts the socket on its stream and sends the payload back as stream data', async () => {
      const a = await player(format);
      const payload = JSON.stringify({ hello: 'world' });
      await a.socket.rpc('clientrpc.send_stream_data', payload);
      const d = await a.next<StreamData>('stream_data');
      assert.equal(d.data, payload);
      assert.equal(d.stream.mode, 20);
      assert.equal(d.stream.label, 'Stream Data Test');
    });

    it('clientrpc.create_authoritative_match makes a "match" to join with metadata, labelled skill=100-150 by default', async () => {
      const a = await player(format);
      const { match_id: id } = JSON.parse((await a.socket.rpc('clientrpc.create_authoritative_match', '{}')).payload!);
      const m = await a.socket.joinMatch(id, undefined, { key: 'value' });
      assert.ok(m.authoritative);
      assert.equal(m.label, 'skill=100-150');
      const newest = await ts.client().listMatches(a.session, 1, true);
      assert.equal(newest.matches?.length, 1);
      assert.equal(newest.matches?.[0].authoritative, true);
      assert.equal(newest.matches?.[0].handler_name, 'match');
    });

    it('lists authoritative matches by query on the JSON label, arrays included', async () => {
      const a = await player(format);
      await a.socket.rpc('clientrpc.create_authoritative_match', JSON.stringify({ label: JSON.stringify({ skill: 60 }) }));
      const bySkill = await ts.client().listMatches(a.session, 1, true, '', 0, 100, '+label.skill:>=50');
      assert.equal(bySkill.matches?.length, 1);
      assert.equal(bySkill.matches?.[0].label, '{"skill":60}');
      const convo = crypto.randomUUID();
      const res = await a.socket.rpc('clientrpc.create_authoritative_match', JSON.stringify({ label: JSON.stringify({ convo_ids: [crypto.randomUUID(), convo] }) }));
      const byConvo = await ts.client().listMatches(a.session, 1, true, '', 0, 100, `+label.convo_ids:${convo}`);
      assert.deepEqual(byConvo.matches?.map((m) => m.match_id), [JSON.parse(res.payload!).match_id]);
    });

    it('the matched hook makes a "match" for two players who both ask for an authoritative one', async () => {
      const [a, b] = [await player(format), await player(format)];
      const d1 = `d${Math.random().toString(36).slice(2, 10)}`;
      for (const s of [a, b]) await s.socket.addMatchmaker(`properties.d1:${d1}`, 2, 2, { d1, mode: 'authoritative' });
      const m = await a.next<MatchmakerMatched>('matchmaker_matched');
      assert.ok(m.match_id);
      assert.equal(m.token, undefined);
      assert.equal(m.users.length, 2);
      assert.ok(m.self.presence.session_id);
      assert.ok((await a.socket.joinMatch(m.match_id!)).authoritative);
      // Without the property, the players get a token.
      const [c, d] = [await player(format), await player(format)];
      const d2 = `d${Math.random().toString(36).slice(2, 10)}`;
      for (const s of [c, d]) await s.socket.addMatchmaker(`properties.d1:${d2}`, 2, 2, { d1: d2 });
      const plain = await c.next<MatchmakerMatched>('matchmaker_matched');
      assert.ok(plain.token);
      assert.equal(plain.match_id, undefined);
    });
  });
}

describe('conformance tournaments', () => {
  it('creates a tournament, gives more attempts and deletes it', async () => {
    const s = await ts.newSession();
    const r = await ts.client().rpc(s, 'clientrpc.create_tournament', {
      title: 'Cup', sort_order: 'asc', operator: 'set', duration: 60, max_num_score: 1, join_required: true, category: 3,
    });
    const id = (r.payload as { tournament_id: string }).tournament_id;
    await ts.client().joinTournament(s, id);
    assert.equal((await ts.client().writeTournamentRecord(s, id, { score: '4' })).score, 4);
    assert.equal((await errorOf(ts.client().writeTournamentRecord(s, id, { score: '3' }))).status, 400);
    await ts.client().rpc(s, 'clientrpc.addattempt_tournament', { tournament_id: id, owner_id: s.user_id, count: 1 });
    assert.equal((await ts.client().writeTournamentRecord(s, id, { score: '3' })).score, 3);
    const [t] = (await ts.client().listTournaments(s, 3, 3, undefined, undefined, 100)).tournaments!.filter((x) => x.id === id);
    assert.deepEqual([t.title, t.sort_order, t.size, t.duration], ['Cup', 0, 1, 60]);
    await ts.client().rpc(s, 'clientrpc.delete_tournament', { tournament_id: id });
    assert.equal((await errorOf(ts.client().joinTournament(s, id))).status, 404);
  });
});
