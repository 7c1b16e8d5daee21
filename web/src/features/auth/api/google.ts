// google_auth_url and google_login.
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { SignInResult } from './auth-code.ts';

export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export function googleRedirectUri(): string {
  return `${location.origin}${GOOGLE_CALLBACK_PATH}`;
}

export const googleAuthUrl = () => rpc<{ enabled: boolean; url?: string }>('google_auth_url', { redirect_uri: googleRedirectUri() });

export const googleLogin = (code: string, state: string) =>
  rpc<SignInResult>('google_login', { code, state, redirect_uri: googleRedirectUri() });
