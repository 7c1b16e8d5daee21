// The matchmaker through the official client, on the JSON and the protobuf socket: tickets, queries
// checked both ways (terms, required and excluded ones, ranges), counts, party tickets, tokens that
// join one relayed match, removal and disconnects. Each test's tickets carry a property of their own,
// so tests never match each other; a ticket that did not match is shown by matching it later.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MatchmakerMatched, MatchPresenceEvent, PartyJoinRequest } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket, type WireFormat } from '../testing/sockets.ts';

let ts: TestServer;
const open: TestSocket[] = [];
before(async () => {
  ts = await startTestServer({ env: { MATCHMAKER_INTERVAL_MS: '50', MATCHMAKER_MAX_INTERVALS: '10' } });
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

const uniq = () => Math.random().toString(36).slice(2, 10);
const matched = (s: TestSocket) => s.next<MatchmakerMatched>('matchmaker_matched');
const userIds = (m: MatchmakerMatched) => m.users.map((u) => u.presence.user_id).sort();
const ids = (...s: TestSocket[]) => s.map((x) => x.session.user_id).sort();

for (const format of FORMATS) {
  describe(`matchmaker (${format})`, () => {
    it('adds and removes tickets', async () => {
      const a = await player(format);
      const t = await a.socket.addMatchmaker(`+properties.test:${uniq()}`, 2, 2, { a1: 'bar' });
      assert.ok(t.ticket);
      await a.socket.removeMatchmaker(t.ticket);
      await assert.rejects(a.socket.removeMatchmaker(t.ticket), (e: { code: number; message: string }) => e.code === 3 && e.message === 'Matchmaker ticket not found.');
      const b = await player(format);
      const other = await a.socket.addMatchmaker('*', 2, 2);
      await assert.rejects(b.socket.removeMatchmaker(other.ticket), (e: { code: number }) => e.code === 3);
      await a.socket.removeMatchmaker(other.ticket);
    });

    it('matches tickets whose queries fit each other: everyone gets the same token, its own ticket, and every user', async () => {
      const [a, b] = [await player(format), await player(format)];
      const test = uniq();
      const ta = await a.socket.addMatchmaker(`+properties.test:${test} properties.a3:bar`, 2, 2, { test, a3: 'baz' });
      const tb = await b.socket.addMatchmaker(`+properties.test:${test} properties.a3:baz`, 2, 2, { test, a3: 'bar' });
      const [ma, mb] = [await matched(a), await matched(b)];
      assert.equal(ma.ticket, ta.ticket);
      assert.equal(mb.ticket, tb.ticket);
      assert.equal(ma.match_id, undefined);
      assert.ok(ma.token);
      assert.equal(mb.token, ma.token);
      assert.deepEqual(userIds(ma), ids(a, b));
      assert.equal(ma.self.presence.user_id, a.session.user_id);
      assert.ok(ma.self.presence.session_id);
      assert.equal(ma.self.string_properties?.a3, 'baz');
      // The token joins both players to one relayed match, created by the first.
      const first = await a.socket.joinMatch(undefined as unknown as string, ma.token);
      const second = await b.socket.joinMatch(undefined as unknown as string, mb.token);
      assert.equal(second.match_id, first.match_id);
      assert.deepEqual(second.presences.map((p) => p.user_id), [a.session.user_id]);
    });

    it('matches on numeric ranges and values together', async () => {
      const [a, b] = [await player(format), await player(format)];
      const test = uniq();
      const q = `+properties.test:${test} +properties.c1:>=10 +properties.c1:<=20 +properties.c2:foo`;
      await a.socket.addMatchmaker(q, 2, 2, { test, c2: 'foo' }, { c1: 15 });
      await b.socket.addMatchmaker(q, 2, 2, { test, c2: 'foo' }, { c1: 12.5 });
      assert.deepEqual(userIds(await matched(a)), ids(a, b));
      assert.equal((await matched(b)).self.numeric_properties?.c1, 12.5);
    });

    it('checks queries both ways: a value outside the other\'s range never matches', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const test = uniq();
      const q = `+properties.test:${test} +properties.b2:>=10 +properties.b2:<=20`;
      const ta = await a.socket.addMatchmaker(q, 2, 2, { test }, { b2: 25 });
      await b.socket.addMatchmaker(q, 2, 2, { test }, { b2: 15 });
      await c.socket.addMatchmaker(q, 2, 2, { test }, { b2: 18 });
      assert.deepEqual(userIds(await matched(b)), ids(b, c));
      // a's ticket is still waiting: it can be removed.
      await a.socket.removeMatchmaker(ta.ticket);
    });

    it('with only should clauses one must match; excluded terms exclude', async () => {
      const [a, b, c, d, e] = [await player(format), await player(format), await player(format), await player(format), await player(format)];
      // Should clauses only (a property name of this test's own keeps other tests out): a and b never
      // fit each other; c fits both, and takes whichever searches first.
      const key = `a5${uniq()}`;
      const ta = await a.socket.addMatchmaker(`properties.${key}:bar`, 2, 2, { [key]: 'baz' });
      const tb = await b.socket.addMatchmaker(`properties.${key}:bar`, 2, 2, { [key]: 'baz' });
      await c.socket.addMatchmaker(`properties.${key}:baz`, 2, 2, { [key]: 'bar' });
      const withC = await matched(c);
      const partner = withC.users.map((u) => u.presence.user_id).find((id) => id !== c.session.user_id);
      assert.ok([a.session.user_id, b.session.user_id].includes(partner));
      // The other one still waits, unmatched.
      if (partner === a.session.user_id) await b.socket.removeMatchmaker(tb.ticket);
      else await a.socket.removeMatchmaker(ta.ticket);

      // d and e exclude asia: b's ticket fits their queries, but theirs do not take it.
      const test2 = uniq();
      const q = `+properties.test:${test2} -properties.region:asia`;
      await d.socket.addMatchmaker(q, 2, 2, { test: test2, region: 'europe' });
      const tb2 = await b.socket.addMatchmaker(`+properties.test:${test2}`, 2, 2, { test: test2, region: 'asia' });
      await e.socket.addMatchmaker(q, 2, 2, { test: test2, region: 'europe' });
      assert.deepEqual(userIds(await matched(d)), ids(d, e));
      await b.socket.removeMatchmaker(tb2.ticket);
    });

    it('the oldest tickets match first; a third is left over', async () => {
      const [a, b, c, d] = [await player(format), await player(format), await player(format), await player(format)];
      const test = uniq();
      const q = `properties.a6:bar +properties.test:${test}`;
      for (const s of [a, b, c]) await s.socket.addMatchmaker(q, 2, 2, { a6: 'bar', test });
      assert.deepEqual(userIds(await matched(a)), ids(a, b));
      await d.socket.addMatchmaker(q, 2, 2, { a6: 'bar', test });
      assert.deepEqual(userIds(await matched(c)), ids(c, d));
    });

    it('a min-max range settles for fewer players once its intervals are spent; counts must be compatible', async () => {
      const [a, b, c, d] = [await player(format), await player(format), await player(format), await player(format)];
      const test = uniq();
      const q = `+properties.test:${test}`;
      // Added together, well within the searchers' intervals.
      await Promise.all([a, b, c].map((s) => s.socket.addMatchmaker(q, 2, 4, { test })));
      // 5-6 does not fit in 2-4.
      const td = await d.socket.addMatchmaker(q, 5, 6, { test });
      assert.deepEqual(userIds(await matched(a)), ids(a, b, c));
      await d.socket.removeMatchmaker(td.ticket);
    });

    it('a party ticket brings every member; the matched players are told of their party', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await a.socket.createParty(false, 3);
      await b.socket.joinParty(party.party_id);
      await a.socket.acceptPartyMember(party.party_id, (await a.next<PartyJoinRequest>('party_join_request')).presences[0]);
      await b.next('party');
      const test = uniq();
      await c.socket.addMatchmaker(`+properties.test:${test}`, 3, 3, { test });
      await a.socket.addMatchmakerParty(party.party_id, `+properties.test:${test}`, 3, 3, { test });
      const [ma, mb, mc] = [await matched(a), await matched(b), await matched(c)];
      assert.deepEqual(userIds(ma), ids(a, b, c));
      assert.equal(ma.self.party_id, party.party_id);
      assert.equal(mb.self.party_id, party.party_id);
      assert.equal(mb.ticket, ma.ticket);
      assert.ok(!mc.self.party_id);
      assert.equal(mc.token, ma.token);
    });

    it('a closed socket takes its tickets out of the pool', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const test = uniq();
      await a.socket.addMatchmaker(`+properties.test:${test}`, 2, 2, { test });
      // b sees a's socket close through a match they share: by then its tickets are gone too.
      const m = await a.socket.createMatch();
      await b.socket.joinMatch(m.match_id);
      a.close();
      await b.next('match_presence_event', (ev: MatchPresenceEvent) => (ev.leaves ?? []).some((p) => p.user_id === a.session.user_id));
      await b.socket.addMatchmaker(`+properties.test:${test}`, 2, 2, { test });
      await c.socket.addMatchmaker(`+properties.test:${test}`, 2, 2, { test });
      assert.deepEqual(userIds(await matched(b)), ids(b, c));
    });

    it('refuses bad counts, bad queries and too many tickets', async () => {
      const a = await player(format);
      const bad = (e: { code: number }) => e.code === 3;
      await assert.rejects(a.socket.addMatchmaker('*', 1, 2), (e: { message: string }) => e.message === 'Invalid minimum count, must be >= 2.');
      await assert.rejects(a.socket.addMatchmaker('*', 3, 2), (e: { message: string }) => e.message === 'Invalid maximum count, must be >= minimum count.');
      await assert.rejects(a.socket.addMatchmaker('properties.a:/x+/', 2, 2), (e: { message: string }) => /regular expressions/.test(e.message));
      await assert.rejects(a.socket.addMatchmaker('+', 2, 2), bad);
      const test = uniq();
      for (let i = 0; i < ts.config.matchmaker.maxTickets; i++) await a.socket.addMatchmaker(`+properties.test:${test}`, 2, 2, { test });
      await assert.rejects(a.socket.addMatchmaker('*', 2, 2), (e: { message: string }) => e.message === 'Too many matchmaker tickets.');
    });
  });
}

describe('matchmaker count multiple (JSON: the protobuf adapter of the npm client does not send it)', () => {
  it('trims a match to a multiple of count_multiple, keeping the oldest tickets', async () => {
    const [a, b, c, d] = [await player('json'), await player('json'), await player('json'), await player('json')];
    const test = uniq();
    const add = (s: TestSocket) =>
      s.socket.send({ matchmaker_add: { min_count: 2, max_count: 4, count_multiple: 2, query: `+properties.test:${test}`, string_properties: { test } } } as never);
    for (const s of [a, b, c]) await add(s);
    assert.deepEqual(userIds(await matched(a)), ids(a, b));
    await add(d);
    assert.deepEqual(userIds(await matched(c)), ids(c, d));
    await assert.rejects(a.socket.send({ matchmaker_add: { min_count: 2, max_count: 2, count_multiple: 0, query: '*' } } as never), (e: { code: number }) => e.code === 3);
  });
});
