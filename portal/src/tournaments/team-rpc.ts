// Teams in tournaments. A link is made by the tournament's creator, who adds any team (an invitation), or
// by a manager (owner or admin) of the team, who applies (refused by a closed tournament). The other side
// confirms it: the team's managers an invitation, the tournament's creator an application; one who is both
// makes it confirmed at once. Either side may remove it. Anyone sees links. Each side is notified of what
// the other does (team-notify.ts). A team that leaves (removed, or no longer confirmed) loses its
// round-robin fixtures that have no result.
import { z } from 'zod';
import { alreadyExists, failedPrecondition, isUniqueViolation, notFound, permissionDenied, type NkTx, type Queryable } from '@tribuna/server';
import { cursor, directionField, instantField, limit, rpc, uuid } from '../lib/rpc.ts';
import { isManager, lockTeam, TEAM_NOT_FOUND } from '../teams/index.ts';
import { dropUnplayedFixtures } from '../matches/index.ts';
import { lockVisible, TOURNAMENT_DELETED } from './access.ts';
import { lockTournament } from './store.ts';
import { confirmationChanged, linkMade, linkRemoved } from './team-notify.ts';
import { deleteLink, getLink, insertLink, listLinks, lockConfirmation, setConfirmed, type TeamTournament } from './team-store.ts';

const LINK_NOT_FOUND = 'Участие команды в турнире не найдено.';

async function found(q: Queryable, id: string): Promise<TeamTournament> {
  const link = await getLink(q, id);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

/**
 * Sets a link's confirmation for the side that confirms it, and tells the other side when it changed; links
 * of a deleted tournament no longer change. Only the confirmation ever changes: to move a team or a
 * tournament, remove the link and make another.
 */
async function confirm(tnk: NkTx, id: string, userId: string, confirmed: boolean): Promise<TeamTournament> {
  const q = tnk.db;
  const link = await found(q, id);
  const t = await lockTournament(q, link.tournament_id, 'share');
  if (!t) throw notFound(LINK_NOT_FOUND);
  if (link.initiator === 'organizer' && !(await isManager(q, link.team_id, userId))) {
    throw permissionDenied('Приглашение в турнир подтверждает владелец или администратор команды.');
  }
  if (link.initiator === 'team' && t.creator_id !== userId) throw permissionDenied('Заявку команды подтверждает создатель турнира.');
  if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
  const was = await lockConfirmation(q, id);
  const changed = was === undefined ? undefined : await setConfirmed(q, id, confirmed);
  if (!changed) throw notFound(LINK_NOT_FOUND);
  if (was !== confirmed) await confirmationChanged(tnk, changed, userId);
  if (!confirmed) await dropUnplayedFixtures(q, link.tournament_id, link.team_id);
  return changed;
}

const confirmation = z.boolean({ error: 'ожидалось true или false.' });

export const teamTournamentRpcs = [
  // The tournament's creator (any team: an invitation) or a manager of the team (an application, refused
  // by a closed tournament). A team is in a tournament once; a deleted tournament takes no teams.
  rpc('create_team_tournament', 'registered', z.object({ team_id: uuid, tournament_id: uuid }), async ({ input, userId, nk }) => {
    try {
      return await nk.tx(async (tnk) => {
        const q = tnk.db;
        // Shared locks: neither the tournament nor the team can be changed or deleted until the link is in.
        const t = await lockVisible(q, input.tournament_id, userId, 'share');
        if (!(await lockTeam(q, input.team_id))) throw notFound(TEAM_NOT_FOUND);
        const organizer = t.creator_id === userId;
        const manager = await isManager(q, input.team_id, userId);
        if (!organizer && !manager) {
          throw permissionDenied('Добавить команду может создатель турнира, подать заявку — владелец или администратор команды.');
        }
        if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
        if (!organizer && t.access === 'closed') throw permissionDenied('Турнир закрыт: заявки команд не принимаются.');
        const link = await insertLink(q, nk.uuid(), {
          teamId: input.team_id,
          tournamentId: t.id,
          initiator: organizer ? 'organizer' : 'team',
          isConfirmed: organizer && manager,
          startTime: t.start_time,
        });
        await linkMade(tnk, link, userId);
        return link;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'team_tournament_team_tournament_key')) throw alreadyExists('Команда уже участвует в этом турнире или подала заявку.');
      throw err;
    }
  }, { limit: 'create' }),

  // The confirming side: the team's managers for an invitation (initiator 'organizer'), the tournament's
  // creator for an application (initiator 'team'). false withdraws a confirmation.
  rpc(
    'set_team_tournament_confirmed',
    'registered',
    z.object({ id: uuid, is_confirmed: confirmation }),
    async ({ input, userId, nk }) => nk.tx((tnk) => confirm(tnk, input.id, userId, input.is_confirmed)),
    { limit: 'write' },
  ),

  // The tournament's creator or a manager of the team, confirmed or not, deleted tournament or not (the
  // other side hears of it unless the tournament is deleted).
  rpc('delete_team_tournament', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) =>
    nk.tx(async (tnk) => {
      const link = await found(tnk.db, input.id);
      if (link.tournament.creator_id !== userId && !(await isManager(tnk.db, link.team_id, userId))) {
        throw permissionDenied('Убрать команду из турнира может создатель турнира или владелец либо администратор команды.');
      }
      const wasConfirmed = await deleteLink(tnk.db, input.id);
      if (wasConfirmed !== undefined && !link.tournament.deleted) await linkRemoved(tnk, link, wasConfirmed, userId);
      await dropUnplayedFixtures(tnk.db, link.tournament_id, link.team_id);
      return {};
    }),
    { limit: 'write' },
  ),

  // Anyone. By the tournament's start time, soonest first unless sort_order is 'desc'; start_after is
  // inclusive, start_before exclusive (a team page's nearest tournaments: team_id and start_before now +
  // 30 days). Links of deleted tournaments only with include_deleted, and only of those the caller created.
  rpc(
    'list_team_tournaments',
    'public',
    z.object({
      team_id: uuid.optional(),
      tournament_id: uuid.optional(),
      start_after: instantField.optional(),
      start_before: instantField.optional(),
      include_deleted: z.boolean().default(false),
      sort_order: directionField.default('asc'),
      limit: limit(20),
      cursor,
    }),
    async ({ input, userId, nk }) =>
      listLinks(nk.db, {
        teamId: input.team_id,
        tournamentId: input.tournament_id,
        startAfter: input.start_after,
        startBefore: input.start_before,
        includeDeletedOf: input.include_deleted && userId ? userId : undefined,
        dir: input.sort_order,
        limit: input.limit,
        cursor: input.cursor || undefined,
      }),
  ),
];
