// login_password: e-mail and password, with one answer for an unknown address and a wrong password.
import type { SignedIn } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';

export const loginPassword = (email: string, password: string) => rpc<SignedIn & { verified: boolean }>('login_password', { email, password });
