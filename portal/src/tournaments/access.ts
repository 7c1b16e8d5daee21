// Who sees a tournament: everyone while it is live; once deleted, its creator only.
import { notFound, type Queryable } from '@tribuna/server';
import { lockTournament, type TournamentHead } from './store.ts';

export const TOURNAMENT_NOT_FOUND = 'Турнир не найден.';
export const TOURNAMENT_DELETED = 'Турнир удалён.';

/**
 * The tournament, its row locked until the transaction ends (see lockTournament for the mode). NotFound
 * when there is none, or when it is deleted and the caller is not its creator.
 */
export async function lockVisible(q: Queryable, id: string, userId: string, mode: 'update' | 'share'): Promise<TournamentHead> {
  const t = await lockTournament(q, id, mode);
  if (!t || (t.deleted && t.creator_id !== userId)) throw notFound(TOURNAMENT_NOT_FOUND);
  return t;
}
