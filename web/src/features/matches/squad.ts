// The squad editor's pure part: who is picked, in roster order, and who is picked without answering «Приду».
import type { AttendanceStatus } from '@tribuna/portal/types';

export interface SquadCandidate {
  player_id: string;
  user_id: string;
  status: AttendanceStatus | null;
}

/** The players whose owner answered «Приду». */
export function comingPlayers(candidates: readonly SquadCandidate[]): string[] {
  return candidates.filter((c) => c.status === 'yes').map((c) => c.player_id);
}

/** The picked players in the roster's order (the order the squad is saved in). */
export function orderedPick(candidates: readonly SquadCandidate[], picked: ReadonlySet<string>): string[] {
  return candidates.filter((c) => picked.has(c.player_id)).map((c) => c.player_id);
}

/** Picked players whose owner did not answer «Приду»: allowed, with a warning. */
export function pickWarnings(candidates: readonly SquadCandidate[], picked: ReadonlySet<string>): number {
  return candidates.filter((c) => picked.has(c.player_id) && c.status !== 'yes').length;
}
