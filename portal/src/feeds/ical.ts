// A feed as iCalendar (ical-generator). Times are written in UTC, which Google Calendar and the iPhone's
// calendar both read exactly, and the calendar names Moscow time as its zone (X-WR-TIMEZONE) for apps that
// show a subscribed calendar in its own zone. UIDs are "<id>@tribuna", so an edited event stays the same
// event, and its SEQUENCE rises with every change. The portal keeps no end times: events and matches are
// shown two hours long; birthdays and tournaments (a start day) are all-day, on their Moscow date.
import ical, { type ICalEventData } from 'ical-generator';
import { EVENT_TYPE_NAMES } from '../attendance/index.ts';
import type { FeedEvent, FeedMatch, FeedTournament } from './store.ts';
import { eventPageLink } from '../lib/links.ts';

const ZONE = 'Europe/Moscow';
const LENGTH_MS = 2 * 3_600_000;
/** How often apps should read the feed again. */
const REFRESH_SEC = 3600;

const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const uid = (id: string) => `${id}@tribuna`;
const quoted = (name: string | null) => (name ? `«${name}»` : '«Команда удалена»');

export interface FeedInput {
  /** The calendar's name: the team's, or the user's teams. */
  name: string;
  site: string;
  /** Team names by id, and whether the feed has several teams (an event then names its team). */
  teams: Map<string, string>;
  events: FeedEvent[];
  matches: FeedMatch[];
  tournaments: FeedTournament[];
}

function times(start: Date, allDay: boolean): Pick<ICalEventData, 'start' | 'end' | 'allDay'> {
  if (!allDay) return { start, end: new Date(start.getTime() + LENGTH_MS) };
  // A date string is written as that date whatever the process's zone.
  return { start: moscowDate.format(start), allDay: true };
}

const withLink = (text: string, link: string) => (text ? `${text}\n\n${link}` : link);

export function feedCalendar(f: FeedInput): string {
  const cal = ical({ name: `Трибуна: ${f.name}`, prodId: '//Tribuna//Calendar//RU', ttl: REFRESH_SEC });
  cal.x('X-WR-TIMEZONE', ZONE);
  const several = f.teams.size > 1;
  for (const e of f.events) {
    const link = `${f.site}${eventPageLink(e.team_id, e.id, e.event_time)}`;
    const team = f.teams.get(e.team_id);
    cal.createEvent({
      id: uid(e.id),
      sequence: e.sequence,
      summary: several && team ? `${e.title} (${team})` : e.title,
      description: withLink([EVENT_TYPE_NAMES[e.type], e.description].filter(Boolean).join('. '), link),
      location: e.place || null,
      url: link,
      ...times(e.event_time, e.type === 'birthday'),
      created: e.create_time,
      lastModified: e.update_time,
      stamp: e.update_time,
    });
  }
  for (const m of f.matches) {
    const link = `${f.site}/matches/${m.id}`;
    cal.createEvent({
      id: uid(m.id),
      sequence: m.sequence,
      summary: `Матч ${quoted(m.owner_name)} — ${quoted(m.guest_name)}`,
      description: link,
      url: link,
      ...times(m.match_time, false),
      created: m.create_time,
      lastModified: m.update_time,
      stamp: m.update_time,
    });
  }
  for (const t of f.tournaments) {
    const link = `${f.site}/tournaments/${t.id}`;
    cal.createEvent({
      id: uid(t.id),
      summary: `Турнир «${t.title}»`,
      description: withLink(t.description.length > 500 ? `${t.description.slice(0, 500)}…` : t.description, link),
      url: link,
      ...times(t.start_time, true),
      created: t.create_time,
      lastModified: t.update_time,
      stamp: t.update_time,
    });
  }
  return cal.toString();
}
