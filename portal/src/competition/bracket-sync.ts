// A cup's matches follow its bracket: each slot whose two teams are known (and that is no bye) has one
// ordinary match, marked with the tournament, round and slot. Called in the transaction that changed
// the bracket, under the tournament's lock:
// - a slot that got both its teams gets its match, a week after the latest match of the round before
//   (or with its own round's), or a week from now; the tournament's creator may move it;
// - a slot whose teams changed (a forced correction moved another winner in) keeps its match with the
//   new teams, its result cleared and the events of the team that left it removed;
// - a slot whose result the bracket cleared has its match's result cleared;
// - a slot that lost a team has its match removed, with its events.
// Players named in the events of a match that was confirmed and is no longer are recounted.
import type { Queryable } from '@tribuna/server';
import { getBracket, type BracketMatch } from './bracket.ts';
import { playersOfMatches, recountPlayers } from './stats-store.ts';

/** Days between a cup's rounds when the next match is made. */
const ROUND_GAP_DAYS = 7;
const DAY_MS = 86_400_000;

interface SlotRow {
  id: string;
  owner_team_id: string;
  guest_team_id: string;
  bracket_slot: number;
  round: number;
  match_time: Date;
  result_state: string;
}

export interface SyncOutcome {
  /** Matches made, changed or cleared: their pages hear of it. */
  changed: string[];
}

const ready = (m: BracketMatch) => !m.bye && m.home_team_id !== null && m.guest_team_id !== null;

/**
 * Brings the cup's matches in line with its bracket. `start`: when a new bracket's first round plays
 * (later rounds a week apart); without it, a new match follows the matches before it.
 */
export async function syncBracketMatches(
  q: Queryable,
  tournamentId: string,
  creatorId: string,
  cleared: readonly number[],
  newId: () => string,
  start?: Date,
): Promise<SyncOutcome> {
  const bracket = await getBracket(q, tournamentId);
  const rows = await q.query<SlotRow>(
    `SELECT id, owner_team_id, guest_team_id, bracket_slot, round, match_time, result_state FROM match
     WHERE tournament_id = $1 AND bracket_slot IS NOT NULL FOR NO KEY UPDATE`,
    [tournamentId],
  );
  const bySlot = new Map(rows.map((r) => [r.bracket_slot, r]));
  const changed: string[] = [];
  // Players of a confirmed match that stops counting, read before its events go.
  const players: string[] = [];
  const uncount = async (row: SlotRow) => {
    if (row.result_state === 'confirmed') players.push(...(await playersOfMatches(q, [row.id])));
  };
  const latest = (round: number) =>
    rows.filter((r) => r.round === round).reduce<number | null>((t, r) => Math.max(t ?? 0, r.match_time.getTime()), null);
  /** A week after the round before, or with the round's other matches, or from the start. */
  const timeOf = (round: number) => {
    const before = latest(round - 1);
    if (before !== null) return before + ROUND_GAP_DAYS * DAY_MS;
    const same = latest(round);
    if (same !== null) return same;
    return (start?.getTime() ?? Date.now() + ROUND_GAP_DAYS * DAY_MS) + (round - 1) * ROUND_GAP_DAYS * DAY_MS;
  };

  for (const { round, matches } of bracket?.rounds ?? []) {
    for (const slot of matches) {
      const row = bySlot.get(slot.slot);
      bySlot.delete(slot.slot);
      if (!ready(slot)) {
        if (row) {
          await uncount(row);
          await q.execute('DELETE FROM match WHERE id = $1', [row.id]);
        }
        continue;
      }
      const [home, guest] = [slot.home_team_id!, slot.guest_team_id!];
      if (!row) {
        const time = new Date(timeOf(round));
        const id = newId();
        await q.execute(
          `INSERT INTO match (id, owner_team_id, guest_team_id, match_time, creator_id, tournament_id, round, bracket_slot)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, home, guest, time, creatorId, tournamentId, round, slot.slot],
        );
        rows.push({ id, owner_team_id: home, guest_team_id: guest, bracket_slot: slot.slot, round, match_time: time, result_state: 'none' });
        changed.push(id);
        continue;
      }
      const moved = row.owner_team_id !== home || row.guest_team_id !== guest;
      if (!moved && !(cleared.includes(slot.slot) && row.result_state !== 'none')) continue;
      await uncount(row);
      if (moved) {
        await q.execute('DELETE FROM match_event WHERE match_id = $1 AND team_id <> ALL($2::uuid[])', [row.id, [home, guest]]);
      }
      await q.execute(
        `UPDATE match SET owner_team_id = $2, guest_team_id = $3, result_state = 'none', home_score = NULL, guest_score = NULL,
           home_penalties = NULL, guest_penalties = NULL, result_reported_by = NULL, result_reported_team = NULL, result_comment = NULL,
           result_time = NULL, update_time = now()
         WHERE id = $1`,
        [row.id, home, guest],
      );
      changed.push(row.id);
    }
  }
  // Matches of slots the bracket no longer has (a bracket made anew).
  for (const row of bySlot.values()) {
    await uncount(row);
    await q.execute('DELETE FROM match WHERE id = $1', [row.id]);
  }
  await recountPlayers(q, players);
  return { changed };
}
