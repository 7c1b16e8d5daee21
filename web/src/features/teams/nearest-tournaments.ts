// The team page's nearest tournaments (spec, section 2): team tournaments not deleted, starting within
// 30 days from now (no lower bound), sorted by start time ascending.

export const NEAREST_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The tournament fields the block reads (document 2: Tournament has start_time and delete_time). */
export interface LinkedTournament {
  id?: string;
  title: string;
  start_time?: string | null;
  delete_time?: string | null;
}

/** A team tournament link (id, team_id, tournament_id, is_confirmed) with its tournament. */
export interface TeamTournament {
  id: string;
  team_id?: string;
  tournament_id: string;
  is_confirmed?: boolean;
  tournament?: LinkedTournament | null;
}

const startOf = (t: TeamTournament): number => (t.tournament?.start_time ? Date.parse(t.tournament.start_time) : NaN);

/**
 * The links whose tournament is not deleted and starts no later than `windowDays` after `now`
 * (earlier starts are kept: the spec shows no lower bound), earliest start first. Links without
 * their tournament or without a valid start time are left out: they cannot be placed in the window.
 */
export function nearestTournaments<T extends TeamTournament>(links: readonly T[], now: Date, windowDays = NEAREST_WINDOW_DAYS): T[] {
  const until = now.getTime() + windowDays * DAY_MS;
  return links
    .filter((l) => l.tournament && !l.tournament.delete_time && Number.isFinite(startOf(l)) && startOf(l) <= until)
    .sort((a, b) => startOf(a) - startOf(b));
}
