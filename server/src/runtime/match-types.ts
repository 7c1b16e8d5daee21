// The match-handler API: what a module registers (initializer.registerMatch(name, handler)) to run
// authoritative matches, as upstream's runtime does. The server calls one handler function of a match
// at a time; each may be async. Returning null from any function but matchInit and matchTerminate
// ends the match; a function that throws ends it too, with a log line.

export interface MatchPresence {
  userId: string;
  sessionId: string;
  username: string;
}

/** Data a player sent with match_data_send since the previous tick. */
export interface MatchMessage {
  sender: MatchPresence;
  opCode: number;
  data: Uint8Array;
  reliable: boolean;
  /** When the server received it (ms since the epoch). */
  receiveTimeMs: number;
}

export interface MatchContext {
  matchId: string;
  node: string;
  /** The name the handler was registered with. */
  handlerName: string;
  executionMode: 'match';
}

/** How a match reaches its players. */
export interface MatchDispatcher {
  /**
   * Sends match_data now: to the presences given, or to every player; `sender` is shown as its author
   * (none by default). opCode is a whole number; string data is sent as UTF-8.
   */
  broadcastMessage(opCode: number, data?: string | Uint8Array | null, presences?: MatchPresence[] | null, sender?: MatchPresence | null, reliable?: boolean): void;
  /** As broadcastMessage, sent once the current handler function has returned. */
  broadcastMessageDeferred(opCode: number, data?: string | Uint8Array | null, presences?: MatchPresence[] | null, sender?: MatchPresence | null, reliable?: boolean): void;
  /** Removes players from the match (matchLeave follows). */
  matchKick(presences: MatchPresence[]): void;
  /** Replaces the label (at most 2048 bytes); listings see it at once. */
  matchLabelUpdate(label: string): void;
}

type Result<T> = T | Promise<T>;

export interface MatchInit<S> {
  state: S;
  /** Ticks per second, 1-60. */
  tickRate: number;
  /** Shown in listings; a JSON object label is searchable by `label.<field>` queries. */
  label?: string;
}

export interface MatchHandler<S = unknown> {
  matchInit(ctx: MatchContext, params: Record<string, unknown>): Result<MatchInit<S>>;
  /** Accepts a player or refuses them; `rejectMessage` is the reason they are given. */
  matchJoinAttempt(
    ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, presence: MatchPresence, metadata: Record<string, string>,
  ): Result<{ state: S; accept: boolean; rejectMessage?: string } | null>;
  /** Players accepted since the last call, now in the match. */
  matchJoin(ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, presences: MatchPresence[]): Result<{ state: S } | null>;
  /** Players who left, were kicked or disconnected. */
  matchLeave(ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, presences: MatchPresence[]): Result<{ state: S } | null>;
  /** Once per tick, with the messages received since the previous one. */
  matchLoop(ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, messages: MatchMessage[]): Result<{ state: S } | null>;
  /** The server is stopping; the match ends whatever this returns. */
  matchTerminate(ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, graceSeconds: number): Result<{ state: S } | null>;
  /** A module's nk.matchSignal: `data` in, the answer's data back to the caller. */
  matchSignal(ctx: MatchContext, dispatcher: MatchDispatcher, tick: number, state: S, data: string): Result<{ state: S; data?: string } | null>;
}

/** One matched player, as a module's matchmaker-matched hook sees them. */
export interface MatchmakerResult {
  presence: MatchPresence;
  ticket: string;
  partyId?: string;
  /** The ticket's string and numeric properties together. */
  properties: Record<string, string | number>;
}

/**
 * Runs when the matchmaker has matched players: return the id of a match made for them (nk.matchCreate)
 * and they get it, or nothing and they get a token for a relayed match. An error is logged; the players
 * then get a token.
 */
export type MatchmakerMatchedFunction = (matched: MatchmakerResult[]) => Result<string | void | undefined>;
