// Matches. A relayed match is nothing but presences on its stream (mode 5, "<uuid>." ids): the server
// relays data between them. An authoritative match ("<uuid>.<node>", mode 6) runs a module's handler on
// the node in its id; joins and data reach it through the bus's "match" service (served by
// runtime/match-registry.ts). Presence changes of both become match_presence_events.
import crypto from 'node:crypto';
import { presenceMsg, put, putInt64, putWrapped, type Msg } from '../encode.ts';
import { AppError, Code, invalid, notFound } from '../errors.ts';
import type { Bus, Presences } from '../realtime/bus.ts';
import { stream, StreamMode, type Stream, type TrackedPresence } from '../realtime/tracker.ts';
import { evaluate, parseQuery, type QueryDoc } from './match-query.ts';
import { isUuid, signPayload, verifiedPayload } from '../tokens.ts';
import { checkLimit } from './validate.ts';

export interface MatchSession {
  id: string;
  userId: string;
  username: string;
}

/** A presence as the match service carries it (plain JSON). */
export interface WirePresence {
  userId: string;
  sessionId: string;
  username: string;
}

/** Requests of the "match" service, on the node of the match. */
export type MatchServiceRequest =
  | { op: 'join'; matchId: string; presence: WirePresence; metadata: Record<string, string> }
  | { op: 'data'; matchId: string; presence: WirePresence; opCode: string; data: string; reliable: boolean }
  | { op: 'left'; matchId: string; presences: WirePresence[] };

/** The answer to a join: NotFound and PermissionDenied (with the handler's reason) are thrown instead. */
interface MatchJoinAnswer {
  label: string;
}

export const MATCH_SERVICE = 'match';

/** A match as listings show it. */
export interface ListedMatch {
  matchId: string;
  authoritative: boolean;
  label?: string;
  size: number;
  tickRate?: number;
  handlerName?: string;
  /** Creation time (ms): newer authoritative matches are listed first. */
  createTime?: number;
  /** The label's fields as `label.<field>` when it is a JSON object, for queries. */
  labelDoc?: QueryDoc;
}

/** This node's authoritative matches, for listing (the runtime's registry). */
export interface AuthoritativeMatches {
  list(): Iterable<ListedMatch>;
}

export interface MatchListOptions {
  limit?: number;
  authoritative?: boolean;
  label?: string;
  minSize?: number;
  maxSize?: number;
  query?: string;
}

const DNS_NAMESPACE = Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex');
const NODE_RE = /^[A-Za-z0-9_-]{0,64}$/;
const TOKEN_TTL_SEC = 30;

/** A name-based UUID (version 5): the same match name always gives the same id. */
function uuidV5(name: string): string {
  const h = crypto.createHash('sha1').update(DNS_NAMESPACE).update(name, 'utf8').digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The stream of a match id ("<uuid>." relayed, "<uuid>.<node>" authoritative), or undefined. */
export function matchStream(matchId: unknown): Stream | undefined {
  if (typeof matchId !== 'string') return undefined;
  const dot = matchId.indexOf('.');
  const id = matchId.slice(0, dot);
  const node = matchId.slice(dot + 1);
  if (dot === -1 || !isUuid(id) || !NODE_RE.test(node)) return undefined;
  return node ? stream(StreamMode.MatchAuthoritative, id.toLowerCase(), '', node) : stream(StreamMode.MatchRelayed, id.toLowerCase());
}

function matchIdOf(s: Stream): string {
  return `${s.subject}.${s.label}`;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Match and party data: bytes, as base64 (JSON sockets send it so, protobuf ones are converted). */
export function checkData(data: string): string {
  if (!BASE64.test(data)) throw invalid('Data must be base64.');
  return data;
}

/**
 * Whether a session's socket is still open (every socket is tracked on its user's notification stream):
 * a join decided after an await must not track a session that closed meanwhile.
 */
export function isConnected(presences: Presences, sessionId: string): boolean {
  return presences.sessionPresences(sessionId, StreamMode.Notifications).length > 0;
}

export function wirePresence(p: { userId: string; sessionId: string; username: string }): WirePresence {
  return { userId: p.userId, sessionId: p.sessionId, username: p.username };
}

function matchPresenceMsg(p: { userId: string; sessionId: string; username: string }): Msg {
  return { user_id: p.userId, session_id: p.sessionId, username: p.username };
}

/** A match of a listing, as api.Match. */
export function listedMatchMsg(m: ListedMatch): Msg {
  const out: Msg = { match_id: m.matchId };
  put(out, 'authoritative', m.authoritative);
  putWrapped(out, 'label', m.label);
  put(out, 'size', m.size);
  put(out, 'tick_rate', m.tickRate);
  put(out, 'handler_name', m.handlerName);
  return out;
}

export class Matches {
  /** Set by the runtime once it exists; until then there are no authoritative matches. */
  authoritative: AuthoritativeMatches = { list: () => [] };
  private readonly bus: Bus;
  private readonly tokenKey: string;

  constructor(bus: Bus, tokenKey: string) {
    this.bus = bus;
    this.tokenKey = tokenKey;
    bus.onPresence((s, joins, leaves) => {
      if (s.mode !== StreamMode.MatchRelayed && s.mode !== StreamMode.MatchAuthoritative) return;
      const event: Msg = { match_id: matchIdOf(s) };
      put(event, 'joins', joins.map(matchPresenceMsg));
      put(event, 'leaves', leaves.map(matchPresenceMsg));
      bus.sendToStream(s, { match_presence_event: event });
      // The handler hears of leaves (a socket closing, a match_leave, a kick) on the match's node.
      if (s.mode === StreamMode.MatchAuthoritative && leaves.length) {
        const request: MatchServiceRequest = { op: 'left', matchId: matchIdOf(s), presences: leaves.map(wirePresence) };
        bus.call(s.label, MATCH_SERVICE, request).catch(() => {});
      }
    });
  }

  /** Creates a relayed match with the caller in it; a name gives the same match to everyone using it. */
  create(session: MatchSession, name?: string): Msg {
    if (name !== undefined && Buffer.byteLength(name) > 255) throw invalid('Match name must be at most 255 bytes.');
    const s = stream(StreamMode.MatchRelayed, name ? uuidV5(name) : crypto.randomUUID());
    return this.enter(session, s, undefined);
  }

  /** Joins a match by id, or by a matchmaker token (which may create the relayed match it names). */
  async join(session: MatchSession, matchId: string | undefined, token: string | undefined, metadata: Record<string, string>): Promise<Msg> {
    let s: Stream | undefined;
    if (token) {
      const claims = verifiedPayload(token, this.tokenKey);
      if (!claims || typeof claims.exp !== 'number' || claims.exp < Date.now() / 1000) throw invalid('Invalid match token');
      s = matchStream(claims.mid);
      if (!s) throw invalid('Invalid match token');
    } else {
      if (!matchId) throw invalid('No match ID or token found');
      s = matchStream(matchId);
      if (!s) throw invalid('Invalid match ID');
      // A relayed match exists while someone is in it.
      if (s.mode === StreamMode.MatchRelayed && this.bus.presences.count(s) === 0) throw notFound('Match not found');
    }
    if (s.mode === StreamMode.MatchRelayed || this.bus.presences.get(session.id, s)) return this.enter(session, s, undefined);
    const request: MatchServiceRequest = { op: 'join', matchId: matchIdOf(s), presence: wirePresence({ ...session, sessionId: session.id }), metadata };
    let answer: MatchJoinAnswer;
    try {
      answer = (await this.bus.call(s.label, MATCH_SERVICE, request)) as MatchJoinAnswer;
    } catch (err) {
      // A node or match that is gone is a match not found; the handler's refusal goes through.
      if (err instanceof AppError && err.code === Code.NotFound) throw notFound('Match not found');
      throw err;
    }
    // The match's node has tracked the presence already.
    return this.reply(session, s, answer.label, true);
  }

  /** Tracks the session on a match it may not be in yet, and answers with the match. */
  private enter(session: MatchSession, s: Stream, label: string | undefined): Msg {
    const isNew = this.bus.presences.track(session.id, s, session.userId, { username: session.username });
    return this.reply(session, s, label, isNew);
  }

  /** The match as its joiner sees it: the others on a new join, everyone (self included) on a repeat. */
  private reply(session: MatchSession, s: Stream, label: string | undefined, isNew: boolean): Msg {
    const presences: TrackedPresence[] = [];
    for (const p of this.bus.presences.list(s)) if (!isNew || p.sessionId !== session.id) presences.push(p);
    const match: Msg = { match_id: matchIdOf(s) };
    put(match, 'authoritative', s.mode === StreamMode.MatchAuthoritative);
    putWrapped(match, 'label', label);
    put(match, 'size', isNew ? presences.length + 1 : presences.length);
    put(match, 'presences', presences.map(matchPresenceMsg));
    match.self = presenceMsg({ userId: session.userId, sessionId: session.id, username: session.username });
    return match;
  }

  leave(session: MatchSession, matchId: string): void {
    const s = matchStream(matchId);
    if (!s) throw invalid('Invalid match ID');
    this.bus.presences.untrack(session.id, s);
  }

  /**
   * Match data from a member: relayed to the others (or to the listed presences among them), or handed
   * to an authoritative match's handler. Data from a non-member is dropped, as upstream does.
   */
  async send(session: MatchSession, matchId: string, opCode: bigint, data: string, sessionIds: string[], reliable: boolean): Promise<void> {
    const s = matchStream(matchId);
    if (!s || !this.bus.presences.get(session.id, s)) return;
    checkData(data);
    if (s.mode === StreamMode.MatchAuthoritative) {
      const request: MatchServiceRequest = { op: 'data', matchId, presence: wirePresence({ ...session, sessionId: session.id }), opCode: String(opCode), data, reliable };
      await this.bus.call(s.label, MATCH_SERVICE, request).catch(() => {});
      return;
    }
    const out: Msg = { match_id: matchIdOf(s), presence: matchPresenceMsg({ ...session, sessionId: session.id }) };
    putInt64(out, 'op_code', opCode);
    put(out, 'data', data);
    put(out, 'reliable', reliable);
    const envelope = { match_data: out };
    if (!sessionIds.length) {
      this.bus.sendToStream(s, envelope, session.id);
      return;
    }
    const to = sessionIds.filter((id) => id !== session.id && this.bus.presences.get(id, s));
    if (to.length) this.bus.sendToSessions(to, envelope);
  }

  /** A matchmaker token for a relayed match: joining with it creates the match if nobody is in it yet. */
  token(): string {
    return signPayload({ mid: `${crypto.randomUUID()}.`, exp: Math.floor(Date.now() / 1000) + TOKEN_TTL_SEC }, this.tokenKey);
  }

  /**
   * Matches by size, label or query (authoritative only); newest authoritative matches first (the best
   * scored first with a query), then relayed ones.
   */
  list(o: MatchListOptions): ListedMatch[] {
    const limit = checkLimit(o.limit ?? 10, 1, 100);
    const minSize = o.minSize ?? 0;
    const maxSize = o.maxSize ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isInteger(minSize) || minSize < 0) throw invalid('Invalid min_size - must be 0 or more.');
    if (!Number.isInteger(maxSize) || maxSize < minSize) throw invalid('Invalid max_size - must not be less than min_size.');
    const filtered = o.query !== undefined || o.label !== undefined;
    if (filtered && o.authoritative === false) throw invalid('Label and query filters apply to authoritative matches only.');
    const query = o.query !== undefined ? parseQuery(o.query) : undefined;
    const out: Array<ListedMatch & { score: number }> = [];
    if (o.authoritative !== false) {
      for (const m of this.authoritative.list()) {
        if (m.size < minSize || m.size > maxSize) continue;
        let score = 0;
        if (query) score = m.labelDoc ? evaluate(query, m.labelDoc) : -1;
        else if (o.label !== undefined) score = m.label === o.label ? 0 : -1;
        if (score >= 0) out.push({ ...m, score });
      }
      out.sort((a, b) => b.score - a.score || (b.createTime ?? 0) - (a.createTime ?? 0));
    }
    if (o.authoritative !== true && !filtered) {
      for (const s of this.bus.presences.listStreams(StreamMode.MatchRelayed)) {
        if (out.length >= limit) break;
        const size = this.bus.presences.count(s);
        if (size >= minSize && size <= maxSize) out.push({ matchId: matchIdOf(s), authoritative: false, size, score: 0 });
      }
    }
    return out.slice(0, limit).map(({ score: _score, ...m }) => m);
  }
}
