// The teams area's public file: its RPCs; who may do what with a team (access.ts); the team reads and locks
// other areas build on (store.ts); what team photos and videos share (media.ts); and a team's life, whose
// steps other areas register (life.ts).
export { accessOf, isManager, requireManager, requireMember, requireTeam, TEAM_NOT_FOUND, teamAccess } from './access.ts';
export { teamLife, type MemberStep, type TeamCreated, type TeamDeleted, type TxStep } from './life.ts';
export { deleteAndRestore, itemAccess, listing, sectionAccess } from './media.ts';
export { teamRpcs } from './rpc.ts';
export { lockTeam, readLocked, teamExists, teamManagers, teamName, teamStanding, teamSummary, userTeamIds, type TeamSummary } from './store.ts';
