// The competition engine's public file, for the tournaments' RPCs to build on: round-robin fixtures and
// their dates, the league table from confirmed results, a cup's seeding, and its single-elimination bracket.
export { createBracket, getBracket, reportWinner, type Bracket, type BracketMatch, type CupScore, type ReportOutcome } from './bracket.ts';
export { dateRounds, roundRobin, type Pairing, type RoundRobin, type RoundRobinOptions } from './fixtures.ts';
export { seedTeams, type SeedingMode, type SeedTeam } from './seeding.ts';
export { standings, type Cards, type PlacedBy, type StandingResult, type StandingRow, type StandingTeam } from './standings.ts';
