// google_auth_url and google_login.
import { rpc } from '../../../lib/nakama/rpc.ts';

const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

function googleRedirectUri(): string {
  return `${location.origin}${GOOGLE_CALLBACK_PATH}`;
}

export const googleAuthUrl = () => rpc('google_auth_url', { redirect_uri: googleRedirectUri() });

export const googleLogin = (code: string, state: string) =>
  rpc('google_login', { code, state, redirect_uri: googleRedirectUri() });
