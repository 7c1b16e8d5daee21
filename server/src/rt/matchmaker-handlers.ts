// matchmaker_add and matchmaker_remove: tickets of the caller's own session.
import type { Core } from '../core/index.ts';
import type { PartyTicketInput } from '../core/parties.ts';
import type { Fields } from '../input.ts';
import type { SocketHandlers } from './handlers.ts';

/** A ticket's fields, as matchmaker_add and party_matchmaker_add carry them. */
export function ticketInput(b: Fields): PartyTicketInput {
  return {
    query: b.string('query') ?? '',
    minCount: b.int('min_count') ?? 0,
    maxCount: b.int('max_count') ?? 0,
    countMultiple: b.int('count_multiple'),
    stringProperties: b.stringMap('string_properties') ?? {},
    numericProperties: b.numberMap('numeric_properties') ?? {},
  };
}

export function matchmakerHandlers(core: Core): SocketHandlers {
  const { matchmaker } = core;
  return {
    matchmaker_add(s, b) {
      const ticket = matchmaker.add({ ...ticketInput(b), presences: [{ userId: s.userId, sessionId: s.id, username: s.username }] });
      return { matchmaker_ticket: { ticket } };
    },
    matchmaker_remove(s, b) {
      matchmaker.remove(s.id, b.string('ticket') ?? '');
    },
  };
}
