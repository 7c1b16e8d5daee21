// Party messages: create on this node; everything else goes to the party's node (core/parties.ts).
import type { Core } from '../core/index.ts';
import type { WirePresence } from '../core/matches.ts';
import { put, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Fields } from '../input.ts';
import { ticketInput } from './matchmaker-handlers.ts';
import type { SocketHandlers } from './handlers.ts';
import type { SocketSession } from './session.ts';

const me = (s: SocketSession): WirePresence => ({ userId: s.userId, sessionId: s.id, username: s.username });

/** The member a leader acts on (party_accept, party_remove, party_promote). */
function target(b: Fields): WirePresence {
  const p = b.object('presence');
  const sessionId = p?.string('session_id');
  if (!p || !sessionId) throw invalid('A presence with a session_id is required.');
  return { userId: p.string('user_id') ?? '', sessionId, username: p.string('username') ?? '' };
}

export function partyHandlers(core: Core): SocketHandlers {
  const { parties } = core;
  const partyId = (b: Fields) => b.string('party_id') ?? '';
  return {
    party_create: (s, b) => ({ party: parties.create(s, b.bool('open') ?? false, b.int('max_size') ?? 0) }),
    async party_join(s, b) {
      await parties.call(partyId(b), { op: 'join', presence: me(s) });
    },
    async party_leave(s, b) {
      await parties.call(partyId(b), { op: 'leave', presence: me(s) });
    },
    async party_close(s, b) {
      await parties.call(partyId(b), { op: 'close', presence: me(s) });
    },
    async party_promote(s, b) {
      await parties.call(partyId(b), { op: 'promote', presence: me(s), target: target(b) });
    },
    async party_accept(s, b) {
      await parties.call(partyId(b), { op: 'accept', presence: me(s), target: target(b) });
    },
    async party_remove(s, b) {
      await parties.call(partyId(b), { op: 'remove', presence: me(s), target: target(b) });
    },
    async party_join_request_list(s, b) {
      const answer = (await parties.call(partyId(b), { op: 'requests', presence: me(s) })) as { party_id: string; presences: Msg[] };
      const out: Msg = { party_id: answer.party_id };
      put(out, 'presences', answer.presences);
      return { party_join_request: out };
    },
    async party_matchmaker_add(s, b) {
      return { party_matchmaker_ticket: await parties.call(partyId(b), { op: 'matchmakerAdd', presence: me(s), ticket: ticketInput(b) }) };
    },
    async party_matchmaker_remove(s, b) {
      await parties.call(partyId(b), { op: 'matchmakerRemove', presence: me(s), ticket: b.string('ticket') ?? '' });
    },
    // No reply: party data is sent without a cid.
    async party_data_send(s, b) {
      await parties.call(partyId(b), { op: 'data', presence: me(s), opCode: String(b.int64('op_code') ?? 0n), data: b.string('data') ?? '' });
    },
  };
}
