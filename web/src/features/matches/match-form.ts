// The match form's own checks, before the server's.
import type { TeamSummary } from '@tribuna/portal/types';
import { matchMessages as m } from './messages.ts';

export interface MatchErrors {
  home?: string;
  guest?: string;
  time?: string;
}

/** The start of the minute of `now`: a datetime-local value names minutes, so the current one is not past. */
export function minuteOf(now: Date): Date {
  const d = new Date(now);
  d.setSeconds(0, 0);
  return d;
}

/**
 * Both teams chosen and different, and a date and time given; for a new match (`now` given) a time not
 * before the current minute, as the server has it (it allows a minute of clock skew). An edit may move a
 * match anywhere.
 */
export function validateMatch(home: TeamSummary | undefined, guest: TeamSummary | undefined, time: string, now?: Date): MatchErrors {
  const errors: MatchErrors = {};
  if (!home) errors.home = m.homeRequired;
  if (!guest) errors.guest = m.guestRequired;
  else if (home && home.id === guest.id) errors.guest = m.sameTeams;
  const at = new Date(time);
  if (!time || Number.isNaN(at.getTime())) errors.time = m.timeRequired;
  else if (now && at < minuteOf(now)) errors.time = m.timeInPast;
  return errors;
}
