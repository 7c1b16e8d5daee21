// A deleted match takes its events with it: when its result was confirmed, the players they named are
// recounted, in the deleting transaction (a step of the match's life, matches/life.ts).
import { matchLife, type DeletingStep } from '../matches/index.ts';
import { playersOfMatches, recountPlayers } from './stats-store.ts';

const recountItsPlayers: DeletingStep = async (q, match) => {
  // Read before the events go.
  const players = match.result_state === 'confirmed' ? await playersOfMatches(q, [match.id]) : [];
  return () => recountPlayers(q, players);
};

export function registerDeletedMatchStep(): void {
  matchLife.onDeleted(recountItsPlayers);
}
