// Tournaments: created by registered users, visible to everyone, changed and deleted (softly) by their
// creator only; rated 1 to 5 by registered users, once each (rating again replaces one's rating).
// A deleted tournament exists for its creator only, who may no longer change it.
import { z } from 'zod';
import { failedPrecondition, notFound, permissionDenied, unauthenticated, type Queryable } from '@tribuna/server';
import { checkFile } from '../lib/files.ts';
import { requireDayNotPast } from '../lib/not-past.ts';
import { cursor, instantField, limit, requiredLineField, rpc, textField, uuid, writtenInstantField } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { lockVisible, TOURNAMENT_DELETED, TOURNAMENT_NOT_FOUND } from './access.ts';
import {
  createTournament,
  deleteTournament,
  getTournament,
  listTournaments,
  rateTournament,
  TOURNAMENT_ACCESS,
  updateTournament,
  type TournamentHead,
} from './store.ts';

const title = requiredLineField(TEXT_LIMITS.tournamentTitle, 'укажите название турнира.');
// Line breaks are kept; null is the same as empty.
const description = textField(TEXT_LIMITS.tournamentDescription)
  .nullish()
  .transform((s) => (s === null ? '' : s));
/** The one reading of a tournament's type; the old edit form's 'open'/'closed' is `access`. */
const tournamentType = z.union([z.literal(0), z.literal(1)], {
  error: 'тип турнира: 0 (кубок) или 1 (круговой); открытый или закрытый турнир задаётся полем access.',
});
const access = z.enum(TOURNAMENT_ACCESS, { error: "ожидалось 'open' (открытый) или 'closed' (закрытый)." });
const ONE_TO_FIVE = 'ожидалось целое число от 1 до 5.';
const rating = z.number({ error: ONE_TO_FIVE }).int(ONE_TO_FIVE).min(1, ONE_TO_FIVE).max(5, ONE_TO_FIVE);

/** The tournament, deleted or not, locked for a change by its creator. */
async function lockOwn(q: Queryable, id: string, userId: string): Promise<TournamentHead> {
  const t = await lockVisible(q, id, userId, 'update');
  if (t.creator_id !== userId) throw permissionDenied('Изменять и удалять турнир может только его создатель.');
  return t;
}

export const tournamentRpcs = [
  // Registered users; the caller is the creator. image_url is the id of a file uploaded with upload_file.
  // The start is a day chosen in a form, not before the sender's today (see requireDayNotPast); a change
  // of it later is free.
  rpc(
    'create_tournament',
    'registered',
    z.object({
      title,
      description,
      image_url: uuid.nullish(),
      tournament_type: tournamentType.default(0),
      access: access.default('open'),
      start_time: writtenInstantField,
    }),
    async ({ input, userId, nk }) => {
      requireDayNotPast(input.start_time, 'Дата начала турнира не может быть раньше сегодняшнего дня.');
      await checkFile(nk, 'image_url', input.image_url);
      return createTournament(nk.db, nk.uuid(), userId, {
        ...input,
        description: input.description ?? '',
        image_url: input.image_url ?? null,
        start_time: input.start_time.at,
      });
    },
    { limit: 'create' },
  ),

  // Anyone; a deleted tournament only for its creator. user_rating is the caller's (0 when none).
  rpc('get_tournament', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const t = await getTournament(nk.db, input.id, userId);
    if (!t || (t.delete_time && t.creator_id !== userId)) throw notFound(TOURNAMENT_NOT_FOUND);
    return t;
  }),

  // The creator only, while the tournament is not deleted. Omitted fields stay; null clears image_url.
  rpc(
    'update_tournament',
    'registered',
    z.object({
      id: uuid,
      title: title.optional(),
      description,
      image_url: uuid.nullish(),
      tournament_type: tournamentType.optional(),
      access: access.optional(),
      start_time: instantField.optional(),
    }),
    async ({ input, userId, nk }) => {
      await checkFile(nk, 'image_url', input.image_url);
      const { id, ...changes } = input;
      return nk.db.tx(async (q) => {
        const t = await lockOwn(q, id, userId);
        if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
        await updateTournament(q, id, changes);
        return (await getTournament(q, id, userId))!;
      });
    },
    { limit: 'write' },
  ),

  // The creator only. Soft: the tournament is no longer listed, and its team links are hidden unless
  // asked for; repeating it is a no-op.
  rpc('delete_tournament', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await nk.db.tx(async (q) => {
      await lockOwn(q, input.id, userId);
      await deleteTournament(q, input.id);
    });
    return {};
  }, { limit: 'write' }),

  // Registered users, a live tournament. One rating per user; rating again replaces it. Answers the
  // tournament with its new average.
  rpc('rate_tournament', 'registered', z.object({ tournament_id: uuid, rating }), async ({ input, userId, nk }) =>
    nk.db.tx(async (q) => {
      const t = await lockVisible(q, input.tournament_id, userId, 'update');
      if (t.deleted) throw failedPrecondition(TOURNAMENT_DELETED);
      await rateTournament(q, t.id, userId, input.rating);
      return (await getTournament(q, t.id, userId))!;
    }), { limit: 'react' }),

  // Anyone; only_mine needs a session. Live tournaments only: newest first, or by start time, soonest
  // first (sort 'start_time' with start_after: the nearest ones). start_after is inclusive, start_before
  // exclusive.
  rpc(
    'list_tournaments',
    'public',
    z.object({
      tournament_type: tournamentType.optional(),
      only_mine: z.boolean().default(false),
      start_after: instantField.optional(),
      start_before: instantField.optional(),
      sort: z.enum(['newest', 'start_time'], { error: "ожидалось 'newest' или 'start_time'." }).default('newest'),
      limit: limit(20),
      cursor,
    }),
    async ({ input, userId, nk }) => {
      if (input.only_mine && !userId) throw unauthenticated('only_mine: требуется вход в систему.');
      return listTournaments(nk.db, {
        viewerId: userId,
        tournamentType: input.tournament_type,
        creatorId: input.only_mine ? userId : undefined,
        startAfter: input.start_after,
        startBefore: input.start_before,
        sort: input.sort,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
    },
  ),
];
