// The one seam for everything realtime that may cross server nodes: delivery of envelopes to streams,
// users and sessions; presence changes; session revocation; and the counters of shared limits.
// `LocalBus` (local-bus.ts) is the in-process implementation; `RedisBus` (redis-bus.ts, with REDIS_URL)
// the cluster's, on Redis pub/sub, hashes and counters. Both implement it one-for-one, so callers do
// not change:
//
// - every message is a plain JSON-serialisable value: envelopes addressed to a stream, a user or
//   sessions; presence events {stream, joins, leaves}; revocations; limit names, keys and rules;
// - envelopes are serialised for a wire format only where they reach sockets, once per message and
//   format on each node, by the serializers the transport gives the bus;
// - nothing a caller does waits on another node, except the limits and service calls, which are async;
// - state that lives on one node (a party, an authoritative match, named in its id by the node's name)
//   is reached from the others by service calls: plain JSON requests and answers.
import type { TokenClaims } from '../tokens.ts';
import type { Msg } from '../encode.ts';
import type { BusMeter } from '../metrics.ts';
import type { PresenceListener, PresenceMeta, Stream, TrackedPresence } from './tracker.ts';

/** How a socket frames its envelopes: JSON text frames, or binary nakama.realtime.Envelope frames. */
export type WireFormat = 'json' | 'protobuf';

/** One serialiser per wire format, given by the transport (realtime/ knows envelopes, not encodings). */
export type Serializers = Readonly<Record<WireFormat, (envelope: Msg) => string | Uint8Array>>;

/** A connected socket, as the bus sees it. Lives on one node; the bus reaches it from any node. */
export interface ClientSession {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly claims: TokenClaims;
  readonly format: WireFormat;
  /** Sends an envelope already serialised in this session's format. */
  sendRaw(data: string | Uint8Array): void;
  close(code: number, reason: string): void;
}

/**
 * Presences on streams. Reads answer from this node's view, which in a cluster holds every node's
 * presences (kept current from the presence events). Changes may name a session of any node (a kicked
 * user's sessions leave the group channel everywhere): an implementation forwards them to its node.
 */
export interface Presences {
  /** Adds a presence; false when the session is already on the stream. */
  track(sessionId: string, stream: Stream, userId: string, meta: PresenceMeta): boolean;
  /** Replaces a presence's metadata (a status change): a leave of the old and a join of the new. */
  update(sessionId: string, stream: Stream, userId: string, meta: PresenceMeta): void;
  untrack(sessionId: string, stream: Stream): boolean;
  /** Removes every presence on a stream (a channel closing). */
  untrackStream(stream: Stream): void;
  get(sessionId: string, stream: Stream): TrackedPresence | undefined;
  /** Presences on a stream, hidden ones only when asked. */
  list(stream: Stream, includeHidden?: boolean): TrackedPresence[];
  count(stream: Stream): number;
  /** Presences of one session, optionally of one stream mode. */
  sessionPresences(sessionId: string, mode?: number): TrackedPresence[];
  /** Every stream of a mode that has presences (relayed matches, for listing). */
  listStreams(mode: number): Stream[];
  /** Presences of this node's sessions on every stream, hidden ones included (the metrics). */
  ownCount(): number;
}

/**
 * Answers a service's requests on the node that serves it. Requests and answers are plain JSON; a
 * refusal is an AppError, which reaches the caller with its code and message.
 */
export type ServiceHandler = (request: unknown) => Promise<unknown>;

/**
 * Sessions to close, on every node. With `token`, the sessions of that token id expiring no later than
 * `exp` (a refreshed pair keeps the id but expires later, and stays); with `issuedUpTo`, every session
 * of the user issued at or before that time (seconds: log out everywhere, ban, deletion); with neither,
 * every session of the user. `token.kind` 'refresh' closes no socket but updates each node's record of
 * revoked tokens.
 */
export interface Revocation {
  userId: string;
  token?: { id: string; kind: 'session' | 'refresh'; exp: number };
  issuedUpTo?: number;
}

/** Close code of a socket whose session ended (the contract's 4001). */
const SESSION_ENDED_CODE = 4001;

/** Whether a revocation ends a socket of this session token. */
function revokes(r: Revocation, claims: TokenClaims): boolean {
  if (claims.uid !== r.userId) return false;
  if (r.token) return r.token.kind === 'session' && claims.tid === r.token.id && claims.exp <= r.token.exp;
  if (r.issuedUpTo !== undefined) return claims.iat <= r.issuedUpTo;
  return true;
}

/** The close reason of a socket ended by a revocation. */
function revocationReason(r: Revocation): string {
  return r.token || r.issuedUpTo !== undefined ? 'Session token revoked' : 'Session ended';
}

/** Closes the sockets of this node that a revocation ends. */
export function closeRevoked(r: Revocation, sessionsOfUser: (userId: string) => Iterable<ClientSession>): void {
  const reason = revocationReason(r);
  for (const s of sessionsOfUser(r.userId)) {
    if (revokes(r, s.claims)) s.close(SESSION_ENDED_CODE, reason);
  }
}

/**
 * A fixed-window limit: `limit` hits per key per window (RateLimiter's semantics). `now` (ms) is for
 * tests that move the clock.
 */
export interface WindowLimit {
  /** Counts one hit; false when the allowance was already used up. */
  hit(key: string, now?: number): Promise<boolean>;
  /** Whether key has used up its allowance in the current window. */
  blocked(key: string, now?: number): Promise<boolean>;
  /** Seconds until key may try again (0 when it may now). */
  retryAfter(key: string, now?: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** A slow-down after failures (Backoff's semantics: reserve first, forget on success). */
export interface BackoffLimit {
  /** Reserves an attempt: 0 when it may go ahead, else the seconds to wait. */
  take(key: string, now?: number): Promise<number>;
  /** The attempt succeeded: the key's failures are forgotten. */
  reset(key: string): Promise<void>;
  /** The attempt is not to count as a failure, but earlier failures stand. */
  undo(key: string): Promise<void>;
}

/** A rate limit's answer: allowed, or refused with the whole seconds until it would be (0 when allowed). */
export interface RateAnswer {
  allowed: boolean;
  retryAfterSec: number;
}

/**
 * A rate or volume limit of rate-limiter-flexible: `points` per key in a fixed window of `durationSec`
 * that starts with the key's first point. A request costs a point; a volume (bytes) costs its size.
 */
export interface RateLimit {
  /**
   * Takes `cost` points (1 by default): refused when the window's points would be passed. A refused
   * request counts all the same (hammering does not help); the window still ends when it would have.
   */
  consume(key: string, cost?: number): Promise<RateAnswer>;
  /** Whether key has points left in its window, taking none (a cap counted after the fact, with add). */
  peek(key: string): Promise<RateAnswer>;
  /** Counts points already spent (the bytes a message stored), never refusing. */
  add(key: string, cost: number): Promise<void>;
}

/**
 * Counters of limits shared by every node. A limit is named (a name is one limit: the same name with
 * the same rule on every node and in every call; modules prefix names with their own) and its keys are
 * the caller's (a client address, a user id). Asking for a name again gives the same counters.
 */
export interface LimitStore {
  window(name: string, limit: number, windowMs: number): WindowLimit;
  backoff(name: string, free: number, windowMs: number, maxDelayMs: number): BackoffLimit;
  /** A rate or volume limit (rate-limiter-flexible): points per key per durationSec. */
  rate(name: string, points: number, durationSec: number): RateLimit;
}

export interface Bus {
  /** This node's name (NODE_NAME): parties and authoritative matches made here carry it in their ids. */
  readonly node: string;
  /** Presence state; its changes are reported to onPresence listeners. */
  readonly presences: Presences;
  /**
   * Presence changes (joins and leaves of visible presences), each reported once, on the node where it
   * happened, after the current turn (so a reply precedes its presence event).
   */
  onPresence(listener: PresenceListener): void;

  /** Registers a socket of this node; it is tracked (hidden) on its user's notification stream. */
  attach(session: ClientSession): void;
  /** A socket of this node closed: forgets it and its presences. */
  detach(sessionId: string): void;

  /** Delivers to every session on the stream, on every node, except one session when given. */
  sendToStream(stream: Stream, envelope: Msg, except?: string): void;
  /** Delivers to every socket of the user, on every node. */
  sendToUser(userId: string, envelope: Msg): void;
  /** Delivers to the given sessions, wherever they are. */
  sendToSessions(sessionIds: Iterable<string>, envelope: Msg): void;
  /** Whether the user has a socket on any node. */
  isOnline(userId: string): boolean;

  /** Closes the matching sockets on every node and reports the revocation to onRevoke listeners there. */
  revoke(r: Revocation): void;
  /** Revocations from any node, this one included (each node keeps its own record of revoked tokens). */
  onRevoke(listener: (r: Revocation) => void): void;
  /**
   * After this node was cut off from the others (its connection to them was lost and is back), the
   * revocations of that time may have been missed: each listener returns those it finds it missed (from
   * the database, where every revocation is kept), and the bus closes this node's sockets they end. An
   * in-process bus misses nothing and never calls them.
   */
  onResync(listener: () => Promise<Revocation[]>): void;

  /** Counters of limits shared by every node. */
  readonly limits: LimitStore;
  /** Counts the messages this node puts on the bus and takes from it (the metrics); none when unset. */
  meter: BusMeter | undefined;

  /** Serves a named service on this node (parties, authoritative matches): one handler per name. */
  serve(service: string, handler: ServiceHandler): void;
  /**
   * Sends a plain JSON request to a service on a node (this one included) and resolves with its answer.
   * An unknown node or service is NotFound; the handler's AppError rejects with the same code and message.
   */
  call(node: string, service: string, request: unknown): Promise<unknown>;

  /** The other nodes of the cluster this node knows of (none for an in-process bus). */
  peers(): string[];
  /**
   * Takes or keeps the lease `name` for ttlMs: true while this node holds it, which one node of the
   * cluster does at a time (the matchmaker's owner). An in-process bus always holds it.
   */
  lease(name: string, ttlMs: number): Promise<boolean>;

  close(): Promise<void>;
}
