// Match events' SQL (table match_event): the live feed and, once the match's result is confirmed, its
// report, from which tables' cards and players' numbers are counted.
import type { Queryable } from '@tribuna/server';

export const EVENT_TYPES = ['goal', 'own_goal', 'penalty_goal', 'yellow', 'red', 'sub', 'period_start', 'period_end'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface MatchEvent {
  id: string;
  match_id: string;
  minute: number;
  type: EventType;
  /** The team the event is of; an own goal's is the scorer's team (the goal counts for the other one). */
  team_id: string;
  player_id?: string;
  assist_player_id?: string;
  /** A substitution's player going off (player_id comes on). */
  player_out_id?: string;
  creator_id: string;
  create_time: string;
}

interface Row {
  id: string;
  match_id: string;
  minute: number;
  type: EventType;
  team_id: string;
  player_id: string | null;
  assist_player_id: string | null;
  player_out_id: string | null;
  creator_id: string;
  create_time: Date;
}

const COLUMNS = 'id, match_id, minute, type, team_id, player_id, assist_player_id, player_out_id, creator_id, create_time';

function toEvent(r: Row): MatchEvent {
  const e: MatchEvent = {
    id: r.id,
    match_id: r.match_id,
    minute: r.minute,
    type: r.type,
    team_id: r.team_id,
    creator_id: r.creator_id,
    create_time: r.create_time.toISOString(),
  };
  if (r.player_id) e.player_id = r.player_id;
  if (r.assist_player_id) e.assist_player_id = r.assist_player_id;
  if (r.player_out_id) e.player_out_id = r.player_out_id;
  return e;
}

export interface NewEvent {
  match_id: string;
  minute: number;
  type: EventType;
  team_id: string;
  player_id?: string;
  assist_player_id?: string;
  player_out_id?: string;
}

export async function insertEvent(q: Queryable, id: string, creatorId: string, n: NewEvent): Promise<MatchEvent> {
  const rows = await q.query<Row>(
    `INSERT INTO match_event (id, match_id, minute, type, team_id, player_id, assist_player_id, player_out_id, creator_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [id, n.match_id, n.minute, n.type, n.team_id, n.player_id ?? null, n.assist_player_id ?? null, n.player_out_id ?? null, creatorId],
  );
  return toEvent(rows[0]);
}

export async function getEvent(q: Queryable, id: string): Promise<MatchEvent | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM match_event WHERE id = $1`, [id]);
  return rows.length ? toEvent(rows[0]) : undefined;
}

export async function deleteEvent(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM match_event WHERE id = $1', [id])) > 0;
}

/** The most events a match keeps: a feed far longer than any real match's. */
export const MAX_EVENTS = 300;

/**
 * A match's events in minute order (then as posted); served by match_event_match_minute_idx.
 * @internal
 */
export function listEventsQuery(matchId: string): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ${COLUMNS} FROM match_event WHERE match_id = $1 ORDER BY minute, create_time, id LIMIT ${MAX_EVENTS}`,
    params: [matchId],
  };
}

export async function listEvents(q: Queryable, matchId: string): Promise<MatchEvent[]> {
  const { sql, params } = listEventsQuery(matchId);
  return (await q.query<Row>(sql, params)).map(toEvent);
}

export async function countEvents(q: Queryable, matchId: string): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM match_event WHERE match_id = $1', [matchId]))[0].n;
}

/** The running score the events make: goals and penalty goals for their team, own goals for the other. */
export function runningScore(events: readonly MatchEvent[], homeTeamId: string): { home: number; guest: number } {
  const score = { home: 0, guest: 0 };
  for (const e of events) {
    if (e.type !== 'goal' && e.type !== 'penalty_goal' && e.type !== 'own_goal') continue;
    const forHome = (e.team_id === homeTeamId) !== (e.type === 'own_goal');
    if (forHome) score.home++;
    else score.guest++;
  }
  return score;
}
