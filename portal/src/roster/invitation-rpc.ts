// Invitations to a team: its managers invite a user (who is notified) or make a join link with a secret
// token; the invitee, or anyone registered holding the link, accepts with one of their players and is on
// the team at once, confirmed, open team or closed.
import { z } from 'zod';
import {
  alreadyExists, failedPrecondition, invalid, isUniqueViolation, notFound, permissionDenied, resourceExhausted, type Queryable,
} from '@tribuna/server';
import { cursor, limit, rpc, uuid } from '../lib/rpc.ts';
import { notifications, notify } from '../notifications/index.ts';
import { lockTeam, readLocked, requireManager, teamLife } from '../teams/index.ts';
import {
  countTeamInvitations, countUse, deleteInvitation, getInvitation, insertInvitation, invitationByToken, linkClosed, listMyInvitations,
  listTeamInvitations, newToken, TOKEN, type TeamInvitation,
} from './invitation-store.ts';
import { fieldRoleField, numberField, placePlayer, requireOwnPlayer, translate } from './place.ts';

/**
 * Pending invitations (to users and links) one team may have at once.
 * @internal
 */
export const MAX_INVITATIONS = 100;
const GONE = 'Приглашение не найдено или отозвано.';
const token = z.string({ error: 'ожидалась строка.' }).regex(TOKEN, 'неверный формат ссылки.');

/** An invitation read under its team's lock; NotFound when it is not there, before or after. */
async function loadLocked(q: Queryable, id: string): Promise<TeamInvitation> {
  const inv = await readLocked(q, getInvitation, (i) => i.team_id, id);
  if (!inv) throw notFound(GONE);
  return inv;
}

/** The team's lock and the per-team cap on invitations, before a new one. */
async function makeRoom(q: Queryable, teamId: string, userId: string): Promise<void> {
  if (!(await lockTeam(q, teamId))) throw notFound('Команда не найдена.');
  await requireManager(q, teamId, userId);
  if ((await countTeamInvitations(q, teamId)) >= MAX_INVITATIONS) {
    throw resourceExhausted(`В команде уже ${MAX_INVITATIONS} приглашений: отзовите ненужные, чтобы создать новое.`);
  }
}

export const invitationRpcs = [
  // Managers; the invitee must be another registered user, not in a block with the caller either way,
  // and not invited to the team already. The invitee is notified (the link opens the join page).
  rpc('create_team_invitation', 'registered', z.object({ team_id: uuid, user_id: uuid }), async ({ input, userId, nk }) => {
    await requireManager(nk.db, input.team_id, userId);
    if (input.user_id === userId) throw invalid('Себя пригласить нельзя: своего игрока можно сразу добавить в команду.');
    const kind = await nk.accountKind(input.user_id);
    if (!kind) throw notFound('Пользователь не найден.');
    if (kind !== 'registered') throw failedPrecondition('Пригласить можно только зарегистрированного пользователя.');
    if ((await nk.friendsBlocks(userId, [input.user_id])).length) throw permissionDenied('Этого пользователя нельзя пригласить.');
    try {
      return await nk.tx(async (tnk) => {
        const q = tnk.db;
        await makeRoom(q, input.team_id, userId);
        const inv = await insertInvitation(q, { id: nk.uuid(), teamId: input.team_id, creatorId: userId, inviteeId: input.user_id });
        await notify(tnk, [input.user_id], notifications.teamInvitation(inv.team, inv.id), userId);
        return inv;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'team_invitation_team_invitee_key')) throw alreadyExists('Этот пользователь уже приглашён в команду.');
      throw err;
    }
  }, { limit: 'create' }),

  // Managers. The answer alone carries the link's secret token: only its hash is kept, so it cannot be shown again.
  rpc(
    'create_team_invitation_link',
    'registered',
    z.object({
      team_id: uuid,
      expires_in_days: z.number().int().min(1).max(365, 'не больше 365 дней.').nullish(),
      max_uses: z.number().int().min(1).max(1000, 'не больше 1000.').nullish(),
    }),
    async ({ input, userId, nk }) =>
      nk.db.tx(async (q) => {
        await makeRoom(q, input.team_id, userId);
        const secret = newToken();
        const inv = await insertInvitation(q, {
          id: nk.uuid(),
          teamId: input.team_id,
          creatorId: userId,
          token: secret,
          expireDays: input.expires_in_days ?? undefined,
          maxUses: input.max_uses ?? undefined,
        });
        return { ...inv, token: secret };
      }),
    { limit: 'create' },
  ),

  // Managers: the team's invitations to users and links, newest first (at most MAX_INVITATIONS exist).
  rpc('list_team_invitations', 'registered', z.object({ team_id: uuid }), async ({ input, userId, nk }) => {
    await requireManager(nk.db, input.team_id, userId);
    return { invitations: await listTeamInvitations(nk.db, input.team_id, MAX_INVITATIONS) };
  }),

  // Managers of its team. A revoked link no longer takes anyone; a revoked invitation can no longer be accepted.
  rpc('revoke_team_invitation', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await nk.db.tx(async (q) => {
      const inv = await loadLocked(q, input.id);
      await requireManager(q, inv.team_id, userId);
      await deleteInvitation(q, inv.id);
    });
    return {};
  }, { limit: 'write' }),

  // The caller's invitations to users (links are not listed), newest first; team_id: the one of a team.
  rpc(
    'list_my_team_invitations',
    'registered',
    z.object({ team_id: uuid.optional(), limit: limit(20), cursor }),
    async ({ input, userId, nk }) =>
      listMyInvitations(nk.db, { userId, teamId: input.team_id, limit: input.limit, cursor: input.cursor || undefined }),
  ),

  // The invitee (by id), or anyone registered holding a link's token, with a player they created: on the
  // team at once, confirmed (a request of theirs waiting there is confirmed instead). Number and field
  // role as in a join request. A user's invitation is used up; a link counts the use.
  rpc(
    'accept_team_invitation',
    'registered',
    z.object({ id: uuid.optional(), token: token.optional(), player_id: uuid, number: numberField.nullish(), field_role: fieldRoleField.optional() }),
    async ({ input, userId, nk, logger }) => {
      if (!input.id === !input.token) throw invalid('Укажите приглашение: его идентификатор или ссылку.');
      try {
        const tp = await nk.db.tx(async (q) => {
          const found = input.token ? await invitationByToken(q, input.token) : await getInvitation(q, input.id!);
          if (!found || (input.id && found.invitee_id !== userId)) throw notFound(GONE);
          const inv = await loadLocked(q, found.id);
          const closed = linkClosed(inv);
          if (closed === 'expired') throw failedPrecondition('Срок действия ссылки-приглашения истёк.');
          if (closed === 'used_up') throw failedPrecondition('По этой ссылке уже вступило столько игроков, сколько было разрешено.');
          await requireOwnPlayer(q, input.player_id, userId, 'Принять приглашение можно только со своим игроком.');
          const tp = await placePlayer(q, {
            id: nk.uuid(),
            teamId: inv.team_id,
            playerId: input.player_id,
            userId,
            number: input.number,
            fieldRole: input.field_role,
            confirmed: true,
            confirmWaiting: true,
          });
          if (inv.kind === 'user') await deleteInvitation(q, inv.id);
          else await countUse(q, inv.id);
          return tp;
        });
        await teamLife.memberJoined(nk, logger, { teamId: tp.team_id, userId: tp.user_id });
        return tp;
      } catch (err) {
        translate(err, input.number);
      }
    },
    { limit: 'write' },
  ),

  // The invitee only: the invitation is gone.
  rpc('decline_team_invitation', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await nk.db.tx(async (q) => {
      const inv = await getInvitation(q, input.id);
      if (!inv || inv.invitee_id !== userId) throw notFound(GONE);
      await deleteInvitation(q, inv.id);
    });
    return {};
  }, { limit: 'write' }),
];
