// The session as React sees it.
import { useSyncExternalStore } from 'react';
import { sessionManager, type SessionSnapshot } from '../lib/nakama/session.ts';
import { signedInSession } from '../lib/nakama/session-timing.ts';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionManager.subscribe, sessionManager.getSnapshot);
}

/** A live, non-expired, non-guest session. */
function isAuthenticated(s: SessionSnapshot, now = Date.now()): boolean {
  return signedInSession(s, now) !== undefined;
}

export function useAuthenticated(): boolean {
  return isAuthenticated(useSession());
}
