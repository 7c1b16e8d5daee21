// Match results: reported by one side, confirmed or disputed by the other or by the tournament's creator,
// entered and corrected by the tournament's creator (the rules are at the head of results.ts). Each
// change is told to the people who act next and sent on the match's live feed after the commit.
import { z } from 'zod';
import { failedPrecondition, permissionDenied, type Nk, type NkTx } from '@tribuna/server';
import { rpc, textField, uuid } from '../lib/rpc.ts';
import { getMatch, managesEither, sidesOf, type Match } from '../matches/index.ts';
import { notifications, notify } from '../notifications/index.ts';
import { isManager, teamManagers } from '../teams/index.ts';
import { publish, resultMessage } from './live.ts';
import { checkScore, followResult, lockForResult, requireReported, scoreText, writeResult, type ResultChange } from './results.ts';

const REPORTERS_ONLY = 'Сообщить результат матча может владелец или администратор одной из команд либо организатор турнира.';
const CONFIRMERS_ONLY = 'Подтвердить или оспорить результат может владелец или администратор команды соперника либо организатор турнира.';
const ORGANIZER_CORRECTS = 'Подтверждённый результат матча турнира исправляет только организатор турнира.';
const COMMENT_LIMIT = 500;

const SCORE = 'ожидалось целое число от 0 до 99.';
const goals = z.number({ error: SCORE }).int(SCORE).min(0, SCORE).max(99, SCORE);
const comment = z
  .string({ error: (iss) => (iss.input === undefined ? 'укажите, что не так с результатом.' : 'ожидалась строка.') })
  .pipe(textField(COMMENT_LIMIT))
  .refine((s) => s.length > 0, 'укажите, что не так с результатом.');

const names = (m: Match) => [m.owner_team?.name ?? m.owner_team_id, m.guest_team?.name ?? m.guest_team_id] as const;

/** Sends the match's result, and that of each other match the change moved, on their feeds after the commit. */
async function publishAfter(tnk: NkTx, nk: Nk, match: Match, others: string[]): Promise<void> {
  const moved = (await Promise.all(others.map((id) => getMatch(tnk.db, id)))).filter((m): m is Match => !!m);
  tnk.afterCommit(() => {
    for (const m of [match, ...moved]) publish(nk, resultMessage(m));
  });
}

export const resultRpcs = [
  // A manager of either team, or the tournament's creator. The creator's result is confirmed at once (a
  // correction of a cup match that changes its winner after later matches were played needs force, and
  // then clears their results); so is the report of a manager of both teams. Anyone else's is reported
  // for the other team, whose managers are told; a confirmed tournament result is the creator's to
  // correct (9). A drawn cup match needs the penalty shoot-out; other matches take no penalties.
  rpc(
    'set_match_result',
    'registered',
    z.object({
      match_id: uuid,
      home_score: goals,
      guest_score: goals,
      home_penalties: goals.optional(),
      guest_penalties: goals.optional(),
      force: z.boolean({ error: 'ожидалось true или false.' }).default(false),
    }),
    async ({ input, userId, nk }) =>
      nk.tx(async (tnk) => {
        const q = tnk.db;
        const { match, tournament } = await lockForResult(q, input.match_id);
        const organizer = tournament?.creator_id === userId;
        const sides = await sidesOf(q, match.owner_team_id, match.guest_team_id, userId);
        if (!organizer && !managesEither(sides)) throw permissionDenied(REPORTERS_ONLY);
        const { home_score, guest_score, home_penalties, guest_penalties } = input;
        const score = { home_score, guest_score, home_penalties, guest_penalties };
        checkScore(match, score);
        let change: ResultChange;
        if (organizer || (sides.home.managed && sides.guest.managed)) {
          change = { state: 'confirmed', score, reportedBy: userId, reportedTeam: null };
        } else {
          if (match.result_state === 'confirmed' && tournament) throw failedPrecondition(ORGANIZER_CORRECTS);
          change = { state: 'reported', score, reportedBy: userId, reportedTeam: sides.home.managed ? sides.home.id : sides.guest.id };
        }
        await writeResult(q, match.id, change);
        const after = (await getMatch(q, match.id))!;
        const others = await followResult(q, match, after, { force: organizer && input.force, newId: () => nk.uuid() });
        const [home, guest] = names(after);
        if (change.state === 'reported') {
          const other = change.reportedTeam === after.owner_team_id ? after.guest_team_id : after.owner_team_id;
          await notify(tnk, await teamManagers(q, other), notifications.matchResultReported(after, home, guest, scoreText(after)), userId);
        } else if (organizer) {
          const managers = (await Promise.all([teamManagers(q, after.owner_team_id), teamManagers(q, after.guest_team_id)])).flat();
          await notify(tnk, managers, notifications.matchResultConfirmed(after, home, guest, scoreText(after)), userId);
        }
        await publishAfter(tnk, nk, after, others);
        return after;
      }),
    { limit: 'write' },
  ),

  // A manager of the team that did not report the result, or the tournament's creator; only a result
  // waiting for confirmation (9 otherwise). Whoever reported it is told.
  rpc('confirm_match_result', 'registered', z.object({ match_id: uuid }), async ({ input, userId, nk }) =>
    nk.tx(async (tnk) => {
      const q = tnk.db;
      const { match, tournament } = await lockForResult(q, input.match_id);
      await requireConfirmer(q, match, tournament?.creator_id === userId, userId);
      requireReported(match);
      await writeResult(q, match.id, { state: 'confirmed' });
      const after = (await getMatch(q, match.id))!;
      const others = await followResult(q, match, after, { force: false, newId: () => nk.uuid() });
      const [home, guest] = names(after);
      if (after.result_reported_by) {
        await notify(tnk, [after.result_reported_by], notifications.matchResultConfirmed(after, home, guest, scoreText(after)), userId);
      }
      await publishAfter(tnk, nk, after, others);
      return after;
    }), { limit: 'write' }),

  // The same people as confirm_match_result, with a comment of 1 to 500 characters, for a result waiting
  // for confirmation. The tournament's creator is told (for a friendly: whoever reported it); a new
  // report by either side, or the creator's result, settles it.
  rpc('dispute_match_result', 'registered', z.object({ match_id: uuid, comment }), async ({ input, userId, nk }) =>
    nk.tx(async (tnk) => {
      const q = tnk.db;
      const { match, tournament } = await lockForResult(q, input.match_id);
      await requireConfirmer(q, match, tournament?.creator_id === userId, userId);
      requireReported(match);
      await writeResult(q, match.id, { state: 'disputed', comment: input.comment });
      const after = (await getMatch(q, match.id))!;
      const [home, guest] = names(after);
      const to = tournament ? [tournament.creator_id] : after.result_reported_by ? [after.result_reported_by] : [];
      await notify(tnk, to, notifications.matchResultDisputed(after, home, guest, input.comment), userId);
      await publishAfter(tnk, nk, after, []);
      return after;
    }), { limit: 'write' }),
];

/** The tournament's creator, or a manager of the team other than the one the result was reported for. */
async function requireConfirmer(q: NkTx['db'], match: Match, organizer: boolean, userId: string): Promise<void> {
  if (organizer) return;
  const reported = match.result_reported_team;
  const others = [match.owner_team_id, match.guest_team_id].filter((t) => t !== reported);
  for (const team of others) if (await isManager(q, team, userId)) return;
  throw permissionDenied(CONFIRMERS_ONLY);
}
