// The matches area's public file: its RPCs (matches between two teams); the match reads and locks, and
// who may act for a match's teams, that results, events, fixtures, broadcasts and attendance build on; the
// fixtures a team leaving a tournament loses; and a match's life, whose steps other areas register.
export { managesEither, MATCH_NOT_FOUND, sidesOf } from './access.ts';
export { matchLife, type DeletingStep } from './life.ts';
export { matchRpcs } from './rpc.ts';
export { dropUnplayedFixtures, getMatch, listTournamentMatches, lockMatch, type Match, type ResultState } from './store.ts';
/** @internal */
export { tournamentMatchesQuery } from './store.ts';
