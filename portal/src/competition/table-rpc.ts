// A tournament's table and its players' numbers, counted when asked from confirmed results and the
// events of confirmed matches (stats-store.ts), so every confirmation and correction shows at once.
import { z } from 'zod';
import { limit, rpc, uuid } from '../lib/rpc.ts';
import { requireVisible } from './access.ts';
import { standings } from './standings.ts';
import { standingsInput, topScorers } from './stats-store.ts';

export const tableRpcs = [
  // Anyone (a deleted tournament: its creator). Every confirmed team, by points (3 a win, 1 a draw), ties
  // settled by the games between the tied teams, then goal difference, goals, cards and name; each row
  // names the rule that placed it (placed_by, and placed_by_text in Russian). A team that left the
  // tournament takes its results with it.
  rpc('get_standings', 'public', z.object({ tournament_id: uuid }), async ({ input, userId, nk }) => {
    await requireVisible(nk.db, input.tournament_id, userId);
    const { teams, results, cards } = await standingsInput(nk.db, input.tournament_id);
    const names = new Map(teams.map((t) => [t.id, t.name]));
    return { standings: standings(teams, results, cards).map((row) => ({ ...row, team_name: names.get(row.team_id)! })) };
  }),

  // Anyone (a deleted tournament: its creator). The tournament's players by goals, then assists, then
  // name: goals, assists, appearances and cards in its confirmed matches; limit 20 by default, at most 100.
  rpc('list_top_scorers', 'public', z.object({ tournament_id: uuid, limit: limit(20) }), async ({ input, userId, nk }) => {
    await requireVisible(nk.db, input.tournament_id, userId);
    return { scorers: await topScorers(nk.db, input.tournament_id, input.limit) };
  }),
];
