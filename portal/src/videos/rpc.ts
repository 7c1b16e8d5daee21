// Team videos: sections and embedded videos (YouTube, VK Video, Rutube). Anyone sees and searches live
// ones; managers (the team's owner and admins) create, change, order, delete and restore them, and alone
// see deleted ones.
import { z } from 'zod';
import { invalid } from '@tribuna/server';
import { cursor, descriptionField, directionField, int32Field, limit, lineField, rpc, titleField, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { deleteAndRestore, itemAccess, listing, requireManager, sectionAccess, teamAccess } from '../teams/index.ts';
import { embedField, embedUrl } from '../lib/embed.ts';
import { LANGUAGES, searchVideos } from './search.ts';
import {
  createSection,
  createVideo,
  getSection,
  getVideo,
  listSections,
  listVideos,
  reorder,
  setSectionDeleted,
  setVideoDeleted,
  updateSection,
  updateVideo,
} from './store.ts';

const sections = sectionAccess(getSection);
const videos = itemAccess(getVideo, 'Видео не найдено.');

/** Up to 20 tags of 1 to 50 characters (TEXT_LIMITS); repeats are dropped. */
const tagsField = z
  .array(lineField(TEXT_LIMITS.videoTag).refine((s) => s.length > 0, 'пустой тег.'), { error: 'ожидался список тегов.' })
  .max(TEXT_LIMITS.videoTags, `не больше ${TEXT_LIMITS.videoTags} тегов.`)
  .transform((tags) => [...new Set(tags)]);
const queryField = z
  .string({ error: (iss) => (iss.input === undefined ? 'введите запрос.' : 'ожидалась строка.') })
  .trim()
  .min(1, 'введите запрос.')
  .max(TEXT_LIMITS.videoSearch, `не длиннее ${TEXT_LIMITS.videoSearch} символов.`)
  .refine((s) => !s.includes('\u0000'), 'недопустимые символы.');
const sortByField = z.enum(['sort_order', 'create_time', 'title'], { error: "ожидалось 'sort_order', 'create_time' или 'title'." });
const idsField = z
  .array(uuid, { error: 'ожидался список идентификаторов.' })
  .min(1, 'укажите хотя бы один идентификатор.')
  .max(1000, 'не больше 1000 идентификаторов.')
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'идентификаторы повторяются.');

const listInput = {
  limit: limit(20),
  cursor,
  sort_by: sortByField.default('sort_order'),
  sort_order: directionField.default('asc'),
  include_deleted: z.boolean().default(false),
};

export const videoRpcs = [
  // Managers. Without sort_order the section goes last.
  rpc(
    'create_team_video_section',
    'registered',
    z.object({ team_id: uuid, title: titleField, description: descriptionField, sort_order: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      return createSection(nk.db, nk.uuid(), input.team_id, input);
    },
    { limit: 'create' },
  ),

  // Anyone; a deleted section only for managers.
  rpc('get_team_video_section', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) =>
    sections.visible(nk.db, input.id, userId),
  ),

  // Managers, deleted sections included. Omitted fields stay.
  rpc(
    'update_team_video_section',
    'registered',
    z.object({ id: uuid, title: titleField.optional(), description: descriptionField, sort_order: int32Field.optional() }),
    async ({ input, userId, nk }) => sections.update(nk.db, userId, input, updateSection),
    { limit: 'write' },
  ),

  // Managers. Soft: the section and its videos are hidden until restored; repeating either is a no-op.
  ...deleteAndRestore({ delete: 'delete_team_video_section', restore: 'restore_team_video_section' }, sections.managed, setSectionDeleted),

  // Anyone. include_deleted adds deleted sections for managers and is ignored for everyone else.
  rpc('list_team_video_sections', 'public', z.object({ team_id: uuid, ...listInput }), async ({ input, userId, nk }) =>
    listSections(nk.db, { ...(await listing(nk.db, userId, input)), sortBy: input.sort_by }),
  ),

  // Managers. The listed sections come first in the order given; the team's others follow as they were.
  rpc('reorder_team_video_sections', 'registered', z.object({ team_id: uuid, ids: idsField }), async ({ input, userId, nk }) => {
    await requireManager(nk.db, input.team_id, userId);
    if (!(await reorder(nk.db, 'team_video_section', 'team_id', input.team_id, input.ids))) {
      throw invalid('ids: не все разделы принадлежат этой команде.');
    }
    return {};
  }, { limit: 'write' }),

  // Managers; the section must be a live one of the same team. The video goes last in its section.
  rpc(
    'create_team_video',
    'registered',
    z.object({
      team_id: uuid,
      section_id: uuid,
      title: titleField,
      description: descriptionField,
      embed_url: embedField,
      tags: tagsField.optional(),
    }),
    async ({ input, userId, nk }) => {
      const embed = embedUrl(input.embed_url);
      await requireManager(nk.db, input.team_id, userId);
      await sections.target(nk.db, input.team_id, input.section_id);
      return createVideo(nk.db, nk.uuid(), {
        team_id: input.team_id,
        section_id: input.section_id,
        title: input.title,
        description: input.description ?? '',
        embed_url: embed,
        tags: input.tags ?? [],
      });
    },
    { limit: 'create' },
  ),

  // Anyone; a deleted video, or one of a deleted section, only for managers.
  rpc('get_team_video', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => videos.visible(nk.db, input.id, userId)),

  // Managers, deleted videos included. Omitted fields stay; a new section_id moves the video to the end
  // of that section, which must be a live one of the same team.
  rpc(
    'update_team_video',
    'registered',
    z.object({
      id: uuid,
      title: titleField.optional(),
      description: descriptionField,
      embed_url: embedField.optional(),
      tags: tagsField.optional(),
      section_id: uuid.optional(),
    }),
    async ({ input, userId, nk }) => {
      const embed = input.embed_url === undefined ? undefined : embedUrl(input.embed_url);
      const video = await videos.managed(nk.db, input.id, userId);
      if (input.section_id && input.section_id !== video.section_id) await sections.target(nk.db, video.team_id, input.section_id);
      const { id, ...changes } = input;
      return videos.found(await updateVideo(nk.db, id, { ...changes, embed_url: embed }));
    },
    { limit: 'write' },
  ),

  // Managers. Soft; repeating either is a no-op.
  ...deleteAndRestore({ delete: 'delete_team_video', restore: 'restore_team_video' }, videos.managed, setVideoDeleted),

  // Anyone. Videos of deleted sections are hidden like deleted videos; include_deleted shows both to
  // managers and is ignored for everyone else.
  rpc('list_team_videos', 'public', z.object({ team_id: uuid, section_id: uuid.optional(), ...listInput }), async ({ input, userId, nk }) =>
    listVideos(nk.db, { ...(await listing(nk.db, userId, input)), sectionId: input.section_id, sortBy: input.sort_by }),
  ),

  // Managers of the section's team. The listed videos come first in the order given; the section's
  // others follow as they were.
  rpc('reorder_team_videos', 'registered', z.object({ section_id: uuid, ids: idsField }), async ({ input, userId, nk }) => {
    await sections.managed(nk.db, input.section_id, userId);
    if (!(await reorder(nk.db, 'team_video', 'section_id', input.section_id, input.ids))) {
      throw invalid('ids: не все видео из этого раздела.');
    }
    return {};
  }, { limit: 'write' }),

  // Anyone; live videos of live sections only, best match first.
  rpc(
    'search_team_videos',
    'public',
    z.object({
      team_id: uuid,
      query: queryField,
      language: z.enum(LANGUAGES, { error: `допустимы только ${LANGUAGES.join(', ')}.` }).default('russian'),
      limit: limit(20),
      cursor,
    }),
    async ({ input, userId, nk }) => {
      await teamAccess(nk.db, input.team_id, userId);
      return searchVideos(nk.db, {
        teamId: input.team_id,
        query: input.query,
        language: input.language,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
    },
  ),
];
