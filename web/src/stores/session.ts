// The session as React sees it.
import { useSyncExternalStore } from 'react';
import { sessionManager, type SessionSnapshot } from '../lib/nakama/session.ts';
import { isExpired } from '../lib/nakama/session-timing.ts';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionManager.subscribe, sessionManager.getSnapshot);
}

/** A live, non-expired, non-guest session. */
export function isAuthenticated(s: SessionSnapshot, now = Date.now()): boolean {
  return s.status === 'ready' && !s.guest && !!s.session && !isExpired(s.session.expires_at ?? 0, now);
}

export function useAuthenticated(): boolean {
  return isAuthenticated(useSession());
}
