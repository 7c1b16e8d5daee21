// Roster: join requests for one's own players, approved or rejected by the team's managers, who may also
// put their own players on the team at once. Each step tells the people it concerns (notifications).
import { z } from 'zod';
import { notFound, permissionDenied, type Nk, type Queryable } from '@tribuna/server';
import { cursor, limit, rpc, uuid, uuids } from '../lib/rpc.ts';
import { notifications, notify } from '../notifications/index.ts';
import { lockTeam, readLocked, requireManager, requireTeam, TEAM_NOT_FOUND, teamAccess, teamLife, teamManagers, teamName } from '../teams/index.ts';
import { fieldRoleField, numberField, placePlayer, requireOwnPlayer, taken, teamRoleField, translate } from './place.ts';
import { approveTeamPlayer, getTeamPlayer, isNumberTaken, listTeamPlayers, lowestFreeNumber, removeTeamPlayer } from './store.ts';

const NOT_FOUND = 'Игрок команды не найден.';

/** A team player read under its team's lock. */
async function loadLocked(q: Queryable, id: string) {
  const tp = await readLocked(q, getTeamPlayer, (t) => t.team_id, id);
  if (!tp) throw notFound(NOT_FOUND);
  return tp;
}

/** The team's name, locked for the roster change that follows; NotFound when there is no such team. */
async function lockedTeam(q: Queryable, teamId: string): Promise<{ id: string; name: string }> {
  const name = (await lockTeam(q, teamId)) ? await teamName(q, teamId) : undefined;
  if (name === undefined) throw notFound(TEAM_NOT_FOUND);
  return { id: teamId, name };
}

/** How a user is named to others: their display name, else their username. */
async function nameOf(nk: Nk, userId: string): Promise<string> {
  const [u] = await nk.usersGetId([userId]);
  return u?.displayName || u?.username || '';
}

export const rosterRpcs = [
  // Registered users, for a player they created. A closed team takes requests from its managers only;
  // a manager's own player is confirmed at once (and its user joins the team chat). Without a number
  // the lowest free one is given. A request waiting for approval is told to the team's managers.
  rpc(
    'request_join_team_player',
    'registered',
    z.object({ team_id: uuid, player_id: uuid, number: numberField.nullish() }),
    async ({ input, userId, nk, logger }) => {
      const who = await nameOf(nk, userId);
      try {
        const tp = await nk.tx(async (tnk) => {
          const q = tnk.db;
          const team = await lockedTeam(q, input.team_id);
          const access = await teamAccess(q, input.team_id, userId);
          await requireOwnPlayer(q, input.player_id, userId, 'Подать заявку можно только за своего игрока.');
          if (access.teamType === 1 && !access.canManage) {
            throw permissionDenied('Команда закрыта: заявки на вступление не принимаются.');
          }
          const tp = await placePlayer(q, {
            id: nk.uuid(), teamId: input.team_id, playerId: input.player_id, userId, number: input.number, confirmed: access.canManage,
          });
          if (!tp.is_confirmed) await notify(tnk, await teamManagers(q, team.id), notifications.teamJoinRequest(team, who), userId);
          return tp;
        });
        if (tp.is_confirmed) await teamLife.memberJoined(nk, logger, { teamId: tp.team_id, userId: tp.user_id });
        return tp;
      } catch (err) {
        translate(err, input.number);
      }
    },
    { limit: 'create' },
  ),

  // Managers, for a player they created: on the team at once, confirmed, on an open team or a closed one,
  // with the number (or the lowest free one), field role and team role given. Only the owner names
  // admins (team_role 1). The player's user (the caller) joins the team chat.
  rpc(
    'add_team_player',
    'registered',
    z.object({ team_id: uuid, player_id: uuid, number: numberField.nullish(), field_role: fieldRoleField.optional(), team_role: teamRoleField.optional() }),
    async ({ input, userId, nk, logger }) => {
      try {
        const tp = await nk.db.tx(async (q) => {
          await lockedTeam(q, input.team_id);
          const access = await requireManager(q, input.team_id, userId);
          if (input.team_role === 1 && !access.isOwner) throw permissionDenied('Назначать администраторов может только владелец команды.');
          await requireOwnPlayer(q, input.player_id, userId, 'Добавить в команду сразу можно только своего игрока.');
          return placePlayer(q, {
            id: nk.uuid(),
            teamId: input.team_id,
            playerId: input.player_id,
            userId,
            number: input.number,
            fieldRole: input.field_role,
            teamRole: input.team_role,
            confirmed: true,
          });
        });
        await teamLife.memberJoined(nk, logger, { teamId: tp.team_id, userId: tp.user_id });
        return tp;
      } catch (err) {
        translate(err, input.number);
      }
    },
    { limit: 'create' },
  ),

  // Managers; team_role only by the owner (sending the current value is allowed to anyone who may approve).
  // Also changes an already confirmed player's role, number or squad. An approved player's user joins
  // the team chat and, when it was a request, is told of the approval.
  rpc(
    'approve_team_player',
    'registered',
    z.object({ id: uuid, field_role: fieldRoleField.optional(), team_role: teamRoleField.optional(), number: numberField.optional(), is_main_squad: z.boolean().optional() }),
    async ({ input, userId, nk, logger }) => {
      const { id, ...approval } = input;
      try {
        const tp = await nk.tx(async (tnk) => {
          const q = tnk.db;
          const before = await loadLocked(q, id);
          const access = await requireManager(q, before.team_id, userId);
          if (approval.team_role !== undefined && approval.team_role !== before.team_role && !access.isOwner) {
            throw permissionDenied('Назначать администраторов может только владелец команды.');
          }
          if (approval.number !== undefined && (await isNumberTaken(q, before.team_id, approval.number, before.id))) {
            throw taken(approval.number);
          }
          const tp = await approveTeamPlayer(q, id, approval);
          if (!before.is_confirmed) {
            const team = { id: tp.team_id, name: (await teamName(q, tp.team_id)) ?? '' };
            await notify(tnk, [tp.user_id], notifications.teamJoinApproved(team), userId);
          }
          return tp;
        });
        await teamLife.memberJoined(nk, logger, { teamId: tp.team_id, userId: tp.user_id });
        return tp;
      } catch (err) {
        translate(err, approval.number);
      }
    },
    { limit: 'write' },
  ),

  // Managers, or the player's owner (withdrawing a request or leaving). Its pitch positions go too, and
  // its user leaves the team chat unless another of their players stays confirmed. A request turned
  // down by a manager is told to its owner.
  rpc('reject_team_player', 'registered', z.object({ id: uuid }), async ({ input, userId, nk, logger }) => {
    const tp = await nk.tx(async (tnk) => {
      const q = tnk.db;
      const tp = await loadLocked(q, input.id);
      const access = await teamAccess(q, tp.team_id, userId);
      if (!access.canManage && tp.user_id !== userId) {
        throw permissionDenied('Отклонить заявку или убрать игрока может владелец или администратор команды либо хозяин игрока.');
      }
      await removeTeamPlayer(q, input.id);
      if (!tp.is_confirmed) {
        const team = { id: tp.team_id, name: (await teamName(q, tp.team_id)) ?? '' };
        await notify(tnk, [tp.user_id], notifications.teamJoinRejected(team), userId);
      }
      return tp;
    });
    if (tp.is_confirmed) await teamLife.memberLeft(nk, logger, { teamId: tp.team_id, userId: tp.user_id });
    return {};
  }, { limit: 'write' }),

  // Anyone; ordered by number.
  rpc(
    'list_team_players',
    'public',
    z.object({
      team_ids: uuids.optional(),
      player_ids: uuids.optional(),
      user_ids: uuids.optional(),
      is_confirmed: z.boolean().optional(),
      team_role: teamRoleField.optional(),
      field_role: fieldRoleField.optional(),
      is_main_squad: z.boolean().optional(),
      limit: limit(100, 200),
      cursor,
    }),
    async ({ input, nk }) =>
      listTeamPlayers(nk.db, {
        limit: input.limit,
        cursor: input.cursor || undefined,
        teamIds: input.team_ids,
        playerIds: input.player_ids,
        userIds: input.user_ids,
        isConfirmed: input.is_confirmed,
        teamRole: input.team_role,
        fieldRole: input.field_role,
        isMainSquad: input.is_main_squad,
      }),
  ),

  // Anyone; number is null when all 99 are taken.
  rpc('get_team_free_number', 'public', z.object({ team_id: uuid }), async ({ input, nk }) => {
    await requireTeam(nk.db, input.team_id);
    return { number: await lowestFreeNumber(nk.db, input.team_id) };
  }),
];
