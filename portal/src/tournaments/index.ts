// The tournaments area's public file: its RPCs (tournaments, and teams' links to them), and what the
// competition engine builds on: a tournament locked for a change, and the refusals of a missing or deleted one.
export { TOURNAMENT_DELETED, TOURNAMENT_NOT_FOUND } from './access.ts';
export { tournamentRpcs } from './rpc.ts';
export { lockTournament, type TournamentHead } from './store.ts';
export { teamTournamentRpcs } from './team-rpc.ts';
