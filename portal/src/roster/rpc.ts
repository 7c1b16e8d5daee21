// Roster: join requests for one's own players, approved or rejected by the team's managers.
import { z } from 'zod';
import { alreadyExists, failedPrecondition, isUniqueViolation, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { syncTeamChatMember } from '../chats/team-chat.ts';
import { cursor, limit, rpc, uuid, uuids, type RpcDef } from '../lib/rpc.ts';
import { requireManager, requireTeam, TEAM_NOT_FOUND, teamAccess } from '../teams/access.ts';
import { lockTeam, readLocked } from '../teams/store.ts';
import {
  approveTeamPlayer, getTeamPlayer, insertTeamPlayer, isNumberTaken, isOnTeam, listTeamPlayers, lowestFreeNumber,
  MAX_NUMBER, MIN_NUMBER, playerOwner, removeTeamPlayer,
} from './store.ts';

const number = z.number().int().min(MIN_NUMBER).max(MAX_NUMBER, `номер от ${MIN_NUMBER} до ${MAX_NUMBER}.`);
const fieldRole = z.number().int().min(0).max(5, 'амплуа от 0 до 5.');
const teamRole = z.union([z.literal(0), z.literal(1)], { error: 'роль в команде: 0 (игрок) или 1 (администратор).' });

const ALL_TAKEN = `Все номера от ${MIN_NUMBER} до ${MAX_NUMBER} заняты`;
const taken = (n: number) => alreadyExists(`Номер ${n} уже занят`);
const ALREADY_ON_TEAM = 'Этот игрок уже в команде или уже подал заявку.';
const NOT_FOUND = 'Игрок команды не найден.';

/** The database's unique constraints back the checks made under the team lock; they answer the same way. */
function translate(err: unknown, n: number | undefined): never {
  if (isUniqueViolation(err, 'team_player_team_number_key') && n !== undefined) throw taken(n);
  if (isUniqueViolation(err, 'team_player_team_player_key')) throw alreadyExists(ALREADY_ON_TEAM);
  throw err;
}

/** A team player read under its team's lock. */
async function loadLocked(q: Queryable, id: string) {
  const tp = await readLocked(q, getTeamPlayer, (t) => t.team_id, id);
  if (!tp) throw notFound(NOT_FOUND);
  return tp;
}

export const rosterRpcs: RpcDef[] = [
  // Registered users, for a player they created. A closed team takes requests from its managers only;
  // a manager's own player is confirmed at once (and its user joins the team chat). Without a number
  // the lowest free one is given.
  rpc(
    'request_join_team_player',
    'registered',
    z.object({ team_id: uuid, player_id: uuid, number: number.nullish() }),
    async ({ input, userId, nk, logger }) => {
      let chosen: number | undefined;
      try {
        const tp = await nk.db.tx(async (q) => {
          // The team lock makes choosing a number and inserting it one step for concurrent requests.
          if (!(await lockTeam(q, input.team_id))) throw notFound(TEAM_NOT_FOUND);
          const access = await teamAccess(q, input.team_id, userId);
          const owner = await playerOwner(q, input.player_id);
          if (!owner) throw notFound('Игрок не найден.');
          if (owner !== userId) throw permissionDenied('Подать заявку можно только за своего игрока.');
          if (access.teamType === 1 && !access.canManage) {
            throw permissionDenied('Команда закрыта: заявки на вступление не принимаются.');
          }
          if (await isOnTeam(q, input.team_id, input.player_id)) throw alreadyExists(ALREADY_ON_TEAM);
          if (input.number != null) {
            chosen = input.number;
            if (await isNumberTaken(q, input.team_id, chosen)) throw taken(chosen);
          } else {
            const free = await lowestFreeNumber(q, input.team_id);
            if (free === null) throw failedPrecondition(ALL_TAKEN);
            chosen = free;
          }
          return insertTeamPlayer(q, {
            id: nk.uuid(),
            teamId: input.team_id,
            playerId: input.player_id,
            userId: owner,
            creatorId: userId,
            number: chosen,
            isConfirmed: access.canManage,
          });
        });
        if (tp.is_confirmed) await syncTeamChatMember(nk, logger, tp.team_id, tp.user_id);
        return tp;
      } catch (err) {
        translate(err, chosen);
      }
    },
    { limit: 'create' },
  ),

  // Managers; team_role only by the owner (sending the current value is allowed to anyone who may approve).
  // Also changes an already confirmed player's role, number or squad. An approved player's user joins
  // the team chat.
  rpc(
    'approve_team_player',
    'registered',
    z.object({ id: uuid, field_role: fieldRole.optional(), team_role: teamRole.optional(), number: number.optional(), is_main_squad: z.boolean().optional() }),
    async ({ input, userId, nk, logger }) => {
      const { id, ...approval } = input;
      try {
        const tp = await nk.db.tx(async (q) => {
          const tp = await loadLocked(q, id);
          const access = await requireManager(q, tp.team_id, userId);
          if (approval.team_role !== undefined && approval.team_role !== tp.team_role && !access.isOwner) {
            throw permissionDenied('Назначать администраторов может только владелец команды.');
          }
          if (approval.number !== undefined && (await isNumberTaken(q, tp.team_id, approval.number, tp.id))) {
            throw taken(approval.number);
          }
          return approveTeamPlayer(q, id, approval);
        });
        await syncTeamChatMember(nk, logger, tp.team_id, tp.user_id);
        return tp;
      } catch (err) {
        translate(err, approval.number);
      }
    },
    { limit: 'write' },
  ),

  // Managers, or the player's owner (withdrawing a request or leaving). Its pitch positions go too, and
  // its user leaves the team chat unless another of their players stays confirmed.
  rpc('reject_team_player', 'registered', z.object({ id: uuid }), async ({ input, userId, nk, logger }) => {
    const tp = await nk.db.tx(async (q) => {
      const tp = await loadLocked(q, input.id);
      const access = await teamAccess(q, tp.team_id, userId);
      if (!access.canManage && tp.user_id !== userId) {
        throw permissionDenied('Отклонить заявку или убрать игрока может владелец или администратор команды либо хозяин игрока.');
      }
      await removeTeamPlayer(q, input.id);
      return tp;
    });
    if (tp.is_confirmed) await syncTeamChatMember(nk, logger, tp.team_id, tp.user_id);
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
      team_role: teamRole.optional(),
      field_role: fieldRole.optional(),
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
