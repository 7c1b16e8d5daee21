// This node's authoritative matches: created by modules (nk.matchCreate, or a matchmaker-matched hook),
// reached by sessions of any node through the bus's "match" service, listed by core/matches.ts.
import crypto from 'node:crypto';
import type { Core } from '../core/index.ts';
import { MATCH_SERVICE, matchStream, type AuthoritativeMatches, type ListedMatch, type MatchServiceRequest } from '../core/matches.ts';
import type { MatchedHook } from '../core/matchmaker.ts';
import { invalid, notFound, permissionDenied } from '../errors.ts';
import type { Logger } from '../log.ts';
import { stream, StreamMode } from '../realtime/tracker.ts';
import type { MatchHandler, MatchmakerMatchedFunction } from './match-types.ts';
import { RunningMatch } from './running-match.ts';

/** Requests of modules on the match's node, beside the core's joins, data and leaves. */
export type MatchRegistryRequest =
  | MatchServiceRequest
  | { op: 'signal'; matchId: string; data: string }
  | { op: 'get'; matchId: string };

/** A request as a caller writes it: the match id is added from the id it names. */
type Unaddressed<T> = T extends unknown ? Omit<T, 'matchId'> : never;

/** The handlers modules registered, by name (the runtime Registry). */
export interface MatchHandlers {
  matchHandler(name: string): MatchHandler | undefined;
}

export class MatchRegistry implements AuthoritativeMatches {
  private readonly matches = new Map<string, RunningMatch>();
  private readonly core: Core;
  private readonly handlers: MatchHandlers;
  private readonly logger: Logger;

  constructor(core: Core, handlers: MatchHandlers, logger: Logger) {
    this.core = core;
    this.handlers = handlers;
    this.logger = logger;
    core.bus.serve(MATCH_SERVICE, async (request) => this.handle(request as MatchRegistryRequest));
    core.matches.authoritative = this;
  }

  /** Starts a match of a registered handler on this node; matchInit's failure is the caller's error. */
  async create(name: string, params: Record<string, unknown> = {}): Promise<string> {
    const handler = typeof name === 'string' ? this.handlers.matchHandler(name) : undefined;
    if (!handler) throw notFound(`No match handler named "${name}".`);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid('Match params must be an object.');
    const s = stream(StreamMode.MatchAuthoritative, crypto.randomUUID(), '', this.core.bus.node);
    const match = new RunningMatch({ bus: this.core.bus, logger: this.logger, ended: (m) => this.matches.delete(m.id) }, name, handler, s);
    await match.init(params);
    this.matches.set(match.id, match);
    return match.id;
  }

  /** Matches running on this node. */
  get size(): number {
    return this.matches.size;
  }

  list(): Iterable<ListedMatch> {
    return [...this.matches.values()].map((m) => m.listed);
  }

  /** Ends every match, after its matchTerminate (the server is stopping). */
  async stopAll(graceSeconds = 0): Promise<void> {
    await Promise.all([...this.matches.values()].map((m) => m.terminate(graceSeconds)));
  }

  private async handle(r: MatchRegistryRequest): Promise<unknown> {
    const match = this.matches.get(r.matchId);
    if (r.op === 'left') {
      match?.left(r.presences);
      return {};
    }
    if (!match) throw notFound('Match not found');
    switch (r.op) {
      case 'join': {
        const answer = await match.joinAttempt(r.presence, r.metadata);
        if (!answer.accept) throw permissionDenied(answer.reason);
        return { label: match.label };
      }
      case 'data':
        match.data(r.presence.sessionId, r.opCode, r.data, r.reliable);
        return {};
      case 'signal':
        return { data: await match.signal(r.data) };
      case 'get':
        return wireMatch(match.listed);
    }
  }

  /** A request to the node of a match id; NotFound for an id that names no authoritative match. */
  async call(matchId: string, request: Unaddressed<MatchRegistryRequest>): Promise<unknown> {
    const s = matchStream(matchId);
    if (!s || s.mode !== StreamMode.MatchAuthoritative) throw notFound('Match not found');
    return this.core.bus.call(s.label, MATCH_SERVICE, { ...request, matchId: `${s.subject}.${s.label}` });
  }
}

/** A listed match without its query document (plain JSON, as the bus carries it). */
function wireMatch(m: ListedMatch): ListedMatch {
  const { labelDoc: _doc, ...rest } = m;
  return rest;
}

/** The matchmaker's hook over a module's matchmaker-matched function: its answer must be a match id. */
export function matchedHook(fn: MatchmakerMatchedFunction): MatchedHook {
  return async (entries) => {
    const matched = entries.map((e) => ({
      presence: { userId: e.presence.userId, sessionId: e.presence.sessionId, username: e.presence.username },
      ticket: e.ticket,
      ...(e.partyId ? { partyId: e.partyId } : {}),
      properties: { ...e.stringProperties, ...e.numericProperties },
    }));
    const id = await fn(matched);
    if (id === undefined || id === null || id === '') return undefined;
    if (typeof id !== 'string' || !matchStream(id)) throw invalid('The matchmaker matched hook must return a match id or nothing.');
    return id;
  };
}
