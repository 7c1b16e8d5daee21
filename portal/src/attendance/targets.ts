// What members answer "are you coming?" to: a team event (its team answers) or a match (each of its two
// teams for itself). A target is read through its area's store; who answers for which team is decided here.
import { invalid, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { getEvent, type EventType } from '../calendar/index.ts';
import { getMatch } from '../matches/index.ts';
import { accessOf, teamStanding } from '../teams/index.ts';

export type TargetKind = 'event' | 'match';

export interface Target {
  kind: TargetKind;
  id: string;
  /** The teams whose members answer: the event's team, or the match's home and guest teams. */
  teamIds: string[];
  start: Date;
  /** What it is called in mails and notifications: the event's title, or «Home» — «Guest». */
  title: string;
  /** The event's type; absent for a match. */
  eventType?: EventType;
  place: string;
  /** Team names by id (a deleted team of a match is absent). */
  teamNames: Record<string, string>;
}

/** The target named by an RPC's input: exactly one of event_id and match_id. */
export interface TargetRef {
  event_id?: string;
  match_id?: string;
}

export const EVENT_TYPE_NAMES: Record<EventType, string> = {
  match: 'Матч',
  training: 'Тренировка',
  tournament: 'Турнир',
  birthday: 'День рождения',
  other: 'Событие',
};

function refOf(input: TargetRef): { kind: TargetKind; id: string } {
  if (input.event_id && input.match_id) throw invalid('Укажите что-то одно: событие (event_id) или матч (match_id).');
  if (input.event_id) return { kind: 'event', id: input.event_id };
  if (input.match_id) return { kind: 'match', id: input.match_id };
  throw invalid('Укажите событие (event_id) или матч (match_id).');
}

/** The target, or NotFound. */
export async function loadTarget(q: Queryable, kind: TargetKind, id: string): Promise<Target> {
  if (kind === 'event') {
    const e = await getEvent(q, id);
    if (!e) throw notFound('Событие не найдено.');
    const name = await q.query<{ name: string }>('SELECT name FROM team WHERE id = $1', [e.team_id]);
    return {
      kind,
      id,
      teamIds: [e.team_id],
      start: new Date(e.event_time),
      title: e.title,
      eventType: e.type,
      place: e.place,
      teamNames: name.length ? { [e.team_id]: name[0].name } : {},
    };
  }
  const m = await getMatch(q, id);
  if (!m) throw notFound('Матч не найден.');
  const names: Record<string, string> = {};
  if (m.owner_team) names[m.owner_team_id] = m.owner_team.name;
  if (m.guest_team) names[m.guest_team_id] = m.guest_team.name;
  const side = (teamId: string) => `«${names[teamId] ?? 'Команда удалена'}»`;
  return {
    kind,
    id,
    teamIds: [m.owner_team_id, m.guest_team_id],
    start: new Date(m.match_time),
    title: `${side(m.owner_team_id)} — ${side(m.guest_team_id)}`,
    place: '',
    teamNames: names,
  };
}

export const loadTargetOf = (q: Queryable, input: TargetRef) => {
  const ref = refOf(input);
  return loadTarget(q, ref.kind, ref.id);
};

/** A user's standing in a team: member and manager; both false for a team that is gone. */
export async function standingIn(q: Queryable, teamId: string, userId: string): Promise<{ member: boolean; manager: boolean }> {
  const r = await teamStanding(q, teamId, userId);
  if (!r) return { member: false, manager: false };
  const a = accessOf(teamId, r.creator_id, r.team_type, userId, r);
  return { member: a.isMember, manager: a.canManage };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The team of the target the user acts for: the one given (it must play), or the only one of the target's
 * teams where the user qualifies (a member, or a manager with `managers`). Refuses a user who qualifies in
 * none, and asks which team for one who qualifies in both teams of a match.
 */
export async function actingTeam(q: Queryable, target: Target, userId: string, given: string | undefined, role: 'member' | 'manager'): Promise<string> {
  const qualifies = async (teamId: string) => {
    const s = await standingIn(q, teamId, userId);
    return role === 'member' ? s.member : s.manager;
  };
  const refusal = role === 'member'
    ? (target.kind === 'event' ? 'Отвечать могут только игроки команды.' : 'Отвечать могут только игроки команд матча.')
    : 'Это может делать только владелец или администратор команды.';
  if (given !== undefined) {
    const teamId = target.teamIds.find((t) => same(t, given));
    if (!teamId) throw invalid(`team_id: команда не участвует в ${target.kind === 'event' ? 'этом событии' : 'этом матче'}.`);
    if (!(await qualifies(teamId))) throw permissionDenied(refusal);
    return teamId;
  }
  const mine: string[] = [];
  for (const teamId of target.teamIds) if (await qualifies(teamId)) mine.push(teamId);
  if (mine.length === 0) throw permissionDenied(refusal);
  if (mine.length > 1) throw invalid('team_id: вы состоите в обеих командах матча — укажите, за какую команду.');
  return mine[0];
}
