// Team calendar: anyone reads a team's events by date range; its managers add, change and remove them.
// A signed-in user also reads the events of all their teams at once.
import { z } from 'zod';
import { invalid, notFound } from '@tribuna/server';
import { requireNotPast } from '../lib/not-past.ts';
import { instantField, isDay, lineField, requiredLineField, rpc, textField, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { requireManager, requireTeam } from '../teams/index.ts';
import { createEvent, deleteEvent, EVENT_TYPES, getEvent, listEvents, listMyEvents, updateEvent, type DayRange } from './store.ts';

const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
/** The portal's audience lives mostly in Moscow time; clients pass their own zone to shift month edges. */
const DEFAULT_TIME_ZONE = 'Europe/Moscow';
const NOT_TEXT = 'ожидалась строка.';

const date = z
  .string({ error: 'ожидалась дата в формате yyyy-MM-dd.' })
  .regex(/^[1-9]\d{3}-\d{2}-\d{2}$/, 'ожидалась дата в формате yyyy-MM-dd.')
  .refine((s) => isDay(+s.slice(0, 4), +s.slice(5, 7), +s.slice(8, 10)), 'такой даты нет.');

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
// A name such as Europe/Moscow: offsets like +03:00 are refused, PostgreSQL reads their sign the POSIX way.
const timeZone = z
  .string({ error: NOT_TEXT })
  .max(64)
  .refine((s) => /^[A-Za-z][A-Za-z0-9_+/-]*$/.test(s) && isTimeZone(s), 'неизвестный часовой пояс.');

const title = requiredLineField(TEXT_LIMITS.eventTitle, 'укажите название события.');
/** Optional text: null or omitted is empty. */
const place = lineField(TEXT_LIMITS.eventPlace).nullish();
const description = textField(TEXT_LIMITS.eventDescription).nullish();
const type = z.enum(EVENT_TYPES, { error: `тип события: ${EVENT_TYPES.join(', ')}.` });

const EVENT_NOT_FOUND = 'Событие не найдено.';

const dayRange = { start_date: date, end_date: date, time_zone: timeZone.default(DEFAULT_TIME_ZONE) };

/** The range as the store takes it; refuses an end before the start and more than MAX_RANGE_DAYS. */
function checkedRange(input: { start_date: string; end_date: string; time_zone: string }): DayRange {
  const days = (Date.parse(input.end_date) - Date.parse(input.start_date)) / DAY_MS;
  if (days < 0) throw invalid('end_date: не может быть раньше начала периода.');
  if (days > MAX_RANGE_DAYS) throw invalid(`Диапазон дат не может быть больше ${MAX_RANGE_DAYS} дней.`);
  return { startDate: input.start_date, endDate: input.end_date, timeZone: input.time_zone };
}

/** Runs a listing; a zone the JavaScript runtime knows but the database's time zone data does not is bad input. */
async function inTimeZone<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (err) {
    if ((err as { code?: string }).code === '22023') throw invalid('time_zone: неизвестный часовой пояс.');
    throw err;
  }
}

export const calendarRpcs = [
  // Anyone. Both days are included; they are calendar days in time_zone (Moscow time by default).
  rpc(
    'list_team_events',
    'public',
    z.object({ team_id: uuid, ...dayRange }),
    async ({ input, nk }) => {
      const range = checkedRange(input);
      await requireTeam(nk.db, input.team_id);
      return { events: await inTimeZone(() => listEvents(nk.db, { teamId: input.team_id, ...range })) };
    },
  ),

  // Any session (a guest has no teams). The events of the teams the caller created or has a confirmed
  // player in, each with its team's name; the range as in list_team_events.
  rpc('list_my_team_events', 'session', z.object(dayRange), async ({ input, userId, nk }) => {
    const range = checkedRange(input);
    return { events: await inTimeZone(() => listMyEvents(nk.db, userId, range)) };
  }),

  // Managers; the caller is the event's creator. A new event is not in the past (a minute of clock skew
  // allowed); moving one later is free.
  rpc(
    'create_team_event',
    'registered',
    z.object({ team_id: uuid, title, type, event_time: instantField, place, description }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      requireNotPast(input.event_time, 'Время события не может быть в прошлом.');
      return createEvent(nk.db, nk.uuid(), input.team_id, userId, {
        title: input.title,
        type: input.type,
        event_time: input.event_time,
        place: input.place ?? '',
        description: input.description ?? '',
      });
    },
    { limit: 'create' },
  ),

  // Managers of the event's team. Omitted fields stay; null empties place or description.
  rpc(
    'update_team_event',
    'registered',
    z.object({ id: uuid, title: title.optional(), type: type.optional(), event_time: instantField.optional(), place, description }),
    async ({ input, userId, nk }) => {
      const event = await getEvent(nk.db, input.id);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      await requireManager(nk.db, event.team_id, userId);
      const updated = await updateEvent(nk.db, input.id, {
        title: input.title,
        type: input.type,
        event_time: input.event_time,
        place: input.place === null ? '' : input.place,
        description: input.description === null ? '' : input.description,
      });
      if (!updated) throw notFound(EVENT_NOT_FOUND);
      return updated;
    },
    { limit: 'write' },
  ),

  // Managers of the event's team.
  rpc('delete_team_event', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const event = await getEvent(nk.db, input.id);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    await requireManager(nk.db, event.team_id, userId);
    if (!(await deleteEvent(nk.db, input.id))) throw notFound(EVENT_NOT_FOUND);
    return {};
  }, { limit: 'write' }),
];
