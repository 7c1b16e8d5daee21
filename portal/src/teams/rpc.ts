// Teams: created by registered users, visible to everyone, changed by their managers, deleted by their owner.
import { z } from 'zod';
import { notFound, permissionDenied } from '@tribuna/server';
import { checkFile } from '../lib/files.ts';
import { afterNumber, checkCreationLimit } from '../lib/limits.ts';
import { cursor, limit, lineField, requiredLineField, rpc, textField, uuid, uuids } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { accessOf, requireManager, TEAM_NOT_FOUND, teamAccess } from './access.ts';
import { teamLife } from './life.ts';
import { countTeamsBy, deleteTeam, getTeam, getTeamWithMembership, insertTeam, listTeams, updateTeam, type TeamViewer } from './store.ts';

const name = requiredLineField(TEXT_LIMITS.teamName, 'укажите название команды.');
// Line breaks are kept.
const description = textField(TEXT_LIMITS.teamDescription);
const teamType = z.union([z.literal(0), z.literal(1)], { error: 'тип команды: 0 (открытая) или 1 (закрытая).' });
const tooManyTeams = (n: number) => `Достигнут предел: не больше ${n} ${afterNumber(n, 'команды', 'команд')} на пользователя.`;

export const teamRpcs = [
  // Registered users, up to LIMIT_TEAMS_PER_USER teams each; the caller becomes the owner. The steps
  // registered for a new team run with it (the default formation; its chat, made after the commit, a
  // failure there only logged).
  rpc(
    'create_team',
    'registered',
    z.object({
      name,
      description: description.nullish(),
      avatar_id: uuid.nullish(),
      team_type: teamType.default(0),
    }),
    async ({ input, userId, nk, logger }) => {
      await checkFile(nk, 'avatar_id', input.avatar_id);
      const id = nk.uuid();
      const { team, after } = await nk.db.tx(async (q) => {
        await checkCreationLimit(q, 'teams', userId, nk.limits.teamsPerUser, countTeamsBy, tooManyTeams);
        await insertTeam(q, id, userId, {
          name: input.name,
          description: input.description ?? '',
          avatar_id: input.avatar_id ?? null,
          team_type: input.team_type,
        });
        const after = await teamLife.teamCreated(q, nk, { id, ownerId: userId, name: input.name });
        return { team: (await getTeam(q, id))!, after };
      });
      await after(logger);
      return team;
    },
    { limit: 'create' },
  ),

  // Anyone; viewer describes the caller's standing (all false for visitors and HTTP-key calls).
  rpc('get_team', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const found = await getTeamWithMembership(nk.db, input.id, userId);
    if (!found) throw notFound(TEAM_NOT_FOUND);
    const { team, membership } = found;
    const a = accessOf(team.id, team.creator_id, team.team_type, userId, membership);
    const pending = membership.pending_request_id ?? undefined;
    const viewer: TeamViewer = {
      is_owner: a.isOwner,
      is_admin: a.isAdmin,
      is_member: a.isMember,
      has_player: membership.has_player,
      can_manage: a.canManage,
      // A closed team takes requests from its managers only (request_join_team_player), who are members already.
      can_join: team.team_type === 0 && !a.isMember && !pending,
      ...(pending && { pending_request_id: pending }),
    };
    return { ...team, viewer };
  }),

  // Managers (the owner and admins). Omitted fields stay; avatar_id null clears it.
  rpc(
    'update_team',
    'registered',
    z.object({
      id: uuid,
      name: name.optional(),
      // null clears the description, as an empty one does.
      description: description.nullish().transform((s) => (s === null ? '' : s)),
      avatar_id: uuid.nullish(),
      team_type: teamType.optional(),
    }),
    async ({ input, userId, nk }) => {
      await checkFile(nk, 'avatar_id', input.avatar_id);
      const { id, ...changes } = input;
      return nk.db.tx(async (q) => {
        await requireManager(q, id, userId);
        const team = await updateTeam(q, id, changes);
        if (!team) throw notFound(TEAM_NOT_FOUND);
        return team;
      });
    },
    { limit: 'write' },
  ),

  // The owner only; admins may not delete the team. The steps registered for a deleted team run with it
  // (its chat goes too).
  rpc('delete_team', 'registered', z.object({ id: uuid }), async ({ input, userId, nk, logger }) => {
    const after = await nk.db.tx(async (q) => {
      const a = await teamAccess(q, input.id, userId);
      if (!a.isOwner) throw permissionDenied('Удалить команду может только её владелец.');
      const after = await teamLife.teamDeleting(q, nk, { id: input.id });
      await deleteTeam(q, input.id);
      return after;
    });
    await after(logger);
    return {};
  }, { limit: 'write' }),

  // Anyone; newest first. name is a case-insensitive prefix; manager_id: the teams a user created or is
  // an admin of (those they may act for, as when applying to a tournament).
  rpc(
    'list_teams',
    'public',
    z.object({
      ids: uuids.optional(),
      team_type: teamType.optional(),
      creator_id: uuid.optional(),
      manager_id: uuid.optional(),
      name: lineField(TEXT_LIMITS.teamName).optional(),
      limit: limit(20),
      cursor,
    }),
    async ({ input, nk }) =>
      listTeams(nk.db, {
        limit: input.limit,
        cursor: input.cursor || undefined,
        ids: input.ids,
        teamType: input.team_type,
        creatorId: input.creator_id,
        managerId: input.manager_id,
        name: input.name,
      }),
  ),
];
