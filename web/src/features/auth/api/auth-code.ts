// request_auth_code and verify_auth_code: sign-in by a mailed code, and the proof of a new account's
// address (called with that account's session, which is not yet this browser's).
import type { Session } from '../../../lib/nakama/client.ts';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';

export const requestAuthCode = (email: string, session?: Session) => rpc('request_auth_code', { email }, session);
export const verifyAuthCode = (email: string, code: string, session?: Session) => rpc('verify_auth_code', { email, code }, session);

/** Proves a new account's address with the mailed code and signs this browser in to that account. */
export async function confirmRegistration(session: Session, email: string, code: string): Promise<void> {
  const tokens = await verifyAuthCode(email, code, session);
  if (!tokens.access_token || !tokens.refresh_token) throw new Error('No tokens in the answer.');
  sessionManager.signIn(tokens.access_token, tokens.refresh_token);
}
