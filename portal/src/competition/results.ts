// A match's result and what follows from it. States: 'none' → 'reported' (by a manager of one team) →
// 'confirmed' (by a manager of the other team or the tournament's creator) or 'disputed' (by the same,
// with a comment); a new report puts a disputed result back to 'reported'. The tournament's creator
// enters results confirmed at once and corrects confirmed ones; a manager of both teams is both sides,
// so their report is confirmed at once too. A confirmed friendly (no tournament) is corrected by a new
// report of either side, which puts it back to 'reported' for the other side to confirm again.
//
// Only confirmed results count: a change that makes a result count or stop counting recounts the
// players named in the match's events; a confirmed cup result moves the bracket on (and a correction
// that changes the winner, when forced, clears later results) and the cup's matches follow the bracket.
import { failedPrecondition, invalid, notFound, type Queryable } from '@tribuna/server';
import { getMatch, lockMatch, MATCH_NOT_FOUND, type Match, type ResultState } from '../matches/index.ts';
import { lockTournament } from '../tournaments/index.ts';
import { PENALTIES_DRAWN, PENALTIES_NEEDED, PENALTIES_NOT_DRAWN, reportWinner } from './bracket.ts';
import { syncBracketMatches } from './bracket-sync.ts';
import { playersOfMatches, recountPlayers } from './stats-store.ts';

const PENALTIES_CUP_ONLY = 'Серия пенальти бывает только в кубковых матчах.';
const PENALTIES_BOTH = 'Укажите счёт серии пенальти обеих команд.';

export interface Score {
  home_score: number;
  guest_score: number;
  home_penalties?: number;
  guest_penalties?: number;
}

/** What a result's rules read of the match's tournament; null for a friendly. */
export interface TournamentHead {
  id: string;
  creator_id: string;
}

/**
 * The match, locked, with its tournament (locked first: the bracket's changes lock it, and every
 * transaction takes the tournament before its matches). NotFound when there is no match.
 */
export async function lockForResult(q: Queryable, matchId: string): Promise<{ match: Match; tournament: TournamentHead | null }> {
  const first = await getMatch(q, matchId);
  if (!first) throw notFound(MATCH_NOT_FOUND);
  const t = first.tournament_id ? await lockTournament(q, first.tournament_id, 'update') : undefined;
  await lockMatch(q, matchId);
  const match = await getMatch(q, matchId);
  if (!match) throw notFound(MATCH_NOT_FOUND);
  // A match moved into another tournament between the reads is not a case: tournament_id never changes.
  return { match, tournament: t ? { id: t.id, creator_id: t.creator_id } : null };
}

/** Refuses a score that the match cannot end with: a cup match is not drawn, penalties only in a drawn cup match. */
export function checkScore(match: Match, s: Score): void {
  const cup = match.bracket_slot !== undefined;
  const penalties = s.home_penalties !== undefined || s.guest_penalties !== undefined;
  if (penalties && !cup) throw invalid(PENALTIES_CUP_ONLY);
  if (!cup) return;
  if (s.home_score !== s.guest_score) {
    if (penalties) throw invalid(PENALTIES_NOT_DRAWN);
    return;
  }
  if (!penalties) throw invalid(PENALTIES_NEEDED);
  if (s.home_penalties === undefined || s.guest_penalties === undefined) throw invalid(PENALTIES_BOTH);
  if (s.home_penalties === s.guest_penalties) throw invalid(PENALTIES_DRAWN);
}

export interface ResultChange {
  state: ResultState;
  score?: Score;
  reportedBy?: string | null;
  reportedTeam?: string | null;
  comment?: string | null;
}

/** Writes a result's state (and, when given, its score, reporter and comment). */
export async function writeResult(q: Queryable, matchId: string, c: ResultChange): Promise<void> {
  if (c.score) {
    await q.execute(
      `UPDATE match SET result_state = $2, home_score = $3, guest_score = $4, home_penalties = $5, guest_penalties = $6,
         result_reported_by = $7, result_reported_team = $8, result_comment = NULL, result_time = now(), update_time = now()
       WHERE id = $1`,
      [matchId, c.state, c.score.home_score, c.score.guest_score, c.score.home_penalties ?? null, c.score.guest_penalties ?? null, c.reportedBy ?? null, c.reportedTeam ?? null],
    );
  } else {
    await q.execute('UPDATE match SET result_state = $2, result_comment = $3, result_time = now(), update_time = now() WHERE id = $1', [
      matchId,
      c.state,
      c.comment ?? null,
    ]);
  }
}

const counts = (m: Match) => m.result_state === 'confirmed';

/**
 * What follows a result's change from `before` to `after` (both read in the transaction): the bracket
 * and the cup's matches, and players' totals. Answers the other matches it changed, for their feeds.
 */
export async function followResult(q: Queryable, before: Match, after: Match, opts: { force: boolean; newId: () => string }): Promise<string[]> {
  let changed: string[] = [];
  const scoreChanged =
    before.home_score !== after.home_score ||
    before.guest_score !== after.guest_score ||
    before.home_penalties !== after.home_penalties ||
    before.guest_penalties !== after.guest_penalties;
  if (after.bracket_slot !== undefined && after.tournament_id && counts(after) && (!counts(before) || scoreChanged)) {
    const outcome = await reportWinner(
      q,
      after.tournament_id,
      after.bracket_slot,
      { homeScore: after.home_score!, guestScore: after.guest_score!, homePenalties: after.home_penalties, guestPenalties: after.guest_penalties },
      { force: opts.force },
    );
    const [{ creator_id }] = await q.query<{ creator_id: string }>('SELECT creator_id FROM tournament WHERE id = $1', [after.tournament_id]);
    changed = (await syncBracketMatches(q, after.tournament_id, creator_id, outcome.cleared, opts.newId)).changed.filter((id) => id !== after.id);
  }
  if (counts(before) !== counts(after)) await recountPlayers(q, await playersOfMatches(q, [after.id]));
  return changed;
}

/** Refuses when the match has no result waiting for confirmation. */
export function requireReported(m: Match): void {
  if (m.result_state !== 'reported') throw failedPrecondition('Результат матча не ждёт подтверждения.');
}

/** The score as the notifications quote it: «2:1», with penalties «1:1 (пен. 4:3)». */
export function scoreText(m: Pick<Match, 'home_score' | 'guest_score' | 'home_penalties' | 'guest_penalties'>): string {
  const main = `${m.home_score}:${m.guest_score}`;
  return m.home_penalties === undefined ? main : `${main} (пен. ${m.home_penalties}:${m.guest_penalties})`;
}
