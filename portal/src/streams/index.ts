// The streams area's public file: its RPCs (broadcasts and the TV schedule).
export { streamRpcs } from './rpc.ts';
