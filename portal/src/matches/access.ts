// Who may do what with a match: it belongs to its two teams. A manager (owner or admin) of either team
// schedules it; the managers of both teams and its creator change and delete it; the teams it is played
// by must keep one the changer manages; the managers of a team put in it by someone else hear of it.
import { notFound, permissionDenied, type NkTx, type Queryable } from '@tribuna/server';
import { notifications, notify } from '../notifications/index.ts';
import { isManager, teamManagers } from '../teams/index.ts';
import { getMatch, type Match } from './store.ts';

export const MATCH_NOT_FOUND = 'Матч не найден.';
export const CREATORS_ONLY = 'Создать матч может только владелец или администратор одной из команд.';
const EDITORS_ONLY = 'Изменять и удалять матч может только его создатель или владелец либо администратор одной из команд.';
export const TEAMS_OF_MANAGER = 'Заменить команду в матче можно, только если вы владелец или администратор одной из его команд.';

/** The two teams of a match and which of them a user manages. */
export interface Sides {
  home: { id: string; managed: boolean };
  guest: { id: string; managed: boolean };
}

export async function sidesOf(q: Queryable, homeId: string, guestId: string, userId: string): Promise<Sides> {
  const [home, guest] = await Promise.all([isManager(q, homeId, userId), isManager(q, guestId, userId)]);
  return { home: { id: homeId, managed: home }, guest: { id: guestId, managed: guest } };
}

export const managesEither = (s: Sides) => s.home.managed || s.guest.managed;

/** The match, for its creator or a manager of either of its teams (while that team exists). */
export async function editable(q: Queryable, id: string, userId: string): Promise<Match> {
  const match = await getMatch(q, id);
  if (!match) throw notFound(MATCH_NOT_FOUND);
  if (match.creator_id !== userId && !managesEither(await sidesOf(q, match.owner_team_id, match.guest_team_id, userId))) {
    throw permissionDenied(EDITORS_ONLY);
  }
  return match;
}

/**
 * Tells the managers of `teams` (those the caller does not manage: a team they manage hears nothing from
 * them) that the match was scheduled against their team. Stored with the transaction, pushed after it.
 */
export async function tellOtherSides(tnk: NkTx, match: Match, teams: string[], callerId: string): Promise<void> {
  const recipients = (await Promise.all(teams.map((id) => teamManagers(tnk.db, id)))).flat();
  const name = (id: string, team?: { name: string }) => team?.name ?? id;
  const n = notifications.matchScheduled(match, name(match.owner_team_id, match.owner_team), name(match.guest_team_id, match.guest_team));
  await notify(tnk, recipients, n, callerId);
}
