// Date helpers of the month calendars: weeks start on Monday, days are keyed as yyyy-MM-dd in local time.
import type { EventType } from '@tribuna/portal/types';
import { addMonths, eachDayOfInterval, endOfMonth, endOfWeek, format, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';

const WEEK_STARTS_ON = 1;

export type { EventType };

/** The portal's event types, in the order forms offer them (EVENT_TYPE_LABELS, a Record, has each one). */
export const EVENT_TYPES = ['match', 'training', 'tournament', 'birthday', 'other'] as const satisfies readonly EventType[];

export function isEventType(v: unknown): v is EventType {
  return typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);
}

/** The local calendar day of a date, yyyy-MM-dd. */
export function dayKey(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

/** A yyyy-MM-dd day as local midnight, or null when it is not a real day. */
export function parseDayKey(key: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const d = parse(key, 'yyyy-MM-dd', new Date());
  return isValid(d) ? d : null;
}

/** The month of a yyyy-MM key (as its first day), or null. */
export function parseMonthKey(key: string | null | undefined): Date | null {
  if (!key || !/^\d{4}-\d{2}$/.test(key)) return null;
  const d = parse(key, 'yyyy-MM', new Date());
  return isValid(d) ? startOfMonth(d) : null;
}

export function monthKey(d: Date): string {
  return format(d, 'yyyy-MM');
}

export function shiftMonth(month: Date, by: number): Date {
  return startOfMonth(addMonths(month, by));
}

/** The weeks shown for a month: Monday to Sunday, from the week of the 1st to the week of the last day. */
export function monthWeeks(month: Date): Date[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: WEEK_STARTS_ON }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: WEEK_STARTS_ON }),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The first and last day of a month as yyyy-MM-dd, as list_team_events takes them. */
export function monthRange(month: Date): { start_date: string; end_date: string } {
  return { start_date: dayKey(startOfMonth(month)), end_date: dayKey(endOfMonth(month)) };
}
