// The backend calls every page needs from its first moment, as plain fetch calls on the REST API
// (../shared/nakama-contract.md): a guest session, refreshing and ending a session, named RPCs and the
// account. The official client (client.ts) comes with the pages and the socket that use it, so the first
// page does not load it. Failures are thrown as the client throws them (errors.ts turns both into ApiError).
import type { Session } from '@heroiclabs/nakama-js';
import { ApiError } from './errors.ts';

export const SERVER_KEY: string = import.meta.env.VITE_SERVER_KEY || 'defaultkey';
export const REQUEST_TIMEOUT_MS = 7000;

interface Claims {
  exp?: number;
  uid?: string;
  usn?: string;
  vrs?: object;
}

function claims(jwt: string): Claims {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('jwt is not valid.');
  const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '=')), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Claims;
}

/** A session read from its tokens, as the official client's Session reads them. */
class TokenSession implements Session {
  readonly created: boolean;
  readonly created_at = Math.floor(Date.now() / 1000);
  token = '';
  refresh_token = '';
  expires_at?: number;
  refresh_expires_at?: number;
  username?: string;
  user_id?: string;
  vars?: object;

  constructor(token: string, refreshToken: string, created: boolean) {
    this.created = created;
    this.update(token, refreshToken);
  }

  isexpired(now: number): boolean {
    return (this.expires_at ?? 0) - now < 0;
  }

  isrefreshexpired(now: number): boolean {
    return (this.refresh_expires_at ?? 0) - now < 0;
  }

  update(token: string, refreshToken: string): void {
    const c = claims(token);
    if (refreshToken) {
      this.refresh_expires_at = Math.floor(Number(claims(refreshToken).exp));
      this.refresh_token = refreshToken;
    }
    this.token = token;
    this.expires_at = Math.floor(Number(c.exp));
    this.username = c.usn;
    this.user_id = c.uid;
    this.vars = c.vrs;
  }
}

/** A session from stored tokens; throws when they are not tokens. */
export function restoreSession(token: string, refreshToken: string): Session {
  return new TokenSession(token, refreshToken, false);
}

type Auth = { bearer: string } | { basic: true };

async function request<T>(method: 'GET' | 'POST', path: string, auth: Auth, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  headers.Authorization = 'bearer' in auth ? `Bearer ${auth.bearer}` : `Basic ${btoa(`${SERVER_KEY}:`)}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'TimeoutError') throw new ApiError(0, 4, 'Request timed out.');
    throw e;
  }
  if (!res.ok) throw res;
  return (res.status === 204 ? {} : await res.json()) as T;
}

interface TokenPair {
  token: string;
  refresh_token: string;
  created?: boolean;
}

/** A session of the account of this device id, made on first use (guests). */
export async function authenticateDevice(id: string): Promise<Session> {
  const r = await request<TokenPair>('POST', '/v2/account/authenticate/device?create=true', { basic: true }, { id });
  return new TokenSession(r.token, r.refresh_token, r.created ?? false);
}

export async function refreshSession(s: Session): Promise<Session> {
  const r = await request<TokenPair>('POST', '/v2/account/session/refresh', { basic: true }, { token: s.refresh_token, vars: {} });
  return new TokenSession(r.token, r.refresh_token, false);
}

export async function logoutSession(s: Session): Promise<void> {
  await request('POST', '/v2/session/logout', { bearer: s.token }, { token: s.token, refresh_token: s.refresh_token });
}

/** A named RPC with the session; the answer's payload parsed. */
export async function callRpc(s: Session, id: string, input: object): Promise<unknown> {
  const r = await request<{ payload?: string }>('POST', `/v2/rpc/${encodeURIComponent(id)}`, { bearer: s.token }, JSON.stringify(input));
  return r.payload ? JSON.parse(r.payload) : undefined;
}

export interface ApiAccount {
  user?: object;
  wallet?: string;
  email?: string;
}

export function fetchAccount(s: Session): Promise<ApiAccount> {
  return request<ApiAccount>('GET', '/v2/account', { bearer: s.token });
}
