// Relayed matches through the official client, on the JSON and the protobuf socket: create (by name
// too), join, leave, match data with op codes, the reliable flag and presence filters, presence events,
// refusals, and what a closed socket leaves behind.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Match, MatchData, MatchPresenceEvent } from '@heroiclabs/nakama-js';
import { errorOf, sleep, startTestServer, type TestServer } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket, type WireFormat } from '../testing/sockets.ts';

let ts: TestServer;
const open: TestSocket[] = [];
before(async () => {
  ts = await startTestServer();
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

const text = (d: MatchData) => new TextDecoder().decode(d.data);
// The JSON adapter base64-encodes string data with btoa, which takes Latin-1 only: other text goes as bytes.
const utf8 = (s: string) => new TextEncoder().encode(s);
const joined = (userId: string) => (e: MatchPresenceEvent) => (e.joins ?? []).some((p) => p.user_id === userId);
const left = (userId: string) => (e: MatchPresenceEvent) => (e.leaves ?? []).some((p) => p.user_id === userId);

for (const format of FORMATS) {
  describe(`relayed matches (${format})`, () => {
    it('match_create puts the creator in a new match; a name gives everyone the same match', async () => {
      const a = await player(format);
      const m = await a.socket.createMatch();
      assert.match(m.match_id, /^[0-9a-f-]{36}\.$/);
      assert.ok(!m.authoritative);
      assert.equal(m.size, 1);
      assert.equal(m.self.user_id, a.session.user_id);
      assert.equal(m.self.username, a.session.username);
      assert.ok(m.self.session_id);

      const name = `final-${crypto.randomUUID()}`;
      const b = await player(format);
      const first = await a.socket.createMatch(name);
      const second = await b.socket.createMatch(name);
      // The protobuf adapter of the npm client drops the name: each of its matches is new.
      if (format === 'json') {
        assert.equal(second.match_id, first.match_id);
        assert.equal(second.size, 2);
        assert.deepEqual(second.presences.map((p) => p.user_id), [a.session.user_id]);
      }
      assert.notEqual(first.match_id, m.match_id);
    });

    it('match_join answers with the others in it; a member joining again sees everyone, itself included', async () => {
      const [a, b] = [await player(format), await player(format)];
      const m = await a.socket.createMatch();
      const again = await a.socket.joinMatch(m.match_id);
      assert.deepEqual(again.presences.map((p) => p.user_id), [a.session.user_id]);
      const j: Match = await b.socket.joinMatch(m.match_id);
      assert.equal(j.match_id, m.match_id);
      assert.equal(j.size, 2);
      assert.deepEqual(j.presences.map((p) => p.user_id), [a.session.user_id]);
      assert.equal(j.self.user_id, b.session.user_id);
      // Everyone in the match hears of the join, the joiner too.
      await a.next('match_presence_event', joined(b.session.user_id!));
      const own = await b.next<MatchPresenceEvent>('match_presence_event', joined(b.session.user_id!));
      assert.equal(own.match_id, m.match_id);
    });

    it('relays match data to everyone else, with op code, data and the reliable flag; never back to the sender', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const m = await a.socket.createMatch();
      await b.socket.joinMatch(m.match_id);
      await c.socket.joinMatch(m.match_id);
      await a.socket.sendMatchState(m.match_id, 20, utf8(JSON.stringify({ hello: 'мир' })), undefined, true);
      for (const r of [b, c]) {
        const d = await r.next<MatchData>('match_data');
        assert.equal(d.match_id, m.match_id);
        assert.equal(d.op_code, 20);
        assert.deepEqual(JSON.parse(text(d)), { hello: 'мир' });
        assert.equal(d.reliable, true);
        assert.equal(d.presence?.user_id, a.session.user_id);
      }
      await b.socket.sendMatchState(m.match_id, 7, new Uint8Array([0, 1, 255]));
      const bytes = await a.next<MatchData>('match_data');
      assert.deepEqual([...bytes.data], [0, 1, 255]);
      assert.ok(!bytes.reliable);
      await c.next('match_data', (d: MatchData) => d.op_code === 7);
      await sleep(100);
      assert.equal(a.pending('match_data').length + b.pending('match_data').length, 0, 'no echo to the sender');
    });

    it('sends only to the presences named, and only to those in the match', async () => {
      const [a, b, c, outsider] = [await player(format), await player(format), await player(format), await player(format)];
      const m = await a.socket.createMatch();
      await b.socket.joinMatch(m.match_id);
      await c.socket.joinMatch(m.match_id);
      const cJoin = await a.next<MatchPresenceEvent>('match_presence_event', joined(c.session.user_id!));
      const outsiderPresence = { user_id: outsider.session.user_id!, session_id: crypto.randomUUID(), username: 'x', node: '' };
      await a.socket.sendMatchState(m.match_id, 3, utf8('только тебе'), [cJoin.joins[0], outsiderPresence]);
      assert.equal(text(await c.next<MatchData>('match_data')), 'только тебе');
      await sleep(150);
      assert.equal(b.pending('match_data').length, 0);
      assert.equal(outsider.pending('match_data').length, 0);
    });

    it('match_leave takes the player out: the others hear it, and its data is no longer relayed', async () => {
      const [a, b] = [await player(format), await player(format)];
      const m = await a.socket.createMatch();
      await b.socket.joinMatch(m.match_id);
      await a.next('match_presence_event', joined(b.session.user_id!));
      await b.socket.leaveMatch(m.match_id);
      const ev = await a.next<MatchPresenceEvent>('match_presence_event', left(b.session.user_id!));
      assert.equal(ev.leaves[0].session_id, (await b.next<MatchPresenceEvent>('match_presence_event', joined(b.session.user_id!))).joins[0].session_id);
      await b.socket.sendMatchState(m.match_id, 1, 'outside');
      await sleep(150);
      assert.equal(a.pending('match_data').length, 0);
    });

    it('a closed socket leaves its matches; an empty match is gone', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const m = await a.socket.createMatch();
      await b.socket.joinMatch(m.match_id);
      await a.next('match_presence_event', joined(b.session.user_id!));
      b.close();
      await a.next('match_presence_event', left(b.session.user_id!));
      const listed = await ts.client().listMatches(a.session, 100, false, undefined, 1, 1);
      assert.ok(listed.matches?.some((x) => x.match_id === m.match_id && x.size === 1));
      a.close();
      for (let i = 0; i < 100; i++) {
        const now = await ts.client().listMatches(c.session, 100, false, undefined, 0, 10);
        if (!now.matches?.some((x) => x.match_id === m.match_id)) break;
        await sleep(20);
      }
      await assert.rejects(c.socket.joinMatch(m.match_id), (e: { code: number; message: string }) => e.code === 4 && e.message === 'Match not found');
    });

    it('refuses unknown matches, bad ids and joins without id or token', async () => {
      const a = await player(format);
      await assert.rejects(a.socket.joinMatch(`${crypto.randomUUID()}.`), (e: { code: number }) => e.code === 4);
      await assert.rejects(a.socket.joinMatch(`${crypto.randomUUID()}.${ts.config.nodeName}`), (e: { code: number }) => e.code === 4);
      await assert.rejects(a.socket.joinMatch(`${crypto.randomUUID()}.other-node`), (e: { code: number }) => e.code === 4);
      for (const bad of ['nope', `${crypto.randomUUID()}`, 'x.', `${crypto.randomUUID()}.bad node`]) {
        await assert.rejects(a.socket.joinMatch(bad), (e: { code: number; message: string }) => e.code === 3 && e.message === 'Invalid match ID', bad);
      }
      await assert.rejects(a.socket.joinMatch(''), (e: { code: number }) => e.code === 3);
      await assert.rejects(a.socket.joinMatch('', 'not.a.token'), (e: { code: number; message: string }) => e.code === 3 && e.message === 'Invalid match token');
      await assert.rejects(a.socket.leaveMatch('nope'), (e: { code: number }) => e.code === 3);
    });
  });
}

describe('relayed matches across formats', () => {
  it('a JSON and a protobuf player exchange match data', async () => {
    const [j, p] = [await player('json'), await player('protobuf')];
    const m = await j.socket.createMatch();
    await p.socket.joinMatch(m.match_id);
    await j.socket.sendMatchState(m.match_id, 1, 'from json');
    assert.equal(text(await p.next<MatchData>('match_data')), 'from json');
    await p.socket.sendMatchState(m.match_id, 2, 'from protobuf');
    const d = await j.next<MatchData>('match_data');
    assert.equal(text(d), 'from protobuf');
    assert.equal(d.op_code, 2);
  });

  it('listing: relayed matches by size; label and query filters are refused for them', async () => {
    const a = await player('json');
    const m = await a.socket.createMatch();
    const all = await ts.client().listMatches(a.session, 100, false, undefined, 1, 1);
    const found = all.matches?.find((x) => x.match_id === m.match_id);
    assert.deepEqual(found, { match_id: m.match_id, size: 1 });
    const bigger = await ts.client().listMatches(a.session, 100, false, undefined, 2, 10);
    assert.ok(!bigger.matches?.some((x) => x.match_id === m.match_id));
    assert.equal((await errorOf(ts.client().listMatches(a.session, 10, false, 'x'))).status, 400);
    assert.equal((await errorOf(ts.client().listMatches(a.session, 10, false, undefined, undefined, undefined, '*'))).status, 400);
    for (const [limit, min, max] of [[0, 0, 1], [101, 0, 1], [10, -1, 1], [10, 5, 4]]) {
      assert.equal((await errorOf(ts.client().listMatches(a.session, limit, undefined, undefined, min, max))).status, 400, `${limit} ${min} ${max}`);
    }
  });
});
