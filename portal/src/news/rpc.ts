// News: written by registered users, public (anyone reads them) or private (their creator alone does).
// Another's private item is answered exactly like a missing one, by every RPC, so nobody learns it exists.
// Registered users like and rate what they see; the creator alone changes, deletes and illustrates an item.
import { z } from 'zod';
import { invalid, notFound, permissionDenied, resourceExhausted, type Nk, type Queryable } from '@tribuna/server';
import { checkFile } from '../lib/files.ts';
import { cursor, int32Field, limit, requiredLineField, rpc, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { requireManager, requireTeam } from '../teams/index.ts';
import { newsHtmlOf } from './html-pool.ts';
import { countMedia, deleteMedia, fileInMedia, insertMedia, mediaNews, type MediaType, videosOnlyIn } from './media-store.ts';
import { MAX_DESCRIPTION } from './sanitize.ts';
import { withVideos } from './videos.ts';
import { deleteNews, getNews, insertNews, type News, listNews, lockNews, setLiked, setRating, updateNews } from './store.ts';

const NEWS_NOT_FOUND = 'Новость не найдена.';
const MEDIA_NOT_FOUND = 'Медиафайл не найден.';
/** @internal */
export const MAX_MEDIA = 20;
/** Room for a description of MAX_DESCRIPTION characters, each escaped twice (in the payload and its envelope). */
const MAX_BODY_BYTES = 1024 * 1024;

/** 5 to 120 characters (not UTF-16 units) after trimming, on one line. */
const nameField = requiredLineField(TEXT_LIMITS.newsTitle, 'укажите заголовок новости.').refine((s) => [...s].length >= 5, 'не короче 5 символов.');
/**
 * HTML from the editor; null is the same as empty. Only its length is checked here, before anything parses
 * it: the handler has it sanitised in the news HTML pool (html-pool.ts), off the event loop.
 */
const descriptionField = z
  .string({ error: 'ожидалась строка.' })
  .max(MAX_DESCRIPTION, `не длиннее ${MAX_DESCRIPTION} символов.`)
  .nullish()
  .transform((s) => (s === null ? '' : s));
const RATING = 'ожидалось целое число от 1 до 5.';
const ratingField = z.number({ error: RATING }).int(RATING).min(1, RATING).max(5, RATING);
const sortField = z.enum(['newest', 'oldest', 'popular', 'rating'], { error: "ожидалось 'newest', 'oldest', 'popular' или 'rating'." });

const MIME = /^[a-z]+\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
/** Removes those of the uploaded videos that the user uploaded, with their files. */
async function removeOwnVideos(nk: Pick<Nk, 'videosGet' | 'videoDelete'>, userId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  for (const v of (await nk.videosGet(ids)).values()) if (v.ownerId === userId) await nk.videoDelete(v.id);
}

/** A MIME type of video/ is a video; anything else, an image. */
const mediaTypeOf = (type: string): MediaType => (type === 'video' || type.startsWith('video/') ? 'video' : 'image');
const mediaTypeField = z
  .string({ error: 'ожидалась строка.' })
  .trim()
  .toLowerCase()
  .max(100, 'не длиннее 100 символов.')
  .refine((s) => s === 'image' || s === 'video' || MIME.test(s), "ожидалось 'image', 'video' или тип MIME, например image/webp.")
  .transform(mediaTypeOf);

/**
 * A live news item the caller may see, its row locked until the transaction ends. NotFound with `missing`
 * when it is missing, deleted or another's private one, the same in each case.
 */
async function visibleNews(q: Queryable, id: string, userId: string, missing = NEWS_NOT_FOUND) {
  const n = await lockNews(q, id);
  if (!n || (!n.is_public && n.creator_id !== userId)) throw notFound(missing);
  return n;
}

/** As visibleNews, and the caller must have written it: PermissionDenied for anyone else who sees it. */
async function ownNews(q: Queryable, id: string, userId: string, missing = NEWS_NOT_FOUND): Promise<void> {
  if ((await visibleNews(q, id, userId, missing)).creator_id !== userId) {
    throw permissionDenied('Это может делать только автор новости.');
  }
}

const found = <T>(item: T | undefined): T => {
  if (!item) throw notFound(NEWS_NOT_FOUND);
  return item;
};

/** A news item the viewer sees, with its videos' state and addresses (videos.ts). */
async function shown<T extends News>(nk: Pick<Nk, 'videosGet'>, viewer: string, item: T | undefined): Promise<T> {
  return (await withVideos(nk, viewer, [found(item)]))[0];
}

export const newsRpcs = [
  // Registered users; the caller is the creator (a creator_id sent along is ignored). A team's news are
  // published by its managers (owner and admins): they speak for the team.
  rpc(
    'create_news',
    'registered',
    z.object({ name: nameField, description: descriptionField, is_public: z.boolean().default(true), team_id: uuid.nullish() }),
    async ({ input, userId, nk }) => {
      if (input.team_id) await requireManager(nk.db, input.team_id, userId);
      const description = await newsHtmlOf(nk).prepare(input.description ?? '');
      const id = nk.uuid();
      return nk.db.tx(async (q) => {
        await insertNews(q, id, userId, { name: input.name, description, is_public: input.is_public, team_id: input.team_id ?? null });
        return found(await getNews(q, id, userId));
      }).then((n) => shown(nk, userId, n));
    },
    { maxBodyBytes: MAX_BODY_BYTES, limit: 'news' },
  ),

  // Anyone: a public item, or the caller's own private one.
  rpc('get_news', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => shown(nk, userId, await getNews(nk.db, input.id, userId))),

  // The creator. Omitted fields stay.
  rpc(
    'update_news',
    'registered',
    z.object({ id: uuid, name: nameField.optional(), description: descriptionField, is_public: z.boolean().optional() }),
    async ({ input, userId, nk }) => {
      const { id, name, is_public } = input;
      // A description is worked on before the transaction, so no row lock waits for it, and only for the
      // item's author (checked again under the lock).
      let description;
      if (input.description !== undefined) {
        await ownNews(nk.db, id, userId);
        description = await newsHtmlOf(nk).prepare(input.description);
      }
      const changes = { name, is_public, description };
      return nk.db.tx(async (q) => {
        await ownNews(q, id, userId);
        if (Object.values(changes).some((v) => v !== undefined)) await updateNews(q, id, changes);
        return found(await getNews(q, id, userId));
      }).then((n) => shown(nk, userId, n));
    },
    { maxBodyBytes: MAX_BODY_BYTES, limit: 'write' },
  ),

  // The creator. Soft: the item is gone for everyone, and a second deletion finds nothing. Its uploaded
  // videos that no other news item shows are removed with their files (after the commit).
  rpc('delete_news', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const videos = await nk.db.tx(async (q) => {
      await ownNews(q, input.id, userId);
      await deleteNews(q, input.id);
      return videosOnlyIn(q, input.id);
    });
    await removeOwnVideos(nk, userId, videos);
    return {};
  }, { limit: 'write' }),

  // Anyone: public news, and the caller's own private ones unless only_public; only_mine lists the
  // caller's own, public and private (nothing for a visitor). Never another's private news.
  rpc(
    'list_news',
    'public',
    z.object({
      limit: limit(20, 50),
      cursor,
      only_public: z.boolean().default(false),
      only_mine: z.boolean().default(false),
      sort: sortField.default('newest'),
      team_id: uuid.nullish(),
    }),
    async ({ input, userId, nk }) => {
      if (input.team_id) await requireTeam(nk.db, input.team_id);
      const page = await listNews(nk.db, {
        viewer: userId,
        onlyMine: input.only_mine,
        onlyPublic: input.only_public,
        teamId: input.team_id ?? undefined,
        sort: input.sort,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
      return { ...page, news: await withVideos(nk, userId, page.news) };
    },
  ),

  // Registered users, of news they see. Repeating either changes nothing.
  ...(['like', 'unlike'] as const).map((id) =>
    rpc(id, 'registered', z.object({ news_id: uuid }), async ({ input, userId, nk }) =>
      nk.db.tx(async (q) => {
        await visibleNews(q, input.news_id, userId);
        const liked = id === 'like';
        return { like_count: await setLiked(q, input.news_id, userId, liked), user_liked: liked };
      }), { limit: 'react' }),
  ),

  // Registered users, of news they see: one rating each, replaced by the next.
  rpc('rate_news', 'registered', z.object({ news_id: uuid, rating: ratingField }), async ({ input, userId, nk }) =>
    nk.db.tx(async (q) => {
      await visibleNews(q, input.news_id, userId);
      return { ...(await setRating(q, input.news_id, userId, input.rating)), user_rating: input.rating };
    }), { limit: 'react' }),

  // The creator; the file must be an uploaded one: an image, or a video the caller uploaded (POST
  // /v2/video-uploads), which is always a video medium and shows once encoded. For an image, media_type
  // 'image' or 'video', or a MIME type (video/… is a video, anything else an image); without it, the
  // file's own type decides.
  rpc(
    'add_news_media',
    'registered',
    z.object({ news_id: uuid, file_id: uuid, media_type: mediaTypeField.optional(), position: int32Field.default(0) }),
    async ({ input, userId, nk }) => {
      const video = (await nk.videosGet([input.file_id])).get(input.file_id.toLowerCase());
      if (video && video.ownerId !== userId) throw invalid('file_id: файл не найден.');
      if (!video) await checkFile(nk, 'file_id', input.file_id);
      const mediaType = video ? 'video' : input.media_type ?? mediaTypeOf((await nk.fileInfo(input.file_id))?.mime ?? '');
      // Attached before the medium is added: the clean-up must never take a video a news item shows.
      if (video) await nk.videoAttach(video.id);
      const added = await nk.db.tx(async (q) => {
        await ownNews(q, input.news_id, userId);
        if ((await countMedia(q, input.news_id)) >= MAX_MEDIA) {
          throw resourceExhausted(`Достигнут предел: не больше ${MAX_MEDIA} медиафайлов у новости.`);
        }
        return insertMedia(q, nk.uuid(), { news_id: input.news_id, file_id: input.file_id, media_type: mediaType, position: input.position });
      });
      const [withVideo] = await withVideos(nk, userId, [{ creator_id: userId, media: [added] }]);
      return withVideo.media[0];
    },
    { limit: 'create' },
  ),

  // The creator. A news_id given must be the medium's. An uploaded video of the caller's that no news
  // item shows any more is removed with its files (after the commit: the removal cannot be rolled back).
  rpc('remove_news_media', 'registered', z.object({ id: uuid, news_id: uuid.optional() }), async ({ input, userId, nk }) => {
    const unused = await nk.db.tx(async (q) => {
      const medium = await mediaNews(q, input.id);
      if (!medium || (input.news_id && input.news_id.toLowerCase() !== medium.news_id)) throw notFound(MEDIA_NOT_FOUND);
      await ownNews(q, medium.news_id, userId, MEDIA_NOT_FOUND);
      await deleteMedia(q, input.id, medium.news_id);
      return medium.media_type === 'video' && !(await fileInMedia(q, medium.file_id)) ? medium.file_id : undefined;
    });
    if (unused) await removeOwnVideos(nk, userId, [unused]);
    return {};
  }, { limit: 'write' }),
];
