// The users area's public file: its RPCs.
export { userRpcs } from './rpc.ts';
