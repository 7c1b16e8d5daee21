// Players: created by registered users, visible to everyone, changed only by their creator.
import { z } from 'zod';
import { notFound, permissionDenied, unauthenticated } from '@tribuna/server';
import { checkFile } from '../lib/files.ts';
import { afterNumber, checkCreationLimit } from '../lib/limits.ts';
import { cursor, limit, lineField, requiredLineField, rpc, uuid, uuids } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { teamLife } from '../teams/index.ts';
import { countPlayersBy, createPlayer, deletePlayer, getPlayer, listPlayers, teamsOfPlayer, updatePlayer, type Refusal } from './store.ts';

const tooManyPlayers = (n: number) => `Достигнут предел: не больше ${n} ${afterNumber(n, 'игрока', 'игроков')} на пользователя.`;

const MAX_NAME = TEXT_LIMITS.playerName;

/** A trimmed name of 1 to 100 characters on one line; `missing` says which one to give. */
const requiredName = (missing: string) => requiredLineField(MAX_NAME, missing);

/** An optional name: null or empty means none. */
const optionalName = lineField(MAX_NAME)
  .nullish()
  .transform((s) => (s === '' ? null : s));

/** A case-insensitive prefix filter; empty means no filter. */
const namePrefix = lineField(MAX_NAME).optional();

const FIRST = 'укажите имя.';
const LAST = 'укажите фамилию.';
const count = z.number().int().min(0).max(2_147_483_647);

function refused(r: Refusal): never {
  if (r === 'not-found') throw notFound('Игрок не найден.');
  throw permissionDenied('Изменять и удалять игрока может только его создатель.');
}

export const playerRpcs = [
  // Registered users, up to LIMIT_PLAYERS_PER_USER players each; the caller becomes the creator. goals and
  // matches start at 0.
  rpc(
    'create_player',
    'registered',
    z.object({
      first_name: requiredName(FIRST),
      middle_name: optionalName,
      last_name: requiredName(LAST),
      avatar_id: uuid.nullish(),
    }),
    async ({ input, userId, nk }) => {
      await checkFile(nk, 'avatar_id', input.avatar_id);
      const id = nk.uuid();
      return nk.db.tx(async (q) => {
        await checkCreationLimit(q, 'players', userId, nk.limits.playersPerUser, countPlayersBy, tooManyPlayers);
        return createPlayer(q, id, userId, {
          first_name: input.first_name,
          middle_name: input.middle_name ?? null,
          last_name: input.last_name,
          avatar_id: input.avatar_id ?? null,
        });
      });
    },
    { limit: 'create' },
  ),

  // Anyone.
  rpc('get_player', 'public', z.object({ id: uuid }), async ({ input, nk }) => {
    const player = await getPlayer(nk.db, input.id);
    if (!player) throw notFound('Игрок не найден.');
    return player;
  }),

  // Registered users, and only the player's creator. Omitted fields stay; null clears middle_name or avatar_id.
  rpc(
    'update_player',
    'registered',
    z.object({
      id: uuid,
      first_name: requiredName(FIRST).optional(),
      middle_name: optionalName,
      last_name: requiredName(LAST).optional(),
      avatar_id: uuid.nullish(),
    }),
    async ({ input, userId, nk }) => {
      await checkFile(nk, 'avatar_id', input.avatar_id);
      const { id, ...changes } = input;
      const result = await updatePlayer(nk.db, id, userId, changes);
      return typeof result === 'string' ? refused(result) : result;
    },
    { limit: 'write' },
  ),

  // Registered users, and only the player's creator. Its user leaves the chats of the teams it was
  // confirmed in, unless another of their players stays there.
  rpc('delete_player', 'registered', z.object({ id: uuid }), async ({ input, userId, nk, logger }) => {
    const teams = await teamsOfPlayer(nk.db, input.id);
    const result = await deletePlayer(nk.db, input.id, userId);
    if (result) refused(result);
    for (const teamId of teams) await teamLife.memberLeft(nk, logger, { teamId, userId });
    return {};
  }, { limit: 'write' }),

  // Anyone; only_mine needs a session (a guest's lists their own players, i.e. none).
  rpc(
    'list_players',
    'public',
    z.object({
      limit: limit(20),
      only_mine: z.boolean().default(false),
      cursor,
      ids: uuids.optional(),
      creator_ids: uuids.optional(),
      first_name: namePrefix,
      last_name: namePrefix,
      min_goals: count.optional(),
      max_goals: count.optional(),
      min_matches: count.optional(),
      max_matches: count.optional(),
    }),
    async ({ input, userId, nk }) => {
      if (input.only_mine && !userId) throw unauthenticated('only_mine: требуется вход в систему.');
      // only_mine narrows creator_ids to the caller: nothing matches when the caller is not among them.
      let creatorIds = input.creator_ids;
      if (input.only_mine) {
        if (creatorIds?.length && !creatorIds.includes(userId)) return { players: [] };
        creatorIds = [userId];
      }
      return listPlayers(nk.db, {
        limit: input.limit,
        cursor: input.cursor || undefined,
        ids: input.ids,
        creatorIds,
        firstName: input.first_name,
        lastName: input.last_name,
        minGoals: input.min_goals,
        maxGoals: input.max_goals,
        minMatches: input.min_matches,
        maxMatches: input.max_matches,
      });
    },
  ),
];
