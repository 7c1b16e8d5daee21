// Team calendar SQL (see migrations/0007_team_events.sql).
import type { Queryable } from '@tribuna/server';
import { assign, params, times } from '../lib/sql.ts';
import { userTeamIds } from '../teams/index.ts';

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
export interface DayRange {
  startDate: string;
  endDate: string;
  timeZone: string;
}

export interface EventRange extends DayRange {
  teamId: string;
}

/** An event of one of the user's teams, with the team's name (list_my_team_events). */
export interface MyTeamEvent extends TeamEvent {
  team_name: string;
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
const E_COLUMNS = COLUMNS.split(', ').map((c) => `e.${c}`).join(', ');

/** From midnight of the first day to midnight after the last, in the range's time zone ($n, $n+1, $n+2). */
const inRange = (n: number) =>
  `event_time >= timezone($${n + 2}, $${n}::date::timestamp) AND event_time < timezone($${n + 2}, ($${n + 1}::date + 1)::timestamp)`;

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
  // sequence: calendar feeds tell subscribed calendars the event changed (migrations/0040_attendance.sql).
  const sets = ['update_time = now()', 'sequence = sequence + 1', ...assign(p, c, ['title', 'type', 'event_time', 'place', 'description'])];
  const rows = await q.query<Row>(`UPDATE team_event SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, values);
  return rows.length ? toEvent(rows[0]) : undefined;
}

export async function deleteEvent(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM team_event WHERE id = $1', [id])) > 0;
}

/**
 * The statement of a range of events by time; exported so tests can EXPLAIN it.
 * @internal
 */
export function listEventsQuery(r: EventRange): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ${COLUMNS} FROM team_event WHERE team_id = $1 AND ${inRange(2)} ORDER BY event_time, id LIMIT ${MAX_EVENTS}`,
    params: [r.teamId, r.startDate, r.endDate, r.timeZone],
  };
}

export async function listEvents(q: Queryable, r: EventRange): Promise<TeamEvent[]> {
  const { sql, params: values } = listEventsQuery(r);
  return (await q.query<Row>(sql, values)).map(toEvent);
}

/**
 * The statement of the events of a user's teams in a range: the teams they created and those where one of
 * their players is confirmed (teams.access's owner and member). Each team's events are read through the
 * index on team and time (LATERAL), whatever the planner guesses of the range. Exported so tests can EXPLAIN it.
 * @internal
 */
export function listMyEventsQuery(userId: string, r: DayRange): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ${E_COLUMNS}, t.name AS team_name
     FROM ${userTeamIds('$1')} mine (id)
     JOIN team t ON t.id = mine.id
     CROSS JOIN LATERAL (
       SELECT ${COLUMNS} FROM team_event WHERE team_id = mine.id AND ${inRange(2)} ORDER BY event_time, id LIMIT ${MAX_EVENTS}
     ) e
     ORDER BY e.event_time, e.id LIMIT ${MAX_EVENTS}`,
    params: [userId, r.startDate, r.endDate, r.timeZone],
  };
}

export async function listMyEvents(q: Queryable, userId: string, r: DayRange): Promise<MyTeamEvent[]> {
  const { sql, params: values } = listMyEventsQuery(userId, r);
  return (await q.query<Row & { team_name: string }>(sql, values)).map((r) => ({ ...toEvent(r), team_name: r.team_name }));
}
