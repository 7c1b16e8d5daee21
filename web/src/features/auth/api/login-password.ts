// login_password: e-mail and password, with one answer for an unknown address and a wrong password.
import { rpc } from '../../../lib/nakama/rpc.ts';

export const loginPassword = (email: string, password: string) => rpc('login_password', { email, password });
