// request_auth_code and verify_auth_code.
import { rpc } from '../../../lib/nakama/rpc.ts';

export interface RequestCodeResult {
  success: boolean;
  message?: string;
}

export interface SignInResult {
  access_token?: string;
  refresh_token?: string;
  user_id?: string;
  username?: string;
  created?: boolean;
}

export const requestAuthCode = (email: string) => rpc<RequestCodeResult>('request_auth_code', { email });
export const verifyAuthCode = (email: string, code: string) => rpc<SignInResult>('verify_auth_code', { email, code });
