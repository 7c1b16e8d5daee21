// The `nk` facade's matches: create an authoritative match of a registered handler, read one, list
// matches as GET /v2/match does, and signal one (its node answers, wherever it runs).
import type { Core } from '../core/index.ts';
import type { ListedMatch } from '../core/matches.ts';
import { AppError, Code, invalid } from '../errors.ts';
import type { MatchRegistry } from './match-registry.ts';

export interface NkMatch {
  matchId: string;
  authoritative: boolean;
  label?: string;
  size: number;
  tickRate?: number;
  handlerName?: string;
}

export interface NkMatches {
  /** Starts an authoritative match of the handler registered under `module`; resolves with its id once matchInit ran. */
  matchCreate(module: string, params?: Record<string, unknown>): Promise<string>;
  /** An authoritative match by id, or undefined. */
  matchGet(matchId: string): Promise<NkMatch | undefined>;
  /**
   * Matches as GET /v2/match lists them: limit 1-100 (default 1); a label (exact) or a query narrows to
   * authoritative matches; sizes bound the number of players.
   */
  matchList(limit?: number, authoritative?: boolean | null, label?: string | null, minSize?: number | null, maxSize?: number | null, query?: string | null): Promise<NkMatch[]>;
  /** Calls the match's matchSignal with data and resolves with the data it answers. NotFound for a match that is not running. */
  matchSignal(matchId: string, data: string): Promise<string | undefined>;
}

function nkMatch(m: ListedMatch): NkMatch {
  const out: NkMatch = { matchId: m.matchId, authoritative: m.authoritative, size: m.size };
  if (m.label !== undefined) out.label = m.label;
  if (m.tickRate !== undefined) out.tickRate = m.tickRate;
  if (m.handlerName !== undefined) out.handlerName = m.handlerName;
  return out;
}

const given = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export function matchNk(core: Core, registry: MatchRegistry): NkMatches {
  return {
    matchCreate: (module, params) => registry.create(module, params),
    async matchGet(matchId) {
      try {
        return nkMatch((await registry.call(matchId, { op: 'get' })) as ListedMatch);
      } catch (err) {
        if (err instanceof AppError && err.code === Code.NotFound) return undefined;
        throw err;
      }
    },
    async matchList(limit = 1, authoritative, label, minSize, maxSize, query) {
      const list = core.matches.list({
        limit, authoritative: given(authoritative), label: given(label), minSize: given(minSize), maxSize: given(maxSize), query: given(query),
      });
      return list.map(nkMatch);
    },
    async matchSignal(matchId, data) {
      if (typeof data !== 'string') throw invalid('Signal data must be a string.');
      return ((await registry.call(matchId, { op: 'signal', data })) as { data?: string }).data;
    },
  };
}
