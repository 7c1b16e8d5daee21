// The match form's own checks, before the server's.
import type { TeamSummary } from '@tribuna/portal/types';
import { apiErrorMessage } from '../../shared/lib/error-message.ts';
import { matchMessages as m } from './messages.ts';

export interface MatchErrors {
  home?: string;
  guest?: string;
  time?: string;
}

/** Both teams chosen and different, and a date and time given. */
export function validateMatch(home: TeamSummary | undefined, guest: TeamSummary | undefined, time: string): MatchErrors {
  const errors: MatchErrors = {};
  if (!home) errors.home = m.homeRequired;
  if (!guest) errors.guest = m.guestRequired;
  else if (home && home.id === guest.id) errors.guest = m.sameTeams;
  if (!time || Number.isNaN(new Date(time).getTime())) errors.time = m.timeRequired;
  return errors;
}

/** A failed save in the spec's words, and the server's reason when it gives one. */
export function failure(message: string, err: unknown): string {
  const reason = apiErrorMessage(err, '');
  return reason ? `${message} ${reason}` : message;
}
