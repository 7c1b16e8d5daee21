// The photos area's public file: its RPCs (team photos and their sections).
export { photoRpcs } from './rpc.ts';
