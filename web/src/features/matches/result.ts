// A match's result in words: its state's Russian label and the score as the board shows it, with a
// drawn cup match's penalty shoot-out after it («1 : 1 (пен. 4 : 5)»).
import type { Match, ResultState } from '@tribuna/portal/types';

const STATE_LABELS: Record<ResultState, string> = {
  none: 'Результата пока нет',
  reported: 'Ждёт подтверждения',
  confirmed: 'Подтверждён',
  disputed: 'Оспорен',
};

export const resultStateLabel = (state: ResultState): string => STATE_LABELS[state];

type Score = Pick<Match, 'home_score' | 'guest_score' | 'home_penalties' | 'guest_penalties'>;

/** The score, or null when there is none yet. */
export function scoreText(m: Score): string | null {
  if (m.home_score === undefined || m.guest_score === undefined) return null;
  const base = `${m.home_score} : ${m.guest_score}`;
  if (m.home_penalties === undefined || m.guest_penalties === undefined) return base;
  return `${base} (пен. ${m.home_penalties} : ${m.guest_penalties})`;
}

/** A score field's value when it is a whole number 0–99, else null. */
export function parseScore(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  return Number(text.trim());
}
