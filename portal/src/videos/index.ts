// The videos area's public file: its RPCs (team videos, their sections and search).
export { videoRpcs } from './rpc.ts';
