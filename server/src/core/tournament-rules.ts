// Tournaments' rules for writes and joins, shared by leaderboard writes (core/leaderboards.ts) and
// core/tournaments.ts: the active window, the join a tournament may require, and its size per period.
import type { Db } from '../db/index.ts';
import { failedPrecondition, invalid, notFound } from '../errors.ts';
import { COLUMNS, deadlines, isActive, type Leaderboard, type RecordRow } from './leaderboard-rules.ts';

/** Which boards a call takes: plain leaderboards, tournaments, or either (listings). */
export type BoardKind = 'leaderboard' | 'tournament' | 'any';
export const TOURNAMENT_NOT_FOUND = 'Tournament not found.';
export const TOURNAMENT_AUTHORITATIVE = 'Tournament only allows authoritative submissions.';
/** @internal */
export const NOT_ACTIVE_WRITE = 'Tournament is not active and cannot accept new scores.';
export const NOT_ACTIVE_JOIN = 'Tournament is not active and cannot accept new joins.';
/** @internal */
export const MUST_JOIN = 'Must join tournament before attempting to write value.';
/** @internal */
export const FULL = 'Tournament cannot be joined as it has reached its max size.';
export const MAX_ATTEMPTS = 'Reached allowed max number of score attempts.';

/**
 * Enters an owner in a tournament's period: a record without a score (num_score 0) and a place in the
 * period's size, both or neither. The new record, or undefined when the owner was in already.
 */
export async function enterTournament(db: Db, board: Leaderboard, ownerId: string, username: string | null, expiry: Date, now: Date,
): Promise<RecordRow | undefined> {
  const t = board.tournament!;
  return db.tx(async (q) => {
    let inserted: RecordRow | undefined;
    try {
      [inserted] = await q.query<RecordRow>(
        `INSERT INTO leaderboard_record (leaderboard_id, owner_id, username, num_score, max_num_score, expiry_time, create_time, update_time)
         VALUES ($1, $2, $3, 0, $4, $5, $6, $6) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [board.id, ownerId, username, t.maxNumScore || 1000000, expiry, now]);
    } catch (err) {
      // Deleted meanwhile (on another node, whose cache still held it).
      if ((err as { code?: string }).code === '23503') throw notFound(TOURNAMENT_NOT_FOUND);
      throw err;
    }
    if (!inserted) return undefined;
    const counted = await q.execute(
      `UPDATE leaderboard SET size = CASE WHEN size_expiry = $2 THEN size + 1 ELSE 1 END, size_expiry = $2
       WHERE id = $1 AND (size_expiry <> $2 OR max_size = 0 OR size < max_size)`,
      [board.id, expiry]);
    if (!counted) throw invalid(FULL);
    return inserted;
  });
}

/**
 * Before a tournament write: refused outside the active window, and without a join when one is required;
 * a first write to a tournament that requires none enters the owner (and counts towards the size).
 */
export async function checkTournamentWrite(db: Db, board: Leaderboard, ownerId: string, username: string | null, expiry: Date, now: Date): Promise<void> {
  const t = board.tournament!;
  if (!isActive(deadlines(t, board.resetSchedule, now), now)) throw failedPrecondition(NOT_ACTIVE_WRITE);
  const [own] = await db.query<{ n: number }>(
    'SELECT num_score AS n FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 AND owner_id = $3', [board.id, expiry, ownerId]);
  if (own) return;
  if (t.joinRequired) throw failedPrecondition(MUST_JOIN);
  await enterTournament(db, board, ownerId, username, expiry, now);
}
