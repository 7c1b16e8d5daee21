// A cup's bracket: built by the tournament's creator from its confirmed teams (single elimination, byes
// for the top seeds when the count is not a power of two, an optional third-place match), with an
// ordinary match for each slot whose two teams are known. Confirmed results move it on (results.ts).
import { z } from 'zod';
import { failedPrecondition, invalid } from '@tribuna/server';
import { instantField, rpc, uuid } from '../lib/rpc.ts';
import { confirmedTeams, lockOwnTournament, requireVisible } from './access.ts';
import { BRACKET_HAS_RESULTS, createBracket, getBracket } from './bracket.ts';
import { syncBracketMatches } from './bracket-sync.ts';
import { seedTeams } from './seeding.ts';

/** The most teams a bracket takes. */
const MAX_TEAMS = 128;

const seeding = z.enum(['random', 'rating', 'order'], {
  error: "ожидалось 'random' (жеребьёвка), 'rating' (по рейтингу команд) или 'order' (в порядке заявок).",
});

export const bracketRpcs = [
  // The tournament's creator, for a live cup (type 0) with 2 to 128 confirmed teams (4 for a third-place
  // match), while no match of the cup has a result (reported included): building it again replaces the
  // bracket and its matches. seeding: a draw, by the teams' rating, or in the order they joined. The
  // first round plays at start_time (default: the tournament's start), each later round a week after the
  // round before it. Answers the bracket as get_bracket does.
  rpc(
    'generate_bracket',
    'registered',
    z.object({
      tournament_id: uuid,
      seeding: seeding.default('random'),
      third_place: z.boolean({ error: 'ожидалось true или false.' }).default(false),
      start_time: instantField.optional(),
    }),
    async ({ input, userId, nk }) =>
      nk.db.tx(async (q) => {
        const t = await lockOwnTournament(q, input.tournament_id, userId, 0);
        const played = await q.query('SELECT 1 FROM match WHERE tournament_id = $1 AND bracket_slot IS NOT NULL AND result_state <> $2 LIMIT 1', [
          t.id,
          'none',
        ]);
        if (played.length) throw failedPrecondition(BRACKET_HAS_RESULTS);
        const teams = await confirmedTeams(q, t.id);
        if (teams.length > MAX_TEAMS) throw invalid(`В кубке может быть не больше ${MAX_TEAMS} команд.`);
        await createBracket(q, t.id, seedTeams(teams, input.seeding), { thirdPlace: input.third_place });
        await q.execute('DELETE FROM match WHERE tournament_id = $1 AND bracket_slot IS NOT NULL', [t.id]);
        await syncBracketMatches(q, t.id, t.creator_id, [], () => nk.uuid(), input.start_time ?? t.start_time);
        return bracketAnswer(q, t.id);
      }),
    { limit: 'write' },
  ),

  // Anyone (a deleted tournament: its creator). Rounds from the first to the final (the third-place match
  // in the final's round); each slot with its teams, winner, scores, penalties and match (null until both
  // teams are known, and for a bye). No bracket yet: no rounds.
  rpc('get_bracket', 'public', z.object({ tournament_id: uuid }), async ({ input, userId, nk }) => {
    await requireVisible(nk.db, input.tournament_id, userId);
    return bracketAnswer(nk.db, input.tournament_id);
  }),
];

async function bracketAnswer(q: Parameters<typeof getBracket>[0], tournamentId: string) {
  const [bracket, rows] = await Promise.all([
    getBracket(q, tournamentId),
    q.query<{ id: string; bracket_slot: number }>('SELECT id, bracket_slot FROM match WHERE tournament_id = $1 AND bracket_slot IS NOT NULL', [
      tournamentId,
    ]),
  ]);
  const matchOf = new Map(rows.map((r) => [r.bracket_slot, r.id]));
  return {
    rounds: (bracket?.rounds ?? []).map((r) => ({
      round: r.round,
      matches: r.matches.map((m) => ({ match_id: matchOf.get(m.slot) ?? null, ...m })),
    })),
  };
}
