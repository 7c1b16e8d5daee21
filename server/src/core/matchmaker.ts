// The matchmaker: tickets of sessions and parties wait in one pool on this node and are matched every
// interval (MATCHMAKER_INTERVAL_MS), oldest first (matchmaker-search.ts). Every matched player gets
// matchmaker_matched with the match a module's matched hook created, or a token for a relayed match.
// Tickets leave the pool when matched, removed, when their session closes or their party changes.
import crypto from 'node:crypto';
import type { MatchmakerConfig } from '../config.ts';
import { put, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Bus } from '../realtime/bus.ts';
import { parseQuery, requiredTerms, type FieldValue } from './match-query.ts';
import type { Matches, WirePresence } from './matches.ts';
import { findMatch, type Ticket } from './matchmaker-search.ts';

/** How long a pass runs before it lets other work in. */
const SLICE_MS = 20;

export interface TicketInput {
  /** The players: the caller, or every member of a party. */
  presences: WirePresence[];
  partyId?: string;
  query: string;
  minCount: number;
  maxCount: number;
  countMultiple?: number;
  stringProperties: Record<string, string>;
  numericProperties: Record<string, number>;
}

/** One matched player, as the matched hook and matchmaker_matched see it. */
interface MatchmakerEntry {
  ticket: string;
  presence: WirePresence;
  partyId?: string;
  stringProperties: Record<string, string>;
  numericProperties: Record<string, number>;
}

/** Creates a match for the matched players and returns its id, or returns nothing (they get a token). */
export type MatchedHook = (entries: MatchmakerEntry[]) => Promise<string | undefined>;

interface PoolTicket extends Ticket {
  presences: WirePresence[];
  stringProperties: Record<string, string>;
  numericProperties: Record<string, number>;
}

function userMsg(e: MatchmakerEntry): Msg {
  const out: Msg = { presence: { user_id: e.presence.userId, session_id: e.presence.sessionId, username: e.presence.username } };
  put(out, 'party_id', e.partyId);
  put(out, 'string_properties', e.stringProperties);
  put(out, 'numeric_properties', e.numericProperties);
  return out;
}

export class Matchmaker {
  /** Set by the runtime when a module registers a matched hook. */
  onMatched: MatchedHook | undefined;
  private readonly tickets = new Map<string, PoolTicket>();
  /** Tickets by owner: a session's own, or a party's. */
  private readonly byOwner = new Map<string, Set<PoolTicket>>();
  /** Tickets by string property value, oldest first: searches look candidates up by required terms. */
  private readonly postings = new Map<string, Map<string, Set<PoolTicket>>>();
  private readonly bus: Bus;
  private readonly config: MatchmakerConfig;
  private readonly matches: Matches;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private processing = false;

  constructor(bus: Bus, config: MatchmakerConfig, matches: Matches, logger: Logger) {
    this.bus = bus;
    this.config = config;
    this.matches = matches;
    this.logger = logger;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.process(), this.config.intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Adds a ticket; refusals are InvalidArgument. Returns the ticket id. */
  add(input: TicketInput): string {
    const { minCount, maxCount, countMultiple = 1, presences } = input;
    if (!Number.isInteger(minCount) || minCount < 2) throw invalid('Invalid minimum count, must be >= 2.');
    if (!Number.isInteger(maxCount) || maxCount < minCount) throw invalid('Invalid maximum count, must be >= minimum count.');
    if (!Number.isInteger(countMultiple) || countMultiple < 1) throw invalid('Invalid count multiple, must be >= 1.');
    if (presences.length > maxCount) throw invalid('Invalid maximum count, must be at least the number of party members.');
    const owner = input.partyId ?? presences[0].sessionId;
    if ((this.byOwner.get(owner)?.size ?? 0) >= this.config.maxTickets) throw invalid('Too many matchmaker tickets.');
    const doc = new Map<string, FieldValue[]>();
    for (const [k, v] of Object.entries(input.stringProperties)) doc.set(`properties.${k}`, [v]);
    for (const [k, v] of Object.entries(input.numericProperties)) doc.set(`properties.${k}`, [v]);
    const t: PoolTicket = {
      id: crypto.randomUUID(),
      sessionIds: new Set(presences.map((p) => p.sessionId)),
      partyId: input.partyId,
      count: presences.length,
      query: parseQuery(input.query.trim() || '*'),
      doc,
      minCount,
      maxCount,
      countMultiple,
      intervals: 0,
      active: true,
      presences,
      stringProperties: input.stringProperties,
      numericProperties: input.numericProperties,
    };
    this.tickets.set(t.id, t);
    let own = this.byOwner.get(owner);
    if (!own) this.byOwner.set(owner, (own = new Set()));
    own.add(t);
    for (const [k, v] of Object.entries(input.stringProperties)) {
      const field = `properties.${k}`;
      let byValue = this.postings.get(field);
      if (!byValue) this.postings.set(field, (byValue = new Map()));
      let set = byValue.get(v);
      if (!set) byValue.set(v, (set = new Set()));
      set.add(t);
    }
    return t.id;
  }

  /** Removes a ticket of the session's own (not a party's), refused when it has no such ticket. */
  remove(sessionId: string, ticket: string): void {
    this.removeOwned(sessionId, ticket);
  }

  /** Removes a ticket of the party, refused when it has no such ticket. */
  removeParty(partyId: string, ticket: string): void {
    this.removeOwned(partyId, ticket);
  }

  /** Removes every ticket of a session (it closed) or of a party (its members changed, or it closed). */
  removeAll(owner: string): void {
    for (const t of this.byOwner.get(owner) ?? []) this.drop(t);
  }

  /** Tickets waiting in the pool. */
  get size(): number {
    return this.tickets.size;
  }

  private removeOwned(owner: string, ticket: string): void {
    const t = this.tickets.get(ticket);
    // InvalidArgument, not NotFound: through the party service a NotFound would read as the party's.
    if (!t || !this.byOwner.get(owner)?.has(t)) throw invalid('Matchmaker ticket not found.');
    this.drop(t);
  }

  private drop(t: PoolTicket): void {
    if (!this.tickets.delete(t.id)) return;
    const owner = t.partyId ?? t.presences[0].sessionId;
    const own = this.byOwner.get(owner)!;
    own.delete(t);
    if (!own.size) this.byOwner.delete(owner);
    for (const [k, v] of Object.entries(t.stringProperties)) {
      const byValue = this.postings.get(`properties.${k}`)!;
      const set = byValue.get(v)!;
      set.delete(t);
      if (!set.size) byValue.delete(v);
      if (!byValue.size) this.postings.delete(`properties.${k}`);
    }
  }

  /** The tickets a searcher could match, oldest first: those holding its rarest required term, or all. */
  private candidates(t: PoolTicket): Iterable<PoolTicket> {
    let best: Iterable<PoolTicket> = this.tickets.values();
    let bestSize = this.tickets.size;
    for (const { field, text } of requiredTerms(t.query)) {
      const set = this.postings.get(field)?.get(text);
      if (!set) return [];
      if (set.size < bestSize) {
        best = set;
        bestSize = set.size;
      }
    }
    return best;
  }

  /**
   * One interval: every searching ticket, oldest first, looks for its match; matched tickets leave the
   * pool at once. The pass yields to other work every few milliseconds, so a big pool never holds up
   * the server; tickets added or removed meanwhile are seen as they are. A pass still running when the
   * next interval comes lets that interval go by.
   */
  async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      let slice = performance.now();
      for (const t of [...this.tickets.values()]) {
        if (!t.active || !this.tickets.has(t.id)) continue;
        t.intervals++;
        const lastInterval = t.intervals >= this.config.maxIntervals || t.minCount === t.maxCount;
        // Past its last interval a ticket stops searching but stays in the pool, to be found.
        if (lastInterval) t.active = false;
        const others = findMatch(t, this.candidates(t), lastInterval) as PoolTicket[] | undefined;
        if (others) {
          const group = [...others, t];
          for (const x of group) this.drop(x);
          void this.deliver(group);
        }
        if (performance.now() - slice > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          slice = performance.now();
        }
      }
    } finally {
      this.processing = false;
    }
  }

  private async deliver(group: PoolTicket[]): Promise<void> {
    const entries: MatchmakerEntry[] = group.flatMap((t) =>
      t.presences.map((presence) => ({ ticket: t.id, presence, partyId: t.partyId, stringProperties: t.stringProperties, numericProperties: t.numericProperties })),
    );
    let matchId: string | undefined;
    if (this.onMatched) {
      try {
        matchId = await this.onMatched(entries);
      } catch (err) {
        this.logger.error('matchmaker matched hook failed; the players get a token instead', { err });
      }
    }
    const users = entries.map(userMsg);
    const id: Msg = matchId ? { match_id: matchId } : { token: this.matches.token() };
    for (const [i, e] of entries.entries()) {
      this.bus.sendToSessions([e.presence.sessionId], { matchmaker_matched: { ticket: e.ticket, ...id, users, self: users[i] } });
    }
  }
}
