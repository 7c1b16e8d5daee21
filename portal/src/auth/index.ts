// The auth area's public file: its RPCs (e-mail codes, Google sign-in).
export { authRpcs } from './rpc.ts';
