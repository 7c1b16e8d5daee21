// The one-click answer of a reminder mail: a token that lets its holder answer for one member, one target
// and one team, until it expires, without signing in. It is an HMAC-SHA256 (LINK_SIGNING_KEY) over a purpose
// label, the target, the team, the user and the expiry; the answer itself is chosen when the link is used.
import crypto from 'node:crypto';
import { isUuid } from '@tribuna/server';
import type { TargetKind } from './targets.ts';

/** A purpose label and version: a signature made for anything else never verifies as an answer link. */
const PURPOSE = 'attend1';

export interface LinkClaims {
  kind: TargetKind;
  targetId: string;
  teamId: string;
  userId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const payloadOf = (c: LinkClaims) => [PURPOSE, c.kind === 'event' ? 'e' : 'm', c.targetId, c.teamId, c.userId, String(c.exp)].join('|');
const mac = (key: string, payload: string) => crypto.createHmac('sha256', key).update(payload).digest();

export function signLink(key: string, c: LinkClaims): string {
  const payload = payloadOf(c);
  return `${Buffer.from(payload).toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

export type Verified = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** The token's claims when its signature is right and it has not expired at `nowMs`. */
export function verifyLink(key: string, token: string, nowMs: number): Verified {
  const [body, sig, extra] = token.split('.');
  if (extra !== undefined || !body || !sig || !/^[A-Za-z0-9_-]+$/.test(body + sig)) return { ok: false, reason: 'invalid' };
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const [purpose, kind, targetId, teamId, userId, exp] = payload.split('|');
  if (purpose !== PURPOSE || (kind !== 'e' && kind !== 'm') || ![targetId, teamId, userId].every(isUuid) || !/^\d{1,12}$/.test(exp ?? '')) {
    return { ok: false, reason: 'invalid' };
  }
  const claims: LinkClaims = { kind: kind === 'e' ? 'event' : 'match', targetId, teamId, userId, exp: Number(exp) };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
