// The seeded order of a cup's teams, first seed first: the bracket puts them 1 v 16, 8 v 9, … and
// gives byes to the top seeds.
import { randomSeed, shuffled } from './random.ts';

export type SeedingMode = 'random' | 'rating' | 'order';

export interface SeedTeam {
  id: string;
  /** Used by 'rating': higher first; a team without one counts as 0. */
  rating?: number;
}

/**
 * random: a draw (the seed repeats it; without one, nobody can predict it); rating: highest rating
 * first, teams with equal ratings in the order given; order: as given.
 */
export function seedTeams(teams: readonly SeedTeam[], mode: SeedingMode, seed: number = randomSeed()): string[] {
  const ids = teams.map((t) => t.id);
  if (mode === 'order') return ids;
  if (mode === 'random') return shuffled(ids, seed);
  return [...teams].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0)).map((t) => t.id);
}
