// The matches area's public file: its RPCs (matches between two teams).
export { matchRpcs } from './rpc.ts';
