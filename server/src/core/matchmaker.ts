// The matchmaker: tickets of sessions and parties wait in a pool and are matched every interval
// (MATCHMAKER_INTERVAL_MS), oldest first (matchmaker-search.ts). Every matched player gets
// matchmaker_matched with the match a module's matched hook created, or a token for a relayed match.
// Tickets leave the pool when matched, removed, when their session closes or their party changes.
//
// In a cluster each node keeps the tickets of its own sessions and parties, and one node, the holder of
// the "matchmaker" lease, matches them all: each interval it asks the other nodes for their tickets,
// matches the whole pool, and claims each matched ticket from the node that keeps it before telling the
// players. A claim takes a node's tickets of a match all or none, so no ticket is matched twice, even
// while the lease passes to another node. The pool and the tickets' wire form are matchmaker-pool.ts's.
import crypto from 'node:crypto';
import type { MatchmakerConfig } from '../config.ts';
import { put, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Bus } from '../realtime/bus.ts';
import type { Matches, WirePresence } from './matches.ts';
import { Pool, poolTicket, wireTicket, type PoolTicket, type WireTicket } from './matchmaker-pool.ts';
import { findMatch } from './matchmaker-search.ts';

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

/** Requests of the matchmaker service, which every node serves for the lease holder. */
type MatchmakerRequest =
  | { op: 'tickets' }
  | { op: 'claim'; ids: string[] }
  | { op: 'restore'; tickets: WireTicket[] };

const MATCHMAKER_SERVICE = 'matchmaker';
/** The lease lasts this many intervals (at least LEASE_MIN_MS): a holder that stops is replaced then. */
const LEASE_INTERVALS = 3;
const LEASE_MIN_MS = 3000;

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
  /** This node's tickets (its sessions' and parties'). */
  private readonly own = new Pool();
  /** Other nodes' tickets as the lease holder last saw them, by id: their search state lives here. */
  private readonly seen = new Map<string, PoolTicket>();
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
    bus.serve(MATCHMAKER_SERVICE, async (request) => this.handle(request as MatchmakerRequest));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.interval(), this.config.intervalMs).unref();
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
    if ((this.own.byOwner.get(owner)?.size ?? 0) >= this.config.maxTickets) throw invalid('Too many matchmaker tickets.');
    const t = poolTicket({
      id: crypto.randomUUID(),
      presences,
      partyId: input.partyId,
      query: input.query,
      minCount,
      maxCount,
      countMultiple,
      stringProperties: input.stringProperties,
      numericProperties: input.numericProperties,
    }, this.bus.node);
    this.own.insert(t);
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
    for (const t of this.own.byOwner.get(owner) ?? []) this.own.drop(t);
  }

  /** Tickets waiting in this node's pool. */
  get size(): number {
    return this.own.tickets.size;
  }

  private removeOwned(owner: string, ticket: string): void {
    const t = this.own.tickets.get(ticket);
    // InvalidArgument, not NotFound: through the party service a NotFound would read as the party's.
    if (!t || !this.own.byOwner.get(owner)?.has(t)) throw invalid('Matchmaker ticket not found.');
    this.own.drop(t);
  }

  /** What the lease holder asks of this node: its tickets, or to give up (or take back) some of them. */
  private async handle(r: MatchmakerRequest): Promise<unknown> {
    switch (r.op) {
      case 'tickets':
        return { tickets: [...this.own.tickets.values()].map(wireTicket) };
      case 'claim':
        return { claimed: this.claimOwn(r.ids) !== undefined };
      case 'restore':
        for (const w of r.tickets) if (!this.own.tickets.has(w.id)) this.own.insert(poolTicket(w, this.bus.node));
        return {};
      default:
        throw invalid('Unknown matchmaker request.');
    }
  }

  /** Takes this node's tickets of a match out of its pool, all or none: undefined when one is gone. */
  private claimOwn(ids: string[]): PoolTicket[] | undefined {
    const found = ids.map((id) => this.own.tickets.get(id));
    if (found.some((t) => t === undefined)) return undefined;
    for (const t of found) this.own.drop(t!);
    return found as PoolTicket[];
  }

  /** One interval: alone, this node matches its pool; in a cluster, the lease holder matches them all. */
  private async interval(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      if (!this.bus.peers().length && !this.seen.size) {
        await this.process();
        return;
      }
      const ttl = Math.max(LEASE_MIN_MS, this.config.intervalMs * LEASE_INTERVALS);
      if (!(await this.bus.lease(MATCHMAKER_SERVICE, ttl))) {
        this.seen.clear();
        return;
      }
      await this.process(await this.gather());
    } catch (err) {
      this.logger.error('matchmaker interval failed', { err });
    } finally {
      this.processing = false;
    }
  }

  /** The other nodes' tickets, keeping the search state of those already seen. */
  private async gather(): Promise<PoolTicket[]> {
    const answers = await Promise.all(this.bus.peers().map(async (node) => {
      try {
        const a = (await this.bus.call(node, MATCHMAKER_SERVICE, { op: 'tickets' } satisfies MatchmakerRequest)) as { tickets: WireTicket[] };
        return a.tickets.map((w) => [node, w] as const);
      } catch (err) {
        this.logger.warn('matchmaker could not reach a node', { node, err: (err as Error).message });
        return [];
      }
    }));
    const out: PoolTicket[] = [];
    const current = new Set<string>();
    for (const [node, w] of answers.flat()) {
      current.add(w.id);
      let t = this.seen.get(w.id);
      if (!t) {
        try {
          t = poolTicket(w, node);
        } catch {
          continue;
        }
        this.seen.set(w.id, t);
      }
      out.push(t);
    }
    for (const id of this.seen.keys()) if (!current.has(id)) this.seen.delete(id);
    return out;
  }

  /**
   * Every searching ticket, oldest first, looks for its match; matched tickets leave the pool at once.
   * The pass yields to other work every few milliseconds, so a big pool never holds up the server;
   * tickets added or removed meanwhile are seen as they are. With other nodes' tickets, the pass runs
   * over a view of both, and a match is told once every node has given up its tickets.
   */
  async process(others: PoolTicket[] = []): Promise<void> {
    let pool = this.own;
    if (others.length) {
      pool = new Pool();
      for (const t of this.own.tickets.values()) pool.insert(t);
      // Oldest first across nodes is approximated: this node's tickets, then the others' in node order.
      for (const t of others) pool.insert(t);
    }
    const groups: PoolTicket[][] = [];
    let slice = performance.now();
    for (const t of [...pool.tickets.values()]) {
      if (!t.active || pool.tickets.get(t.id) !== t) continue;
      if (pool !== this.own && t.node === this.bus.node && this.own.tickets.get(t.id) !== t) continue; // removed meanwhile
      t.intervals++;
      const lastInterval = t.intervals >= this.config.maxIntervals || t.minCount === t.maxCount;
      // Past its last interval a ticket stops searching but stays in the pool, to be found.
      if (lastInterval) t.active = false;
      const found = findMatch(t, pool.candidates(t), lastInterval) as PoolTicket[] | undefined;
      if (found) {
        const group = [...found, t];
        for (const x of group) pool.drop(x);
        if (pool === this.own) void this.deliver(group);
        else groups.push(group);
      }
      if (performance.now() - slice > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    for (const group of groups) if (await this.claim(group)) void this.deliver(group);
  }

  /** Takes a match's tickets from the nodes that keep them, all or none. */
  private async claim(group: PoolTicket[]): Promise<boolean> {
    const byNode = new Map<string, PoolTicket[]>();
    for (const t of group) {
      let list = byNode.get(t.node);
      if (!list) byNode.set(t.node, (list = []));
      list.push(t);
    }
    const taken: Array<[string, PoolTicket[]]> = [];
    let ok = true;
    for (const [node, tickets] of byNode) {
      const ids = tickets.map((t) => t.id);
      let claimed: boolean;
      if (node === this.bus.node) claimed = this.claimOwn(ids) !== undefined;
      else {
        try {
          claimed = ((await this.bus.call(node, MATCHMAKER_SERVICE, { op: 'claim', ids } satisfies MatchmakerRequest)) as { claimed: boolean }).claimed;
        } catch {
          claimed = false;
        }
      }
      if (!claimed) {
        ok = false;
        break;
      }
      taken.push([node, tickets]);
    }
    for (const t of group) this.seen.delete(t.id);
    if (ok) return true;
    // A ticket was removed meanwhile: the others go back to their nodes, to be matched again.
    for (const [node, tickets] of taken) {
      if (node === this.bus.node) {
        for (const t of tickets) if (!this.own.tickets.has(t.id)) this.own.insert(t);
      } else {
        await this.bus.call(node, MATCHMAKER_SERVICE, { op: 'restore', tickets: tickets.map(wireTicket) } satisfies MatchmakerRequest).catch(() => {});
      }
    }
    return false;
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
