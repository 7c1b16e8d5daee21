// Teams in tournaments. A link is made by the tournament's creator, who adds any team (an invitation), or
// by a manager (owner or admin) of the team, who applies (refused by a closed tournament). The other side
// confirms it: the team's managers an invitation, the tournament's creator an application; one who is both
// makes it confirmed at once. Either side may remove it. Anyone sees links.
import { z } from 'zod';
import { alreadyExists, failedPrecondition, isUniqueViolation, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { cursor, directionField, instantField, limit, rpc, uuid, type RpcDef } from '../lib/rpc.ts';
import { isManager, TEAM_NOT_FOUND } from '../teams/access.ts';
import { lockTeam } from '../teams/store.ts';
import { lockVisible, TOURNAMENT_DELETED } from './access.ts';
import { lockTournament } from './store.ts';
import { deleteLink, getLink, insertLink, listLinks, setConfirmed, type TeamTournament } from './team-store.ts';

const LINK_NOT_FOUND = 'Участие команды в турнире не найдено.';

async function found(q: Queryable, id: string): Promise<TeamTournament> {
  const link = await getLink(q, id);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

/**
 * Sets a link's confirmation (none given: leaves it) for the side that confirms it; links of a deleted
 * tournament no longer change.
 */
async function confirm(q: Queryable, id: string, userId: string, confirmed: boolean | undefined): Promise<TeamTournament> {
  const link = await found(q, id);
  const t = await lockTournament(q, link.tournament_id, 'share');
  if (!t) throw notFound(LINK_NOT_FOUND);
  if (link.initiator === 'organizer' && !(await isManager(q, link.team_id, userId))) {
    throw permissionDenied('Приглашение в турнир подтверждает владелец или администратор команды.');
  }
  if (link.initiator === 'team' && t.creator_id !== userId) throw permissionDenied('Заявку команды подтверждает создатель турнира.');
  if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
  if (confirmed === undefined) return link;
  const changed = await setConfirmed(q, id, confirmed);
  if (!changed) throw notFound(LINK_NOT_FOUND);
  return changed;
}

const confirmation = z.boolean({ error: 'ожидалось true или false.' });

export const teamTournamentRpcs: RpcDef[] = [
  // The tournament's creator (any team: an invitation) or a manager of the team (an application, refused
  // by a closed tournament). A team is in a tournament once; a deleted tournament takes no teams.
  rpc('create_team_tournament', 'registered', z.object({ team_id: uuid, tournament_id: uuid }), async ({ input, userId, nk }) => {
    try {
      return await nk.db.tx(async (q) => {
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
        return insertLink(q, nk.uuid(), {
          teamId: input.team_id,
          tournamentId: t.id,
          initiator: organizer ? 'organizer' : 'team',
          isConfirmed: organizer && manager,
          startTime: t.start_time,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err, 'team_tournament_team_tournament_key')) throw alreadyExists('Команда уже участвует в этом турнире или подала заявку.');
      throw err;
    }
  }, { limit: 'create' }),

  // Anyone.
  rpc('get_team_tournament', 'public', z.object({ id: uuid }), async ({ input, nk }) => found(nk.db, input.id)),

  // The confirming side (see set_team_tournament_confirmed); only is_confirmed may change (to move a team
  // or a tournament, remove the link and make another).
  rpc('update_team_tournament', 'registered', z.object({ id: uuid, is_confirmed: confirmation.optional() }), async ({ input, userId, nk }) =>
    nk.db.tx((q) => confirm(q, input.id, userId, input.is_confirmed)), { limit: 'write' }),

  // The confirming side: the team's managers for an invitation (initiator 'organizer'), the tournament's
  // creator for an application (initiator 'team'). false withdraws a confirmation.
  rpc(
    'set_team_tournament_confirmed',
    'registered',
    z.object({ id: uuid, is_confirmed: confirmation }),
    async ({ input, userId, nk }) => nk.db.tx((q) => confirm(q, input.id, userId, input.is_confirmed)), { limit: 'write' }),

  // The tournament's creator or a manager of the team, confirmed or not, deleted tournament or not.
  rpc('delete_team_tournament', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const link = await found(nk.db, input.id);
    if (link.tournament.creator_id !== userId && !(await isManager(nk.db, link.team_id, userId))) {
      throw permissionDenied('Убрать команду из турнира может создатель турнира или владелец либо администратор команды.');
    }
    await deleteLink(nk.db, input.id);
    return {};
  }, { limit: 'write' }),

  // Anyone. By the tournament's start time, soonest first unless sort_order is 'desc'; start_after is
  // inclusive, start_before exclusive (a team page's nearest tournaments: team_id and start_before now +
  // 30 days). Links of deleted tournaments only with include_deleted.
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
    async ({ input, nk }) =>
      listLinks(nk.db, {
        teamId: input.team_id,
        tournamentId: input.tournament_id,
        startAfter: input.start_after,
        startBefore: input.start_before,
        includeDeleted: input.include_deleted,
        dir: input.sort_order,
        limit: input.limit,
        cursor: input.cursor || undefined,
      }),
  ),
];
