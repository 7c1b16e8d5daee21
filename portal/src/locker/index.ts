// The locker area's public file: its RPCs (formations and places on the pitch) and a new team's default
// formation, a step in a team's life.
export { registerDefaultFormation } from './default-formation.ts';
export { lockerRpcs } from './rpc.ts';
