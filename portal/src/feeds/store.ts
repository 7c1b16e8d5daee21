// Calendar feeds' SQL (migrations/0042_calendar_feeds.sql), and what a feed shows: the team events, matches
// and tournaments of its teams within a window, each team read through its own indexes.
import crypto from 'node:crypto';
import type { Queryable } from '@tribuna/server';
import type { EventType } from '../calendar/index.ts';
import { userTeamIds } from '../teams/index.ts';

/** A feed's secret: 24 random bytes in base64url (32 characters). Only its hash is stored. */
export const newToken = () => crypto.randomBytes(24).toString('base64url');
export const isToken = (s: string) => /^[A-Za-z0-9_-]{32}$/.test(s);
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface Feed {
  id: string;
  user_id: string;
  team_id: string | null;
  create_time: string;
}

interface FeedRow {
  id: string;
  user_id: string;
  team_id: string | null;
  create_time: Date;
}

const toFeed = (r: FeedRow): Feed => ({ id: r.id, user_id: r.user_id, team_id: r.team_id, create_time: r.create_time.toISOString() });

export async function createFeed(q: Queryable, id: string, userId: string, teamId: string | null, token: string): Promise<Feed> {
  const rows = await q.query<FeedRow>(
    'INSERT INTO calendar_feed (id, user_id, team_id, token_hash) VALUES ($1, $2, $3, $4) RETURNING id, user_id, team_id, create_time',
    [id, userId, teamId, hashOf(token)],
  );
  return toFeed(rows[0]);
}

export async function countFeeds(q: Queryable, userId: string): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM calendar_feed WHERE user_id = $1', [userId]))[0].n;
}

export async function feedByToken(q: Queryable, token: string): Promise<Feed | undefined> {
  const rows = await q.query<FeedRow>('SELECT id, user_id, team_id, create_time FROM calendar_feed WHERE token_hash = $1', [hashOf(token)]);
  return rows.length ? toFeed(rows[0]) : undefined;
}

/** A user's feeds, oldest first, with their teams' names. */
export async function listFeeds(q: Queryable, userId: string): Promise<(Feed & { team_name: string | null })[]> {
  const rows = await q.query<FeedRow & { team_name: string | null }>(
    `SELECT f.id, f.user_id, f.team_id, f.create_time, t.name AS team_name
     FROM calendar_feed f LEFT JOIN team t ON t.id = f.team_id WHERE f.user_id = $1 ORDER BY f.create_time, f.id`,
    [userId],
  );
  return rows.map((r) => ({ ...toFeed(r), team_name: r.team_name }));
}

/** Removes a user's feed named by its token or its id; false when they have no such feed. */
export async function revokeFeed(q: Queryable, userId: string, by: { token: string } | { id: string }): Promise<boolean> {
  const [column, value] = 'token' in by ? ['token_hash', hashOf(by.token)] : ['id', by.id];
  return (await q.execute(`DELETE FROM calendar_feed WHERE ${column} = $1 AND user_id = $2`, [value, userId])) > 0;
}

/** The teams a feed shows: its team, or every team of its user (created, or with a confirmed player), with their names. */
export async function feedTeams(q: Queryable, feed: Feed): Promise<{ id: string; name: string }[]> {
  const source = feed.team_id ? 'SELECT $1::uuid AS id' : `SELECT id FROM ${userTeamIds('$1::uuid')} mine (id)`;
  return q.query<{ id: string; name: string }>(`SELECT t.id, t.name FROM (${source}) s JOIN team t ON t.id = s.id ORDER BY t.id`, [feed.team_id ?? feed.user_id]);
}

/** The most of each kind a feed holds: a bound on its size, above any real team's year. */
const MAX_ITEMS = 1000;

export interface FeedEvent {
  id: string;
  team_id: string;
  title: string;
  description: string;
  type: EventType;
  event_time: Date;
  place: string;
  sequence: number;
  create_time: Date;
  update_time: Date;
}

export interface FeedMatch {
  id: string;
  owner_team_id: string;
  guest_team_id: string;
  owner_name: string | null;
  guest_name: string | null;
  match_time: Date;
  sequence: number;
  create_time: Date;
  update_time: Date;
}

export interface FeedTournament {
  id: string;
  title: string;
  description: string;
  start_time: Date;
  create_time: Date;
  update_time: Date;
}

/**
 * The statements of a feed's content for teams $1 from $2 to $3; exported so tests can EXPLAIN them.
 * @internal
 */
export function feedQueries(teamIds: string[], from: Date, to: Date): Record<'events' | 'matches' | 'tournaments', { sql: string; params: unknown[] }> {
  const params = [teamIds, from, to];
  const side = (col: string) =>
    `(SELECT id FROM match WHERE ${col} = mine.id AND match_time >= $2 AND match_time < $3 ORDER BY match_time LIMIT ${MAX_ITEMS})`;
  return {
    events: {
      sql: `SELECT e.id, e.team_id, e.title, e.description, e.type, e.event_time, e.place, e.sequence, e.create_time, e.update_time
       FROM unnest($1::uuid[]) mine (id)
       CROSS JOIN LATERAL (SELECT * FROM team_event WHERE team_id = mine.id AND event_time >= $2 AND event_time < $3 ORDER BY event_time LIMIT ${MAX_ITEMS}) e
       ORDER BY e.event_time, e.id LIMIT ${MAX_ITEMS}`,
      params,
    },
    matches: {
      sql: `SELECT m.id, m.owner_team_id, m.guest_team_id, o.name AS owner_name, g.name AS guest_name, m.match_time, m.sequence, m.create_time, m.update_time
       FROM (SELECT DISTINCT s.id FROM unnest($1::uuid[]) mine (id) CROSS JOIN LATERAL (${side('owner_team_id')} UNION ALL ${side('guest_team_id')}) s) ids
       JOIN match m ON m.id = ids.id
       LEFT JOIN team o ON o.id = m.owner_team_id LEFT JOIN team g ON g.id = m.guest_team_id
       ORDER BY m.match_time, m.id LIMIT ${MAX_ITEMS}`,
      params,
    },
    tournaments: {
      sql: `SELECT DISTINCT t.id, t.title, t.description, t.start_time, t.create_time, t.update_time
       FROM unnest($1::uuid[]) mine (id)
       CROSS JOIN LATERAL (SELECT tournament_id FROM team_tournament WHERE team_id = mine.id AND tournament_start_time >= $2
         AND tournament_start_time < $3 AND is_confirmed AND NOT tournament_deleted LIMIT ${MAX_ITEMS}) l
       JOIN tournament t ON t.id = l.tournament_id
       ORDER BY t.start_time, t.id LIMIT ${MAX_ITEMS}`,
      params,
    },
  };
}

export async function feedContent(q: Queryable, teamIds: string[], from: Date, to: Date) {
  const s = feedQueries(teamIds, from, to);
  const [events, matches, tournaments] = await Promise.all([
    q.query<FeedEvent>(s.events.sql, s.events.params),
    q.query<FeedMatch>(s.matches.sql, s.matches.params),
    q.query<FeedTournament>(s.tournaments.sql, s.tournaments.params),
  ]);
  return { events, matches, tournaments };
}
