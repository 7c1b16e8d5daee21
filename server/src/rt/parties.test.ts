// Parties through the official client, on the JSON and the protobuf socket: open and closed parties,
// join requests, accept, remove, promote, leave, close, party data, presence events, party matchmaker
// tickets, the leader's rights, a full party, and sockets that close.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Party, PartyData, PartyJoinRequest, PartyLeader, PartyMatchmakerTicket, PartyPresenceEvent, Presence } from '@heroiclabs/nakama-js';
import { sleep, startTestServer, type TestServer } from '../testing/index.ts';
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

const has = (userId: string | undefined, key: 'joins' | 'leaves') => (e: PartyPresenceEvent) => (e[key] ?? []).some((p) => p.user_id === userId);
const refusal = (code: number, message?: string) => (e: { code: number; message: string }) => e.code === code && (message === undefined || e.message === message);

/** A party led by `leader` with `members` in it (joined, and accepted when closed). */
async function partyOf(leader: TestSocket, open: boolean, maxSize: number, ...members: TestSocket[]): Promise<Party> {
  const party = await leader.socket.createParty(open, maxSize);
  for (const m of members) {
    await m.socket.joinParty(party.party_id);
    if (!open) {
      const request = await leader.next<PartyJoinRequest>('party_join_request');
      await leader.socket.acceptPartyMember(party.party_id, request.presences[0]);
    }
    await m.next('party');
    await leader.next('party_presence_event', has(m.session.user_id, 'joins'));
  }
  return party;
}

const presenceOf = (party: Party, s: TestSocket): Presence => party.presences.find((p) => p.user_id === s.session.user_id)!;

for (const format of FORMATS) {
  describe(`parties (${format})`, () => {
    it('party_create makes the caller leader and only member, then tells it of its own join', async () => {
      const a = await player(format);
      const party = await a.socket.createParty(false, 3);
      assert.match(party.party_id, new RegExp(`^[0-9a-f-]{36}\\.${ts.config.nodeName}$`));
      assert.ok(!party.open);
      assert.equal(party.max_size, 3);
      assert.equal(party.self.user_id, a.session.user_id);
      assert.equal(party.leader.session_id, party.self.session_id);
      assert.deepEqual(party.presences.map((p) => p.user_id), [a.session.user_id]);
      const ev = await a.next<PartyPresenceEvent>('party_presence_event');
      assert.equal(ev.party_id, party.party_id);
      assert.deepEqual(ev.joins.map((p) => p.user_id), [a.session.user_id]);
    });

    it('an open party takes whoever joins: the joiner gets the party, everyone the presence event', async () => {
      const [a, b] = [await player(format), await player(format)];
      const party = await a.socket.createParty(true, 3);
      await b.socket.joinParty(party.party_id);
      const got = await b.next<Party>('party');
      assert.equal(got.party_id, party.party_id);
      assert.ok(got.open);
      assert.equal(got.leader.user_id, a.session.user_id);
      assert.equal(got.self.user_id, b.session.user_id);
      assert.deepEqual(got.presences.map((p) => p.user_id), [a.session.user_id, b.session.user_id]);
      await a.next('party_presence_event', has(b.session.user_id, 'joins'));
      await b.next('party_presence_event', has(b.session.user_id, 'joins'));
      // Joining again changes nothing.
      await b.socket.joinParty(party.party_id);
    });

    it('a closed party waits for the leader: a request, listed, then accepted or declined', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await a.socket.createParty(false, 4);
      await b.socket.joinParty(party.party_id);
      const request = await a.next<PartyJoinRequest>('party_join_request');
      assert.equal(request.party_id, party.party_id);
      assert.deepEqual(request.presences.map((p) => p.user_id), [b.session.user_id]);
      // Not a member before the leader accepts: party data does not reach it.
      await a.socket.sendPartyData(party.party_id, 1, 'members only');
      await c.socket.joinParty(party.party_id);
      await a.next('party_join_request', (r: PartyJoinRequest) => r.presences[0].user_id === c.session.user_id);
      const listed = await a.socket.listPartyJoinRequests(party.party_id);
      assert.deepEqual(listed.presences.map((p) => p.user_id).sort(), [b.session.user_id, c.session.user_id].sort());

      await a.socket.acceptPartyMember(party.party_id, request.presences[0]);
      assert.deepEqual((await b.next<Party>('party')).presences.map((p) => p.user_id), [a.session.user_id, b.session.user_id]);
      await a.next('party_presence_event', has(b.session.user_id, 'joins'));
      // The leader declines c's request by removing it.
      const cRequest = listed.presences.find((p) => p.user_id === c.session.user_id)!;
      await a.socket.removePartyMember(party.party_id, cRequest);
      assert.equal(((await a.socket.listPartyJoinRequests(party.party_id)).presences ?? []).length, 0);
      await assert.rejects(a.socket.acceptPartyMember(party.party_id, cRequest), refusal(3, 'Party join request not found.'));
      assert.equal(b.pending('party_data').length + c.pending('party_data').length, 0);
      assert.equal(c.pending('party').length, 0);
    });

    it('max_size counts the leader: a full party refuses joins and acceptances', async () => {
      const [a, b, c, d] = [await player(format), await player(format), await player(format), await player(format)];
      const party = await partyOf(a, true, 2, b);
      await assert.rejects(c.socket.joinParty(party.party_id), refusal(3, 'Error joining party: party full'));
      const solo = await d.socket.createParty(false, 1);
      await assert.rejects(c.socket.joinParty(solo.party_id), refusal(3, 'Error joining party: party full'));
      const closed = await a.socket.createParty(false, 2);
      await b.socket.joinParty(closed.party_id);
      await c.socket.joinParty(closed.party_id);
      const requests = await a.socket.listPartyJoinRequests(closed.party_id);
      await a.socket.acceptPartyMember(closed.party_id, requests.presences[0]);
      await assert.rejects(a.socket.acceptPartyMember(closed.party_id, requests.presences[1]), refusal(3, 'Error accepting party join request: party full'));
    });

    it('party data goes to the other members with its op code and sender', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await partyOf(a, true, 3, b, c);
      await b.socket.sendPartyData(party.party_id, 7, new TextEncoder().encode('{"ready":true}'));
      for (const r of [a, c]) {
        const d = await r.next<PartyData>('party_data');
        assert.equal(d.party_id, party.party_id);
        assert.equal(d.op_code, 7);
        assert.equal(d.presence.user_id, b.session.user_id);
        assert.deepEqual(JSON.parse(new TextDecoder().decode(d.data)), { ready: true });
      }
      await sleep(100);
      assert.equal(b.pending('party_data').length, 0);
    });

    it('only the leader accepts, removes, promotes, lists, closes and matchmakes', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await partyOf(a, false, 3, b);
      await c.socket.joinParty(party.party_id);
      const request = await a.next<PartyJoinRequest>('party_join_request');
      const leaderOnly = refusal(3, 'Only the party leader may do this.');
      await assert.rejects(b.socket.listPartyJoinRequests(party.party_id), leaderOnly);
      await assert.rejects(b.socket.acceptPartyMember(party.party_id, request.presences[0]), leaderOnly);
      await assert.rejects(b.socket.removePartyMember(party.party_id, request.presences[0]), leaderOnly);
      await assert.rejects(b.socket.promotePartyMember(party.party_id, request.presences[0]), leaderOnly);
      await assert.rejects(b.socket.closeParty(party.party_id), leaderOnly);
      await assert.rejects(b.socket.addMatchmakerParty(party.party_id, '*', 2, 4), leaderOnly);
      // Who is not a member can be neither promoted nor removed; the leader cannot remove itself.
      const stranger = { user_id: c.session.user_id!, session_id: crypto.randomUUID(), username: 'stranger', node: '' };
      await assert.rejects(a.socket.promotePartyMember(party.party_id, stranger), refusal(3, 'Party member not found.'));
      await assert.rejects(a.socket.removePartyMember(party.party_id, stranger), refusal(3, 'Party member not found.'));
      await assert.rejects(a.socket.removePartyMember(party.party_id, party.self), refusal(3, 'The party leader cannot remove themselves.'));
      // A stranger's data reaches nobody.
      await c.socket.sendPartyData(party.party_id, 1, 'not a member');
      await sleep(100);
      assert.equal(a.pending('party_data').length + b.pending('party_data').length, 0);
    });

    it('promote hands the lead to a member, and the old leader loses its rights', async () => {
      const [a, b] = [await player(format), await player(format)];
      const party = await a.socket.createParty(true, 3);
      await b.socket.joinParty(party.party_id);
      const joined = await b.next<Party>('party');
      await a.socket.promotePartyMember(party.party_id, presenceOf(joined, b));
      for (const r of [a, b]) {
        const leader = await r.next<PartyLeader>('party_leader');
        assert.equal(leader.party_id, party.party_id);
        assert.equal(leader.presence.user_id, b.session.user_id);
      }
      await assert.rejects(a.socket.closeParty(party.party_id), refusal(3, 'Only the party leader may do this.'));
      await b.socket.closeParty(party.party_id);
      assert.equal((await a.next<{ party_id: string }>('party_close')).party_id, party.party_id);
    });

    it('a member removed gets party_close; the others see it leave', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await a.socket.createParty(true, 3);
      await b.socket.joinParty(party.party_id);
      const full = await b.next<Party>('party');
      await c.socket.joinParty(party.party_id);
      await c.next('party');
      await a.socket.removePartyMember(party.party_id, presenceOf(full, b));
      assert.equal((await b.next<{ party_id: string }>('party_close')).party_id, party.party_id);
      await a.next('party_presence_event', has(b.session.user_id, 'leaves'));
      await c.next('party_presence_event', has(b.session.user_id, 'leaves'));
      await assert.rejects(b.socket.sendPartyData(party.party_id, 1, 'gone').then(() => a.next('party_data', () => true, 150)));
    });

    it('when the leader leaves the oldest member leads; the last one out ends the party', async () => {
      const [a, b, c, d] = [await player(format), await player(format), await player(format), await player(format)];
      const party = await partyOf(a, true, 4, b, c);
      await a.socket.leaveParty(party.party_id);
      for (const r of [b, c]) assert.equal((await r.next<PartyLeader>('party_leader')).presence.user_id, b.session.user_id);
      await c.next('party_presence_event', has(a.session.user_id, 'leaves'));
      await b.socket.leaveParty(party.party_id);
      assert.equal((await c.next<PartyLeader>('party_leader')).presence.user_id, c.session.user_id);
      await c.socket.leaveParty(party.party_id);
      await assert.rejects(d.socket.joinParty(party.party_id), refusal(3, 'Party not found.'));
    });

    it('a closed socket leaves its party: a new leader if it led, and the party ends with its last member', async () => {
      const [a, b, c, d] = [await player(format), await player(format), await player(format), await player(format)];
      const party = await partyOf(a, false, 3, b, c);
      a.close();
      assert.equal((await b.next<PartyLeader>('party_leader')).presence.user_id, b.session.user_id);
      await c.next('party_presence_event', has(a.session.user_id, 'leaves'));
      // The new leader accepts: the party lives on.
      await d.socket.joinParty(party.party_id);
      await b.socket.acceptPartyMember(party.party_id, (await b.next<PartyJoinRequest>('party_join_request')).presences[0]);
      await d.next('party');
      for (const s of [b, c, d]) s.close();
      const e = await player(format);
      // The party ends once the server has seen the last socket close.
      let refused: unknown;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = await e.socket.joinParty(party.party_id).then(() => undefined, (err) => err);
        if (!refused) await sleep(20);
      }
      assert.ok(refusal(3, 'Party not found.')(refused as { code: number; message: string }), JSON.stringify(refused));
    });

    it('party matchmaker tickets: the leader adds one for everyone, the members hear of it; any change of members ends it', async () => {
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      const party = await partyOf(a, true, 4, b);
      const ticket = await a.socket.addMatchmakerParty(party.party_id, '*', 3, 4);
      assert.equal(ticket.party_id, party.party_id);
      assert.ok(ticket.ticket);
      const told = await b.next<PartyMatchmakerTicket>('party_matchmaker_ticket');
      assert.deepEqual({ party_id: told.party_id, ticket: told.ticket }, { party_id: party.party_id, ticket: ticket.ticket });
      await a.socket.removeMatchmakerParty(party.party_id, ticket.ticket);
      await assert.rejects(a.socket.removeMatchmakerParty(party.party_id, ticket.ticket), refusal(3, 'Matchmaker ticket not found.'));
      const again = await a.socket.addMatchmakerParty(party.party_id, '*', 3, 4);
      await c.socket.joinParty(party.party_id);
      await c.next('party');
      await assert.rejects(a.socket.removeMatchmakerParty(party.party_id, again.ticket), refusal(3, 'Matchmaker ticket not found.'));
      // A party larger than the match cannot matchmake.
      await assert.rejects(a.socket.addMatchmakerParty(party.party_id, '*', 2, 2), (e: { code: number }) => e.code === 3);
    });

    it('refuses bad sizes, bad ids and parties that do not exist', async () => {
      const a = await player(format);
      await assert.rejects(a.socket.createParty(true, 0), refusal(3, 'Invalid party max size, must be 1-256.'));
      await assert.rejects(a.socket.createParty(true, 257), refusal(3));
      await assert.rejects(a.socket.joinParty('nope'), refusal(3, 'Invalid party ID.'));
      await assert.rejects(a.socket.joinParty(`${crypto.randomUUID()}.`), refusal(3, 'Invalid party ID.'));
      await assert.rejects(a.socket.joinParty(`${crypto.randomUUID()}.${ts.config.nodeName}`), refusal(3, 'Party not found.'));
      await assert.rejects(a.socket.joinParty(`${crypto.randomUUID()}.elsewhere`), refusal(3, 'Party not found.'));
    });
  });
}
