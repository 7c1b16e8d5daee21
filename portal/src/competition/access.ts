// Who may run a tournament's competition: its creator builds the schedule and the bracket of a live
// tournament of the right type; everyone reads its matches, bracket, table and scorers (a deleted
// tournament's only its creator).
import { failedPrecondition, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { lockTournament, TOURNAMENT_DELETED, TOURNAMENT_NOT_FOUND, type TournamentHead } from '../tournaments/index.ts';

const CREATOR_ONLY = 'Расписание и сетку турнира составляет только его создатель.';
const WRONG_TYPE: Record<number, string> = {
  0: 'Сетка строится только для кубкового турнира.',
  1: 'Расписание по круговой системе строится только для кругового турнира.',
};

/** The tournament, locked for a change by its creator; it must be live and of the given type (0 cup, 1 round robin). */
export async function lockOwnTournament(q: Queryable, id: string, userId: string, type: 0 | 1): Promise<TournamentHead> {
  const t = await lockTournament(q, id, 'update');
  if (!t || (t.deleted && t.creator_id !== userId)) throw notFound(TOURNAMENT_NOT_FOUND);
  if (t.creator_id !== userId) throw permissionDenied(CREATOR_ONLY);
  if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
  const [{ tournament_type }] = await q.query<{ tournament_type: number }>('SELECT tournament_type FROM tournament WHERE id = $1', [id]);
  if (tournament_type !== type) throw failedPrecondition(WRONG_TYPE[type]);
  return t;
}

/** NotFound unless the tournament exists and is live, or the caller created it. */
export async function requireVisible(q: Queryable, id: string, userId: string): Promise<void> {
  const rows = await q.query<{ creator_id: string; deleted: boolean }>(
    'SELECT creator_id, delete_time IS NOT NULL AS deleted FROM tournament WHERE id = $1',
    [id],
  );
  if (!rows.length || (rows[0].deleted && rows[0].creator_id !== userId)) throw notFound(TOURNAMENT_NOT_FOUND);
}

/** The tournament's confirmed teams in the order they joined, with their ratings (for seeding). */
export async function confirmedTeams(q: Queryable, tournamentId: string): Promise<{ id: string; rating: number }[]> {
  return q.query<{ id: string; rating: number }>(
    `SELECT l.team_id AS id, tm.rating::float8 AS rating FROM team_tournament l JOIN team tm ON tm.id = l.team_id
     WHERE l.tournament_id = $1 AND l.is_confirmed ORDER BY l.create_time, l.id`,
    [tournamentId],
  );
}
