// What the broadcast pages work out from a broadcast: its status, its start (or creation) time, the TV
// schedule's days; and the form's checks. A card's short description comes cut from list_streams.
import { format, isSameYear, startOfDay } from 'date-fns';
import { ru } from 'date-fns/locale';
import type { Stream } from '@tribuna/portal/types';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { broadcastMessages as m } from './messages.ts';

/** Upcoming when the start lies ahead; no start, or a start now or past, is on air. */
export function isUpcoming(s: Pick<Stream, 'start_time'>, now = Date.now()): boolean {
  return s.start_time !== undefined && Date.parse(s.start_time) > now;
}

export const statusText = (s: Pick<Stream, 'start_time'>, now = Date.now()) => (isUpcoming(s, now) ? m.soon : m.live);

/** When it starts: the start time, or the creation time when there is none. */
export const startOf = (s: Pick<Stream, 'start_time' | 'create_time'>) => s.start_time ?? s.create_time;

export interface ScheduleDay {
  /** yyyy-MM-dd of the local day. */
  key: string;
  /** 'Вторник, 24 ноября' (the year added when it is not this year's). */
  heading: string;
  streams: Stream[];
}

/** The day heading: the weekday and the date in long Russian words, capitalised. */
function dayHeading(d: Date, now = new Date()): string {
  const text = format(d, isSameYear(d, now) ? 'EEEE, d MMMM' : 'EEEE, d MMMM yyyy г.', { locale: ru });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Broadcasts by local calendar day of their start (or creation), days and rows in time order. */
export function groupByDay(streams: readonly Stream[], now = new Date()): ScheduleDay[] {
  const sorted = [...streams].sort((a, b) => Date.parse(startOf(a)) - Date.parse(startOf(b)));
  const days = new Map<string, ScheduleDay>();
  for (const s of sorted) {
    const day = startOfDay(new Date(startOf(s)));
    const key = format(day, 'yyyy-MM-dd');
    let entry = days.get(key);
    if (!entry) {
      entry = { key, heading: dayHeading(day, now), streams: [] };
      days.set(key, entry);
    }
    entry.streams.push(s);
  }
  return [...days.values()];
}

/** Tags typed with commas: trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter(Boolean);
}

export interface BroadcastValues {
  title: string;
  description: string;
  embedUrl: string;
  tags: string;
  /** A datetime-local value, or ''. */
  start: string;
}

export type BroadcastErrors = Partial<Record<keyof BroadcastValues, string>>;

function isUrl(text: string): boolean {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The spec's checks: title 5 to 120, description at least 10, a link, a start not in the past (editing:
 * only when it was changed, as the server checks it).
 */
export function validateBroadcast(v: BroadcastValues, opts: { editing?: boolean; startChanged?: boolean; now?: number } = {}): BroadcastErrors {
  const errors: BroadcastErrors = {};
  const title = v.title.trim();
  const titleLength = Array.from(title).length;
  if (!title) errors.title = m.titleRequired;
  else if (titleLength < 5) errors.title = m.titleTooShort;
  else if (titleLength > TEXT_LIMITS.streamTitle) errors.title = m.titleTooLong;
  const description = v.description.trim();
  if (!description) errors.description = m.descriptionRequired;
  else if (Array.from(description).length < 10) errors.description = m.descriptionTooShort;
  const url = v.embedUrl.trim();
  if (!url) errors.embedUrl = m.embedUrlRequired;
  else if (!isUrl(url)) errors.embedUrl = m.embedUrlInvalid;
  if (v.start && (!opts.editing || opts.startChanged)) {
    const at = new Date(v.start).getTime();
    if (Number.isNaN(at)) errors.start = m.startInvalid;
    else if (at < (opts.now ?? Date.now()) - 60_000) errors.start = m.startInPast;
  }
  return errors;
}
