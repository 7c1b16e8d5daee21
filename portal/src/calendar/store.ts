// Team calendar SQL (see migrations/0007_team_events.sql).
import type { Queryable } from '@tribuna/server';
import { assign, params, times } from '../lib/sql.ts';

export const EVENT_TYPES = ['match', 'training', 'tournament', 'birthday', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The most events one list answers: a bound on the answer's size, far above any real team's calendar. */
const MAX_EVENTS = 1000;

export interface TeamEvent {
  id: string;
  team_id: string;
  title: string;
  description: string;
  type: EventType;
  event_time: string;
  place: string;
  creator_id: string;
  create_time: string;
  update_time: string;
}

export interface NewTeamEvent {
  title: string;
  type: EventType;
  event_time: Date;
  place: string;
  description: string;
}

export type TeamEventChanges = Partial<NewTeamEvent>;

/** Days from start to end, both included, as calendar dates (yyyy-MM-dd) in an IANA time zone. */
export interface EventRange {
  teamId: string;
  startDate: string;
  endDate: string;
  timeZone: string;
}

interface Row {
  id: string;
  team_id: string;
  title: string;
  description: string;
  type: EventType;
  event_time: Date;
  place: string;
  creator_id: string;
  create_time: Date;
  update_time: Date;
}

const COLUMNS = 'id, team_id, title, description, type, event_time, place, creator_id, create_time, update_time';

const toEvent = (r: Row): TeamEvent => ({
  id: r.id,
  team_id: r.team_id,
  title: r.title,
  description: r.description,
  type: r.type,
  event_time: r.event_time.toISOString(),
  place: r.place,
  creator_id: r.creator_id,
  ...times(r),
});

export async function createEvent(q: Queryable, id: string, teamId: string, creatorId: string, e: NewTeamEvent): Promise<TeamEvent> {
  const rows = await q.query<Row>(
    `INSERT INTO team_event (id, team_id, title, description, type, event_time, place, creator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [id, teamId, e.title, e.description, e.type, e.event_time, e.place, creatorId],
  );
  return toEvent(rows[0]);
}

export async function getEvent(q: Queryable, id: string): Promise<TeamEvent | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM team_event WHERE id = $1`, [id]);
  return rows.length ? toEvent(rows[0]) : undefined;
}

export async function updateEvent(q: Queryable, id: string, c: TeamEventChanges): Promise<TeamEvent | undefined> {
  const { values, p } = params(id);
  const sets = ['update_time = now()', ...assign(p, c, ['title', 'type', 'event_time', 'place', 'description'])];
  const rows = await q.query<Row>(`UPDATE team_event SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, values);
  return rows.length ? toEvent(rows[0]) : undefined;
}

export async function deleteEvent(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM team_event WHERE id = $1', [id])) > 0;
}

/** The statement of a range of events by time; exported so tests can EXPLAIN it. */
export function listEventsQuery(r: EventRange): { sql: string; params: unknown[] } {
  // From midnight of the first day to midnight after the last, in the given time zone.
  return {
    sql: `SELECT ${COLUMNS} FROM team_event
     WHERE team_id = $1 AND event_time >= timezone($4, $2::date::timestamp) AND event_time < timezone($4, ($3::date + 1)::timestamp)
     ORDER BY event_time, id LIMIT ${MAX_EVENTS}`,
    params: [r.teamId, r.startDate, r.endDate, r.timeZone],
  };
}

export async function listEvents(q: Queryable, r: EventRange): Promise<TeamEvent[]> {
  const { sql, params: values } = listEventsQuery(r);
  return (await q.query<Row>(sql, values)).map(toEvent);
}
