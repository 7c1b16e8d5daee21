// A new team starts with one formation, its default (stored as `default`, shown as «Основная»).
import { teamLife, type TeamCreated, type TxStep } from '../teams/index.ts';
import { createFormation, DEFAULT_FORMATION } from './store.ts';

const defaultFormation: TxStep<TeamCreated> = async (q, nk, team) => {
  await createFormation(q, nk.uuid(), team.id, DEFAULT_FORMATION, true);
};

export function registerDefaultFormation(): void {
  teamLife.onCreated(defaultFormation);
}
