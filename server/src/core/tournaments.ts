// Tournaments: leaderboards with a duration, active for part of each period, that players may have to
// join first, with a size limit and a cap on score attempts. Records, listings and ranks are the
// leaderboards'; this adds creation, joins, extra attempts and the listing of tournaments. Every call
// takes the current time, so deadlines can be tested at a fixed instant.
import type { Db } from '../db/index.ts';
import { invalid, notFound } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isUuid } from '../tokens.ts';
import { decodeCursor, encodeCursor, isTuple } from './cursor.ts';
import { OPERATORS, type Leaderboards } from './leaderboards.ts';
import {
  BAD_OWNER, boardOf, checkLeaderboardId, deadlines, isActive, keyOf, lastReset, NEVER, nextReset,
  type BoardRow, type Deadlines, type Leaderboard, type Operator, type SortOrder,
} from './leaderboard-rules.ts';
import { enterTournament, NOT_ACTIVE_JOIN, TOURNAMENT_NOT_FOUND } from './tournament-rules.ts';
import { checkLimit } from './validate.ts';

export interface TournamentSpec {
  id: string;
  authoritative: boolean;
  sortOrder: SortOrder;
  operator: Operator;
  resetSchedule: string | null;
  metadata: Record<string, unknown>;
  title: string;
  description: string;
  category: number;
  /** Unix seconds; 0: now. */
  startTime: number;
  /** Unix seconds; 0: no end. */
  endTime: number;
  /** Seconds, at least 1. */
  duration: number;
  maxSize: number;
  maxNumScore: number;
  joinRequired: boolean;
  enableRanks: boolean;
}

/** A tournament as listed: the board, and its current period's deadlines and size. */
export interface Tournament extends Leaderboard {
  tournament: NonNullable<Leaderboard['tournament']>;
  deadlines: Deadlines;
  /** Joins in the current period. */
  size: number;
  canEnter: boolean;
}

export interface TournamentList {
  tournaments: Tournament[];
  cursor?: string;
}

const MAX_INT32 = 2147483647;
const BAD_CURSOR = 'Invalid cursor.';

function whole(name: string, v: number, min: number, max: number): number {
  if (!Number.isInteger(v) || v < min || v > max) throw invalid(`${name} must be a whole number from ${min} to ${max}.`);
  return v;
}

export class Tournaments {
  private readonly db: Db;
  private readonly leaderboards: Leaderboards;
  private readonly logger: Logger;
  private readonly node: string;
  /** The last reset handled per tournament, so each is handled once. */
  private readonly handled = new Map<string, number>();
  /** Told of each reset this node claimed: end, the closed period's end of activity; reset, its expiry. */
  onReset: ((t: Tournament, end: Date, reset: Date) => Promise<void>) | undefined;
  /** Told of each end this node claimed; reset: the next reset after it, if any. */
  onEnd: ((t: Tournament, end: Date, reset: Date | null) => Promise<void>) | undefined;

  constructor(db: Db, leaderboards: Leaderboards, logger: Logger, node: string) {
    this.db = db;
    this.leaderboards = leaderboards;
    this.logger = logger;
    this.node = node;
    // Checked with the leaderboards' resets, at each minute's start.
    leaderboards.deadlineRunners.push((now) => this.runDeadlines(now));
  }

  /** Creates a tournament; an existing id is left as it is (upstream). */
  async create(s: TournamentSpec, now = new Date()): Promise<void> {
    checkLeaderboardId(s.id);
    if (s.sortOrder !== 'asc' && s.sortOrder !== 'desc') throw invalid('Sort order must be "asc" or "desc".');
    if (!OPERATORS.includes(s.operator)) throw invalid('Operator must be "best", "set", "incr" or "decr".');
    if (s.resetSchedule) {
      try {
        nextReset(s.resetSchedule, now);
      } catch {
        throw invalid('Reset schedule must be a valid cron expression.');
      }
    }
    whole('Category', s.category, 0, 127);
    whole('Duration', s.duration, 1, MAX_INT32);
    whole('Max size', s.maxSize, 0, MAX_INT32);
    whole('Max num score', s.maxNumScore, 0, MAX_INT32);
    whole('Start time', s.startTime, 0, 253402300799);
    whole('End time', s.endTime, 0, 253402300799);
    const start = s.startTime ? new Date(s.startTime * 1000) : now;
    const end = s.endTime ? new Date(s.endTime * 1000) : null;
    if (end && end <= start) throw invalid('End time must be after the start time.');
    if (end && end <= now) throw invalid('End time must be in the future.');
    if (typeof s.title !== 'string' || typeof s.description !== 'string') throw invalid('Title and description must be text.');
    await this.db.execute(
      `INSERT INTO leaderboard (id, authoritative, sort_order, operator, reset_schedule, metadata, enable_ranks, create_time,
         title, description, category, start_time, end_time, duration, max_size, max_num_score, join_required)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) ON CONFLICT (id) DO NOTHING`,
      [s.id, !!s.authoritative, s.sortOrder === 'asc' ? 0 : 1, OPERATORS.indexOf(s.operator), s.resetSchedule || null,
        JSON.stringify(s.metadata ?? {}), s.enableRanks, now, s.title, s.description, s.category, start, end, s.duration,
        s.maxSize, s.maxNumScore, !!s.joinRequired],
    );
    this.leaderboards.forgetBoard(s.id);
  }

  async delete(id: string): Promise<void> {
    const board = await this.leaderboards.find(checkLeaderboardId(id));
    if (board && !board.tournament) throw notFound(TOURNAMENT_NOT_FOUND);
    await this.leaderboards.delete(id);
  }

  /** The tournament with its current deadlines and size. */
  view(board: Leaderboard, now: Date): Tournament {
    const t = board.tournament!;
    const d = deadlines(t, board.resetSchedule, now);
    const size = t.sizeExpiry.getTime() === (d.expiry ?? NEVER).getTime() ? t.size : 0;
    const canEnter = isActive(d, now) && (t.maxSize === 0 || size < t.maxSize);
    return { ...board, tournament: t, deadlines: d, size, canEnter };
  }

  /** The tournaments among ids, in their order; missing ones and plain leaderboards are left out. */
  async getIds(ids: string[], now = new Date()): Promise<Tournament[]> {
    if (!ids.length) return [];
    const rows = await this.db.query<BoardRow>('SELECT * FROM leaderboard WHERE id = ANY($1::text[]) AND duration > 0', [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: Tournament[] = [];
    for (const id of ids) {
      const r = byId.get(id);
      if (r) out.push(this.view(boardOf(r), now));
    }
    return out;
  }

  /**
   * Tournaments not yet ended, by id: categories in [categoryStart, categoryEnd], starting at or after
   * startTime, ending by endTime (unix seconds; undefined: any).
   */
  async list(categoryStart: number, categoryEnd: number, startTime: number | undefined, endTime: number | undefined,
    limit: number, cursor: string | undefined, now = new Date()): Promise<TournamentList> {
    if (!Number.isInteger(categoryStart) || categoryStart < 0 || categoryStart > 127) throw invalid('Tournament category start must be 0-127.');
    if (!Number.isInteger(categoryEnd) || categoryEnd < 0 || categoryEnd > 127) throw invalid('Tournament category end must be 0-127.');
    if (categoryEnd < categoryStart) throw invalid('Tournament category end must be greater than or equal to category start.');
    if (startTime !== undefined && (!Number.isInteger(startTime) || startTime < 0)) throw invalid('Tournament start time must be a time in unix seconds.');
    if (endTime !== undefined && (!Number.isInteger(endTime) || endTime < 0)) throw invalid('Tournament end time must be a time in unix seconds.');
    if (startTime !== undefined && endTime !== undefined && endTime < startTime) throw invalid('Tournament end time must be greater than or equal to start time.');
    checkLimit(limit, 1, 100);
    const params: unknown[] = [categoryStart, categoryEnd, now, limit + 1];
    let where = 'duration > 0 AND category BETWEEN $1 AND $2 AND (end_time IS NULL OR end_time > $3)';
    if (startTime !== undefined) {
      params.push(new Date(startTime * 1000));
      where += ` AND start_time >= $${params.length}`;
    }
    if (endTime !== undefined) {
      params.push(new Date(endTime * 1000));
      where += ` AND end_time <= $${params.length}`;
    }
    if (cursor) {
      const [after] = decodeCursor(cursor, isTuple(['string']), BAD_CURSOR) as [string];
      params.push(after);
      where += ` AND id > $${params.length}`;
    }
    const rows = await this.db.query<BoardRow>(`SELECT * FROM leaderboard WHERE ${where} ORDER BY id LIMIT $4`, params);
    const page = rows.slice(0, limit);
    return {
      tournaments: page.map((r) => this.view(boardOf(r), now)),
      cursor: rows.length > limit ? encodeCursor([page[page.length - 1].id]) : undefined,
    };
  }

  /**
   * Joins an owner to the current period: a no-op unless join is required or when joined already;
   * refused outside the active window and when full.
   */
  async join(id: string, ownerId: string, username: string | null, now = new Date()): Promise<void> {
    const board = await this.leaderboards.get(id, 'tournament');
    if (!isUuid(ownerId)) throw invalid(BAD_OWNER);
    const t = board.tournament!;
    if (!t.joinRequired) return;
    const d = deadlines(t, board.resetSchedule, now);
    if (!isActive(d, now)) throw invalid(NOT_ACTIVE_JOIN);
    const expiry = d.expiry ?? NEVER;
    const row = await enterTournament(this.db, board, ownerId, username, expiry, now);
    // Ranked from the join on, as upstream lists joined players.
    if (row && board.enableRanks) this.leaderboards.ranks.put(board.id, expiry, keyOf(row));
  }

  /** Gives an owner's record of the current period `count` more (or, negative, fewer) score attempts. */
  async addAttempt(id: string, ownerId: string, count: number, now = new Date()): Promise<void> {
    const board = await this.leaderboards.get(id, 'tournament');
    if (!isUuid(ownerId)) throw invalid(BAD_OWNER);
    if (!Number.isInteger(count) || count === 0 || Math.abs(count) > MAX_INT32) throw invalid('Attempt count must be a non-zero whole number.');
    const expiry = this.leaderboards.expiryOf(board, now);
    await this.db.execute(
      `UPDATE leaderboard_record SET max_num_score = LEAST(GREATEST(max_num_score + $4, 0), ${MAX_INT32})
       WHERE leaderboard_id = $1 AND expiry_time = $2 AND owner_id = $3`,
      [board.id, expiry, ownerId, count]);
  }

  /**
   * Resets and ends that passed by `now`, each claimed once across the cluster (leaderboard_reset rows by
   * kind) and told to onReset / onEnd there. A reset counts between a tournament's start and end; an end
   * once, even when no node ran at the time.
   */
  async runDeadlines(now = new Date()): Promise<void> {
    const claim = (id: string, at: Date, kind: 'reset' | 'end') => this.db.execute(
      'INSERT INTO leaderboard_reset (leaderboard_id, reset_time, node, kind) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [id, at, this.node, kind]);
    const resetting = await this.db.query<BoardRow>(
      'SELECT * FROM leaderboard WHERE duration > 0 AND reset_schedule IS NOT NULL AND start_time <= $1', [now]);
    for (const row of resetting) {
      const board = boardOf(row);
      const t = board.tournament!;
      const reset = lastReset(board.resetSchedule!, now);
      const seen = this.handled.get(board.id);
      this.handled.set(board.id, reset.getTime());
      // Seen for the first time: start from its latest reset, older ones passed before this node knew.
      if (seen === undefined && reset.getTime() < now.getTime() - 60_000) continue;
      if (seen !== undefined && seen >= reset.getTime()) continue;
      if (reset < t.startTime || reset < board.createTime || (t.endTime && reset >= t.endTime)) continue;
      this.leaderboards.ranks.forget(board.id, reset);
      if ((await claim(board.id, reset, 'reset')) !== 1 || !this.onReset) continue;
      const ended = deadlines(t, board.resetSchedule, new Date(reset.getTime() - 1));
      try {
        await this.onReset(this.view(board, new Date(reset.getTime() - 1)), ended.endActive, reset);
      } catch (err) {
        this.logger.error('tournament reset hook failed', { tournamentId: board.id, err });
      }
    }
    const ending = await this.db.query<BoardRow>(
      `SELECT * FROM leaderboard l WHERE duration > 0 AND end_time <= $1 AND end_time >= create_time
         AND NOT EXISTS (SELECT 1 FROM leaderboard_reset r WHERE r.leaderboard_id = l.id AND r.kind = 'end')`, [now]);
    for (const row of ending) {
      const board = boardOf(row);
      const end = board.tournament!.endTime!;
      this.leaderboards.ranks.forget(board.id, end);
      if ((await claim(board.id, end, 'end')) !== 1 || !this.onEnd) continue;
      try {
        await this.onEnd(this.view(board, new Date(end.getTime() - 1)), end, board.resetSchedule ? nextReset(board.resetSchedule, end) : null);
      } catch (err) {
        this.logger.error('tournament end hook failed', { tournamentId: board.id, err });
      }
    }
  }
}
