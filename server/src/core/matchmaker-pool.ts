// The matchmaker's pool: tickets indexed for the search (by id, by owner, by string property), and a
// ticket as it travels between the nodes of a cluster.
import { parseQuery, requiredTerms, type FieldValue } from './match-query.ts';
import type { WirePresence } from './matches.ts';
import type { Ticket } from './matchmaker-search.ts';

export interface PoolTicket extends Ticket {
  presences: WirePresence[];
  stringProperties: Record<string, string>;
  numericProperties: Record<string, number>;
  /** The query as given, for other nodes. */
  queryText: string;
  /** The node that keeps the ticket. */
  node: string;
}

/** A ticket as it travels between nodes. */
export interface WireTicket {
  id: string;
  presences: WirePresence[];
  partyId?: string;
  query: string;
  minCount: number;
  maxCount: number;
  countMultiple: number;
  stringProperties: Record<string, string>;
  numericProperties: Record<string, number>;
}

export function wireTicket(t: PoolTicket): WireTicket {
  return {
    id: t.id, presences: t.presences, partyId: t.partyId, query: t.queryText, minCount: t.minCount, maxCount: t.maxCount,
    countMultiple: t.countMultiple, stringProperties: t.stringProperties, numericProperties: t.numericProperties,
  };
}

export function poolTicket(w: WireTicket, node: string): PoolTicket {
  const doc = new Map<string, FieldValue[]>();
  for (const [k, v] of Object.entries(w.stringProperties)) doc.set(`properties.${k}`, [v]);
  for (const [k, v] of Object.entries(w.numericProperties)) doc.set(`properties.${k}`, [v]);
  return {
    id: w.id,
    sessionIds: new Set(w.presences.map((p) => p.sessionId)),
    partyId: w.partyId,
    count: w.presences.length,
    query: parseQuery(w.query.trim() || '*'),
    doc,
    minCount: w.minCount,
    maxCount: w.maxCount,
    countMultiple: w.countMultiple,
    intervals: 0,
    active: true,
    presences: w.presences,
    stringProperties: w.stringProperties,
    numericProperties: w.numericProperties,
    queryText: w.query,
    node,
  };
}

/** Tickets indexed for the search: by id, by owner (a session or a party) and by string property. */
export class Pool {
  readonly tickets = new Map<string, PoolTicket>();
  readonly byOwner = new Map<string, Set<PoolTicket>>();
  /** Tickets by string property value, oldest first: searches look candidates up by required terms. */
  private readonly postings = new Map<string, Map<string, Set<PoolTicket>>>();

  insert(t: PoolTicket): void {
    this.tickets.set(t.id, t);
    const owner = t.partyId ?? t.presences[0].sessionId;
    let own = this.byOwner.get(owner);
    if (!own) this.byOwner.set(owner, (own = new Set()));
    own.add(t);
    for (const [k, v] of Object.entries(t.stringProperties)) {
      const field = `properties.${k}`;
      let byValue = this.postings.get(field);
      if (!byValue) this.postings.set(field, (byValue = new Map()));
      let set = byValue.get(v);
      if (!set) byValue.set(v, (set = new Set()));
      set.add(t);
    }
  }

  drop(t: PoolTicket): boolean {
    if (this.tickets.get(t.id) !== t) return false;
    this.tickets.delete(t.id);
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
    return true;
  }

  /** The tickets a searcher could match, oldest first: those holding its rarest required term, or all. */
  candidates(t: PoolTicket): Iterable<PoolTicket> {
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
}
