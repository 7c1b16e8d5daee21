// The competition area's public file: its RPCs (match results, events and their live feed; a round-robin
// schedule, a cup's bracket, the table and the scorers), and its step in a match's life (players' totals
// recounted when a confirmed match is deleted), and the recount of players' totals for a squad's change.
export { bracketRpcs } from './bracket-rpc.ts';
export { registerDeletedMatchStep } from './deleted-match.ts';
export { eventRpcs } from './event-rpc.ts';
export { fixtureRpcs } from './fixtures-rpc.ts';
export { liveRpcs } from './live.ts';
export { resultRpcs } from './result-rpc.ts';
export { recountPlayers } from './stats-store.ts';
export { tableRpcs } from './table-rpc.ts';
