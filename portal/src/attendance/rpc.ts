// Who is coming: members answer «Приду», «Не приду» or «Под вопросом» to a team event or a match (for a
// match, members of either team, each for their own team), until the team's deadline or the start; the
// members see everyone's answers and who has not answered; managers set the deadline. A reminder mail's
// link answers for its member without a session (link-token.ts).
import { z } from 'zod';
import { failedPrecondition, invalid, permissionDenied, type Nk, type Queryable } from '@tribuna/server';
import { clock } from '../lib/clock.ts';
import { instantField, lineField, rpc, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { verifyLink } from './link-token.ts';
import { closeTime, deadlineOf, membersAnswers, saveAnswer, setDeadline, STATUSES, type Status } from './store.ts';
import { actingTeam, loadTarget, loadTargetOf, standingIn, type Target } from './targets.ts';

const status = z.enum(STATUSES, { error: "ожидалось 'yes' (приду), 'no' (не приду) или 'maybe' (под вопросом)." });
const comment = lineField(TEXT_LIMITS.attendanceComment).nullish();
const target = { event_id: uuid.optional(), match_id: uuid.optional(), team_id: uuid.optional() };

const idOf = (t: Target) => (t.kind === 'event' ? { event_id: t.id } : { match_id: t.id });

/** Refuses an answer once answers to the target are closed for the team. */
async function requireOpen(q: Queryable, t: Target, teamId: string): Promise<void> {
  const deadline = await deadlineOf(q, t.kind, t.id, teamId);
  if (clock.now() < closeTime(t.start, deadline).getTime()) return;
  if (deadline && deadline < t.start) throw failedPrecondition('Приём ответов закрыт: срок ответа истёк.');
  throw failedPrecondition(t.kind === 'event' ? 'Приём ответов закрыт: событие уже началось.' : 'Приём ответов закрыт: матч уже начался.');
}

/** People as the web names them: the name they chose, else their username. */
async function namesOf(nk: Nk, ids: string[]): Promise<Map<string, string>> {
  const users = ids.length ? await nk.usersGetId(ids) : [];
  return new Map(users.map((u) => [u.userId, u.displayName || u.username]));
}

const byName = (names: Map<string, string>) => (a: { user_id: string }, b: { user_id: string }) =>
  (names.get(a.user_id) ?? '').localeCompare(names.get(b.user_id) ?? '', 'ru') || a.user_id.localeCompare(b.user_id);

async function saveChecked(q: Queryable, t: Target, teamId: string, userId: string, s: Status, text: string | null | undefined) {
  await requireOpen(q, t, teamId);
  return { ...idOf(t), team_id: teamId, ...(await saveAnswer(q, t.kind, t.id, teamId, userId, s, text ?? '')) };
}

export const attendanceRpcs = [
  // Members of the event's team, or of either team of the match (for their own team; team_id says which
  // when they are in both), until the team's deadline or the start. A new answer replaces the last.
  rpc(
    'set_attendance',
    'registered',
    z.object({ ...target, status, comment }),
    async ({ input, userId, nk }) => {
      const t = await loadTargetOf(nk.db, input);
      const teamId = await actingTeam(nk.db, t, userId, input.team_id, 'member');
      return saveChecked(nk.db, t, teamId, userId, input.status, input.comment);
    },
    { limit: 'write' },
  ),

  // Members of the team (as in set_attendance): every member's answer, who has not answered, the counts
  // and when answers close. Answers of people no longer in the team are left out.
  rpc('list_attendance', 'registered', z.object(target), async ({ input, userId, nk }) => {
    const t = await loadTargetOf(nk.db, input);
    const teamId = await actingTeam(nk.db, t, userId, input.team_id, 'member');
    const [members, deadline] = await Promise.all([membersAnswers(nk.db, t.kind, t.id, teamId), deadlineOf(nk.db, t.kind, t.id, teamId)]);
    const names = await namesOf(nk, members.map((m) => m.user_id));
    const answered = members.flatMap((m) => (m.answer ? [m.answer] : [])).sort(byName(names));
    const waiting = members.filter((m) => !m.answer).sort(byName(names));
    const closes = closeTime(t.start, deadline);
    const count = (s: Status) => answered.filter((a) => a.status === s).length;
    const own = answered.find((a) => a.user_id === userId);
    return {
      ...idOf(t),
      team_id: teamId,
      start_time: t.start.toISOString(),
      deadline: deadline?.toISOString() ?? null,
      closes_at: closes.toISOString(),
      open: clock.now() < closes.getTime(),
      attendance: answered.map((a) => ({ ...a, display_name: names.get(a.user_id) ?? '' })),
      no_answer: waiting.map((m) => ({ user_id: m.user_id, display_name: names.get(m.user_id) ?? '' })),
      counts: { yes: count('yes'), no: count('no'), maybe: count('maybe'), none: waiting.length },
      viewer: own ? { status: own.status, comment: own.comment } : null,
    };
  }),

  // Managers of the team (the one they manage, or team_id when they manage both teams of a match). A
  // deadline is not after the start; null removes it, and answers then close at the start.
  rpc(
    'set_attendance_deadline',
    'registered',
    z.object({ ...target, deadline: instantField.nullable() }),
    async ({ input, userId, nk }) => {
      const t = await loadTargetOf(nk.db, input);
      const teamId = await actingTeam(nk.db, t, userId, input.team_id, 'manager');
      if (input.deadline && input.deadline > t.start) throw invalid('deadline: срок ответа не может быть позже начала.');
      await setDeadline(nk.db, t.kind, t.id, teamId, input.deadline);
      return { ...idOf(t), team_id: teamId, deadline: input.deadline?.toISOString() ?? null, closes_at: closeTime(t.start, input.deadline ?? undefined).toISOString() };
    },
    { limit: 'write' },
  ),

  // Anyone holding a reminder mail's link: answers for the member it was made for, while they are still in
  // the team and answers are open. A tampered link is refused, and an expired one says so.
  rpc(
    'answer_by_token',
    'public',
    z.object({ token: z.string().max(1024), status, comment }),
    async ({ input, nk }) => {
      const v = verifyLink(nk.env.LINK_SIGNING_KEY, input.token, clock.now());
      if (!v.ok && v.reason === 'expired') throw failedPrecondition('Срок действия ссылки истёк. Ответьте на странице события на сайте.');
      if (!v.ok) throw permissionDenied('Ссылка для ответа недействительна.');
      const { kind, targetId, teamId, userId } = v.claims;
      const t = await loadTarget(nk.db, kind, targetId);
      if (!(await standingIn(nk.db, teamId, userId)).member) throw permissionDenied('Ответить нельзя: вы больше не в составе команды.');
      const answer = await saveChecked(nk.db, t, teamId, userId, input.status, input.comment);
      return { ...answer, title: t.title, start_time: t.start.toISOString(), team_name: t.teamNames[teamId] ?? '' };
    },
    { limit: 'write' },
  ),
];
