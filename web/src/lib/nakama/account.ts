// Account calls: the signed-in user's account (on every page, without the official client), profile
// updates, registration and sign-in by password (with it, loaded then).
import type { Session } from './client.ts';
import { call } from './errors.ts';
import { fetchAccount } from './http.ts';
import { sessionManager } from './session.ts';

interface AccountUser {
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
  const a = await call(fetchAccount(s));
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
  const { client } = await import('./client.ts');
  await call(client.updateAccount(s, update));
}

/**
 * Creates an e-mail account with a username and password. It counts as registered only once the code
 * mailed to the address confirms it (request_auth_code and verify_auth_code, see features/auth); until then
 * this browser keeps its guest session, and the new account's session serves those two calls only.
 */
export async function register(username: string, password: string, email: string): Promise<Session> {
  const { client } = await import('./client.ts');
  return call(client.authenticateEmail(email, password, true, username));
}

