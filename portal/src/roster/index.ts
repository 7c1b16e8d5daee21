// The roster area's public file: its RPCs (team players, join requests and invitations).
export { invitationRpcs } from './invitation-rpc.ts';
export { rosterRpcs } from './rpc.ts';
