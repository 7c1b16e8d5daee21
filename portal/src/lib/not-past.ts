// What "not in the past" means for something being planned (a new match, team event or tournament):
// moving an existing one is free, so only creation checks it.
import { invalid } from '@tribuna/server';

/** The clock skew allowed between the browser that chose a time and the server: a minute. */
const CLOCK_SKEW_MS = 60_000;

/** Refuses (InvalidArgument, with `message`) an instant more than the clock skew before now. */
export function requireNotPast(at: Date, message: string, now = Date.now()): void {
  if (at.getTime() < now - CLOCK_SKEW_MS) throw invalid(message);
}

/** An instant as it was written: the calendar day and the UTC offset of its text. */
export interface WrittenInstant {
  at: Date;
  /** yyyy-MM-dd, the day as written (in the writer's offset). */
  day: string;
  /** The written offset in minutes east of UTC (0 for Z). */
  offsetMinutes: number;
}

/**
 * Refuses a day before today for a date-only field. Such a field is sent as the start of the chosen day
 * with the sender's own UTC offset (2026-05-01T00:00:00+03:00), so "today" is the sender's: today's date
 * at that offset, not the server's date. A sender east of the server may thus choose a day the server still
 * calls tomorrow, and one west of it a day the server already calls yesterday; both are the sender's today.
 */
export function requireDayNotPast(t: WrittenInstant, message: string, now = Date.now()): void {
  const today = new Date(now + t.offsetMinutes * 60_000).toISOString().slice(0, 10);
  if (t.day < today) throw invalid(message);
}
