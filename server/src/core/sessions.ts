// Session and refresh tokens: issue, verify, refresh and revoke. Revocations are kept in the database
// and mirrored in memory, so every request is checked without a query and a restart forgets nothing.
// Each revocation goes through the bus: every node updates its mirror and closes the sockets it ends.
import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { invalid, notFound, permissionDenied, unauthenticated } from '../errors.ts';
import type { Bus, Revocation } from '../realtime/bus.ts';
import { sign, verifySignature, type TokenClaims } from '../tokens.ts';

export type { TokenClaims } from '../tokens.ts';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  claims: TokenClaims;
}

const SESSION = 0;
const VERIFIED_CACHE_SIZE = 10_000;
const REFRESH = 1;

export class Sessions {
  private readonly revoked = new Map<string, number>(); // `${tid}:${kind}` -> revoked up to this exp
  private readonly floors = new Map<string, number>(); // user id -> tokens with iat <= this are refused
  // Signature checks of recently seen session tokens; liveness (expiry, revocation) is checked on every use.
  private readonly verified = new Map<string, TokenClaims>();
  private readonly db: Db;
  private readonly config: Config;
  private readonly bus: Bus;

  constructor(db: Db, config: Config, bus: Bus) {
    this.db = db;
    this.config = config;
    this.bus = bus;
    bus.onRevoke((r) => this.record(r));
    bus.onResync(() => this.catchUp());
  }

  async load(): Promise<void> {
    const now = nowSec();
    await this.db.execute('DELETE FROM session_revocation WHERE exp < $1', [now]);
    await this.db.execute('DELETE FROM session_floor WHERE expires < $1', [now]);
    await this.catchUp();
  }

  /**
   * Records the revocations in the database that this node's mirror lacks (at start, all of them; after
   * the node was cut off from the others, those it missed meanwhile) and returns them.
   */
  private async catchUp(): Promise<Revocation[]> {
    const now = nowSec();
    const missed: Revocation[] = [];
    for (const r of await this.db.query<{ token_id: string; kind: number; user_id: string; exp: string }>(
      'SELECT token_id, kind, user_id, exp FROM session_revocation WHERE exp >= $1',
      [now],
    )) {
      const exp = Number(r.exp);
      const kind = Number(r.kind);
      if ((this.revoked.get(`${r.token_id}:${kind}`) ?? 0) >= exp) continue;
      missed.push({ userId: r.user_id, token: { id: r.token_id, kind: kind === SESSION ? 'session' : 'refresh', exp } });
    }
    for (const r of await this.db.query<{ user_id: string; not_before_iat: string }>(
      'SELECT user_id, not_before_iat FROM session_floor WHERE expires >= $1',
      [now],
    )) {
      const floor = Number(r.not_before_iat);
      if ((this.floors.get(r.user_id) ?? -1) >= floor) continue;
      missed.push({ userId: r.user_id, issuedUpTo: floor });
    }
    for (const r of missed) this.record(r);
    return missed;
  }

  issue(userId: string, username: string, vars?: Record<string, string>, tokenId?: string, issuedAt?: number): IssuedSession {
    const now = nowSec();
    // A token issued in the same second as a "log out everywhere" must still be valid.
    const floor = this.floors.get(userId);
    const iat = issuedAt ?? (floor !== undefined && floor >= now ? floor + 1 : now);
    const claims: TokenClaims = {
      tid: tokenId ?? crypto.randomUUID(),
      uid: userId,
      usn: username,
      vrs: vars && Object.keys(vars).length ? vars : undefined,
      exp: now + this.config.tokenExpirySec,
      iat,
    };
    const token = sign(claims, this.config.sessionEncryptionKey);
    const refreshToken = sign({ ...claims, exp: now + this.config.refreshTokenExpirySec }, this.config.refreshEncryptionKey);
    return { token, refreshToken, claims };
  }

  /** Claims of a live session token, or null when it is malformed, expired or revoked. */
  verifySession(token: string): TokenClaims | null {
    let c = this.verified.get(token);
    if (c === undefined) {
      const checked = verifySignature(token, this.config.sessionEncryptionKey);
      if (!checked) return null;
      c = checked;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, c);
    }
    return this.isLive(c, SESSION) ? c : null;
  }

  verifyRefresh(token: string): TokenClaims | null {
    const c = verifySignature(token, this.config.refreshEncryptionKey);
    return c && this.isLive(c, REFRESH) ? c : null;
  }

  private isLive(c: TokenClaims, kind: number): boolean {
    if (c.exp <= nowSec()) return false;
    const floor = this.floors.get(c.uid);
    if (floor !== undefined && c.iat <= floor) return false;
    if (this.revoked.size === 0) return true;
    const revokedUpTo = this.revoked.get(`${c.tid}:${kind}`);
    return revokedUpTo === undefined || c.exp > revokedUpTo;
  }

  /** POST /v2/account/session/refresh: a new pair with the same token id and issue time. */
  async refresh(refreshToken: string, vars: Record<string, string> | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw invalid('Refresh token is required.');
    const c = this.verifyRefresh(refreshToken);
    if (!c) throw unauthenticated('Refresh token invalid or expired.');
    const rows = await this.db.query<{ username: string; disable_time: Date | null }>(
      'SELECT username, disable_time FROM users WHERE id = $1',
      [c.uid],
    );
    if (rows.length === 0) throw notFound('User account not found.');
    if (rows[0].disable_time) throw permissionDenied('User account banned.');
    return this.issue(c.uid, rows[0].username, vars ?? c.vrs, c.tid, c.iat);
  }

  /** POST /v2/session/logout: the given tokens, or every session of the user when none is given. */
  async logout(userId: string, token: string, refreshToken: string): Promise<void> {
    let session: TokenClaims | null = null;
    let refresh: TokenClaims | null = null;
    if (token) {
      session = verifySignature(token, this.config.sessionEncryptionKey);
      if (!session || session.uid !== userId || session.exp <= nowSec()) throw invalid('Session token invalid.');
    }
    if (refreshToken) {
      refresh = verifySignature(refreshToken, this.config.refreshEncryptionKey);
      if (!refresh || refresh.uid !== userId || refresh.exp <= nowSec()) throw invalid('Refresh token invalid.');
    }
    if (!session && !refresh) {
      await this.revokeAll(userId);
      return;
    }
    if (session) await this.revoke(userId, session, SESSION);
    if (refresh) await this.revoke(userId, refresh, REFRESH);
  }

  private async revoke(userId: string, c: TokenClaims, kind: number): Promise<void> {
    await this.db.execute(
      `INSERT INTO session_revocation (token_id, kind, user_id, exp) VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_id, kind) DO UPDATE SET exp = GREATEST(session_revocation.exp, EXCLUDED.exp)`,
      [c.tid, kind, userId, c.exp],
    );
    this.publish({ userId, token: { id: c.tid, kind: kind === SESSION ? 'session' : 'refresh', exp: c.exp } });
  }

  /** Refuses every token of the user issued until now (logout everywhere, ban, account deletion). */
  async revokeAll(userId: string): Promise<void> {
    const now = nowSec();
    // Tokens issued after an earlier floor in this same second carry iat = floor + 1; move past them too.
    const previous = this.floors.get(userId);
    const floor = previous !== undefined && previous >= now ? previous + 1 : now;
    await this.db.execute(
      `INSERT INTO session_floor (user_id, not_before_iat, expires) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET not_before_iat = GREATEST(session_floor.not_before_iat, EXCLUDED.not_before_iat),
         expires = GREATEST(session_floor.expires, EXCLUDED.expires)`,
      [userId, floor, now + this.config.refreshTokenExpirySec],
    );
    this.publish({ userId, issuedUpTo: floor });
  }

  /** Recorded here at once (this node refuses the tokens from now on), then sent to every node. */
  private publish(r: Revocation): void {
    this.record(r);
    this.bus.revoke(r);
  }

  /** A revocation from any node into this node's mirror; recording one twice changes nothing. */
  private record(r: Revocation): void {
    if (r.token) {
      const k = `${r.token.id}:${r.token.kind === 'session' ? SESSION : REFRESH}`;
      this.revoked.set(k, Math.max(this.revoked.get(k) ?? 0, r.token.exp));
    } else if (r.issuedUpTo !== undefined) {
      this.floors.set(r.userId, Math.max(this.floors.get(r.userId) ?? 0, r.issuedUpTo));
    }
  }
}

function nowSec(): number {
  return Math.floor(Date.now() / 1000);
}
