// Account calls: the signed-in user's account, profile updates, registration and sign-in by password.
import { client, type Session } from './client.ts';
import { call } from './errors.ts';
import { sessionManager } from './session.ts';

export interface AccountUser {
  id: string;
  username: string;
  display_name?: string;
  avatar_url?: string;
  lang_tag?: string;
  location?: string;
  timezone?: string;
  create_time?: string;
}

export interface Account {
  user: AccountUser;
  wallet: Record<string, number>;
  email?: string;
}

export async function getAccount(): Promise<Account> {
  const s = await sessionManager.current();
  const a = await call(client.getAccount(s));
  let wallet: Record<string, number> = {};
  try {
    wallet = JSON.parse(a.wallet ?? '{}');
  } catch {
    wallet = {};
  }
  return { user: a.user as AccountUser, wallet, email: a.email };
}

export interface AccountUpdate {
  username?: string;
  display_name?: string;
  avatar_url?: string;
  lang_tag?: string;
  location?: string;
  timezone?: string;
}

export async function updateAccount(update: AccountUpdate): Promise<void> {
  const s = await sessionManager.current();
  await call(client.updateAccount(s, update));
}

/**
 * Creates an e-mail account with a username and password. It counts as registered only once the code
 * mailed to the address confirms it (sendRegistrationCode, confirmRegistration); until then this browser
 * keeps its guest session, and the new account's session serves those two calls only.
 */
export async function register(username: string, password: string, email: string): Promise<Session> {
  return call(client.authenticateEmail(email, password, true, username));
}

/** Mails a (new) code to the address of an account being registered. */
export async function sendRegistrationCode(s: Session, email: string): Promise<void> {
  await call(client.rpc(s, 'request_auth_code', { email }));
}

/** Confirms the address of an account being registered with the mailed code, and signs in to it. */
export async function confirmRegistration(s: Session, email: string, code: string): Promise<void> {
  const r = await call(client.rpc(s, 'verify_auth_code', { email, code }));
  const tokens = r.payload as { access_token?: string; refresh_token?: string } | undefined;
  if (!tokens?.access_token || !tokens.refresh_token) throw new Error('No tokens in the answer.');
  sessionManager.signIn(tokens.access_token, tokens.refresh_token);
}

export interface PublicUser {
  id: string;
  username: string;
  display_name?: string;
  avatar_url?: string;
  online?: boolean;
}

export async function getUsers(ids: string[], usernames: string[] = []): Promise<PublicUser[]> {
  if (!ids.length && !usernames.length) return [];
  const s = await sessionManager.current();
  const r = await call(client.getUsers(s, ids, usernames));
  return (r.users ?? []) as PublicUser[];
}
