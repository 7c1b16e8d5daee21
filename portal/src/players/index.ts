// The players area's public file: its RPCs.
export { playerRpcs } from './rpc.ts';
