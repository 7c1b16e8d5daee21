// The team event form's values, checks and conversion to the RPC's fields.
import { format } from 'date-fns';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { isEventType, parseDayKey, type EventType } from '../../../shared/lib/calendar.ts';
import type { TeamEvent } from '@tribuna/portal/types';
import { measure } from '../../../shared/lib/text-length.ts';
import { teamCalendarMessages as m } from '../messages.ts';

const TITLE_MAX = TEXT_LIMITS.eventTitle;
const PLACE_MAX = TEXT_LIMITS.eventPlace;
const DESCRIPTION_MAX = TEXT_LIMITS.eventDescription;

export interface EventFormValues {
  title: string;
  type: EventType | '';
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  place: string;
  description: string;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues, string>>;

/** A new event: the day given, no time (a time must be chosen, none is assumed). */
export function emptyEventForm(day: string): EventFormValues {
  return { title: '', type: 'match', date: day, time: '', place: '', description: '' };
}

export function eventToForm(e: TeamEvent): EventFormValues {
  const at = new Date(e.event_time);
  return {
    title: e.title,
    type: isEventType(e.type) ? e.type : 'other',
    date: format(at, 'yyyy-MM-dd'),
    time: format(at, 'HH:mm'),
    place: e.place ?? '',
    description: e.description ?? '',
  };
}

/** The earliest date and time a new event may take at `now`: today, and this minute when the day is today. */
export function earliest(now: Date, date: string): { date: string; time?: string } {
  const today = format(now, 'yyyy-MM-dd');
  return date === today ? { date: today, time: format(now, 'HH:mm') } : { date: today };
}

/**
 * The form's checks; for a new event (`now` given) also that it is not in the past, to the minute (the
 * server allows a minute of clock skew on top): a past day is wrong in the date, a past hour of today in
 * the time. An edit may move an event anywhere.
 */
export function validateEventForm(v: EventFormValues, now?: Date): EventFormErrors {
  const e: EventFormErrors = {};
  const title = v.title.trim();
  if (!title) e.title = m.titleRequired;
  else if (measure(title, TITLE_MAX) > TITLE_MAX) e.title = m.titleTooLong;
  if (!isEventType(v.type)) e.type = m.typeRequired;
  if (!parseDayKey(v.date)) e.date = m.dateRequired;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time)) e.time = m.timeRequired;
  if (now && !e.date) {
    const min = earliest(now, v.date);
    if (v.date < min.date) e.date = m.dateInPast;
    else if (!e.time && min.time && v.time < min.time) e.time = m.inPast;
  }
  if (measure(v.place.trim(), PLACE_MAX) > PLACE_MAX) e.place = m.placeTooLong;
  if (measure(v.description.trim(), DESCRIPTION_MAX) > DESCRIPTION_MAX) e.description = m.descriptionTooLong;
  return e;
}

/** The local date and time as an ISO 8601 instant. */
export function toEventTime(date: string, time: string): string {
  return new Date(`${date}T${time}:00`).toISOString();
}
