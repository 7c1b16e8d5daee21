// The calls a team's home page makes (its summary, next matches, nearest tournaments and coming events),
// as payloads built from the time: the page asks with them, and the entry starts the same calls while the
// app's code loads (app/early-calls.ts), so the page's lists arrive with the team instead of after it.
// Plain functions, nothing else: the entry imports them.
import type { RpcInput } from '../../lib/nakama/rpc.ts';

/** The home page's lists show at most this many of each. */
export const TEAM_HOME_MAX = 5;
/** Coming events and nearest tournaments: those within this many days. */
const TEAM_HOME_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the current minute: two calls made within it ask for the same thing. */
function startOfMinute(now: Date): Date {
  const d = new Date(now);
  d.setSeconds(0, 0);
  return d;
}

/** The local day as yyyy-MM-dd. */
function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A team's next `count` matches, home or away, soonest first, from the start of this minute. */
export const nextTeamMatchesInput = (teamId: string, count: number, now = new Date()): RpcInput<'list_matches'> => ({
  team_id: teamId,
  from_time: startOfMinute(now).toISOString(),
  sort_order: 'asc',
  limit: count,
});

/** The window of a team's nearest tournaments: from the start of today to 30 days from this minute. */
export function nearestWindow(now = new Date()): { start_after: string; start_before: string } {
  return {
    start_after: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString(),
    start_before: new Date(startOfMinute(now).getTime() + TEAM_HOME_DAYS * DAY_MS).toISOString(),
  };
}

/** The days of a team's coming events: today and the next 30, both included. */
export function comingDays(now = new Date()): { start_date: string; end_date: string } {
  const end = new Date(now);
  end.setDate(end.getDate() + TEAM_HOME_DAYS);
  return { start_date: localDay(now), end_date: localDay(end) };
}

/** The home page's calls of a team, in the order the page makes them. */
export const teamHomeCalls = (teamId: string, now = new Date()) =>
  [
    ['list_matches', nextTeamMatchesInput(teamId, TEAM_HOME_MAX, now)],
    ['list_team_events', { team_id: teamId, ...comingDays(now) }],
    ['list_team_tournaments', { team_id: teamId, ...nearestWindow(now), limit: TEAM_HOME_MAX }],
  ] as const;
