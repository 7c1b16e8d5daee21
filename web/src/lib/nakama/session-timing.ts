// When a session is refreshed: about 120 s before it expires but never sooner than 60 s from now,
// and at once when it is within 5 minutes of expiry; and whether it is a signed-in user's, live one.
import type { Session } from './client.ts';

/** What the session manager holds: the session once restored or made, and whether it is a guest's. */
export interface SessionSnapshot {
  status: 'loading' | 'ready';
  session?: Session;
  guest: boolean;
}

const REFRESH_LEAD_MS = 120_000;
const REFRESH_FLOOR_MS = 60_000;
/** @internal */
export const AUTO_REFRESH_WINDOW_MS = 5 * 60_000;

/** Milliseconds until the scheduled refresh of a token expiring at expiresAtSec (unix seconds). */
export function refreshDelayMs(expiresAtSec: number, nowMs: number): number {
  return Math.max(expiresAtSec * 1000 - nowMs - REFRESH_LEAD_MS, REFRESH_FLOOR_MS);
}

/** Whether a token must be refreshed before it is used. */
export function needsRefresh(expiresAtSec: number, nowMs: number): boolean {
  return expiresAtSec * 1000 - nowMs <= AUTO_REFRESH_WINDOW_MS;
}

export function isExpired(expiresAtSec: number, nowMs: number): boolean {
  return expiresAtSec * 1000 <= nowMs;
}

/** The session when it is live, not expired and not a guest's; undefined otherwise. */
export function signedInSession(s: SessionSnapshot, nowMs = Date.now()): Session | undefined {
  if (s.status !== 'ready' || s.guest || !s.session || isExpired(s.session.expires_at ?? 0, nowMs)) return undefined;
  return s.session;
}
