// How the matchmaker picks the tickets that play together, one searching ticket at a time (the oldest
// first): candidates must fit its query and it theirs (queries are checked both ways), its count range
// must hold theirs, no session may be in two of them, and a party never meets itself. Candidates are
// taken oldest first into groups; a group is a match once it reaches the searcher's max_count, or, on
// its last interval, once it holds at least min_count and no candidate is left to grow it.
import { matches, type ParsedQuery, type QueryDoc } from './match-query.ts';

export interface Ticket {
  id: string;
  /** Sessions in it: one for a solo ticket, every member's for a party ticket. */
  sessionIds: ReadonlySet<string>;
  partyId?: string;
  /** Players it brings. */
  count: number;
  query: ParsedQuery;
  doc: QueryDoc;
  minCount: number;
  maxCount: number;
  countMultiple: number;
  /** Intervals it has searched in. */
  intervals: number;
  /** Still searching (false once its intervals are spent: it waits to be found). */
  active: boolean;
}

function sharesSession(a: Ticket, b: Ticket): boolean {
  for (const id of a.sessionIds) if (b.sessionIds.has(id)) return true;
  return false;
}

/** Whether two tickets may be in one match, as far as they themselves are concerned. */
function mutual(a: Ticket, b: Ticket): boolean {
  if (a.partyId !== undefined && a.partyId === b.partyId) return false;
  return !sharesSession(a, b) && matches(a.query, b.doc) && matches(b.query, a.doc);
}

const size = (group: Ticket[]) => group.reduce((n, t) => n + t.count, 0);

/**
 * Drops the newest tickets whose players add up to exactly `excess`, so that the group's size becomes a
 * multiple of the searcher's count_multiple; false when no such tickets exist.
 */
function trim(group: Ticket[], excess: number): boolean {
  // Subset sums over the group's tickets, newest first: best[n] = the tickets that remove n players.
  const best: Array<Ticket[] | undefined> = [[]];
  for (let i = group.length - 1; i >= 0 && !best[excess]; i--) {
    const t = group[i];
    for (let n = excess - t.count; n >= 0; n--) {
      if (best[n] && !best[n + t.count]) best[n + t.count] = [...best[n]!, t];
    }
  }
  const drop = best[excess];
  if (!drop) return false;
  for (const t of drop) group.splice(group.indexOf(t), 1);
  return true;
}

/**
 * The tickets that join `searcher` in a match (the searcher not included), or undefined. `candidates`
 * are the waiting tickets in age order, oldest first; `lastInterval` lets the searcher settle for fewer
 * than its max_count.
 */
export function findMatch(searcher: Ticket, candidates: Iterable<Ticket>, lastInterval: boolean): Ticket[] | undefined {
  const fits = function* () {
    for (const c of candidates) {
      if (c === searcher) continue;
      if (c.minCount < searcher.minCount || c.maxCount > searcher.maxCount) continue;
      // A match smaller than the candidate's own max while it can still wait for more: let it wait.
      if (searcher.maxCount < c.maxCount && c.active) continue;
      if (mutual(searcher, c)) yield c;
    }
  };
  // Settling for fewer than max_count needs to know that no candidate is left: only then are they all read.
  const settles = lastInterval && searcher.minCount < searcher.maxCount;
  const hits: Iterable<Ticket> = settles ? [...fits()] : fits();
  const total = settles ? (hits as Ticket[]).length : Infinity;
  const groups: Ticket[][] = [];
  let seen = 0;
  for (const hit of hits) {
    seen++;
    let group = groups.find((g) => size(g) + hit.count + searcher.count <= searcher.maxCount && g.every((t) => mutual(t, hit)));
    if (group) group.push(hit);
    else groups.push((group = [hit]));
    const n = size(group) + searcher.count;
    if (!(n === searcher.maxCount || (settles && seen === total && n >= searcher.minCount && n <= searcher.maxCount))) continue;
    const candidate = [...group];
    const excess = n % searcher.countMultiple;
    if (excess && !trim(candidate, excess)) continue;
    const final = size(candidate) + searcher.count;
    const all = [...candidate, searcher];
    if (all.every((t) => final >= t.minCount && final <= t.maxCount && final % t.countMultiple === 0)) return candidate;
  }
  return undefined;
}
