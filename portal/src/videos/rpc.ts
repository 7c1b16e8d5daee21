// Team videos: sections and embedded videos (YouTube, VK Video, Rutube). Anyone sees and searches live
// ones; managers (the team's owner and admins) create, change, order, delete and restore them, and alone
// see deleted ones.
import { z } from 'zod';
import { failedPrecondition, invalid, notFound, type Queryable } from '@tribuna/server';
import { cursor, limit, rpc, uuid, type RpcDef } from '../lib/rpc.ts';
import { requireManager, teamAccess } from '../teams/access.ts';
import { descriptionField, directionField, int32Field, lineField, seesDeleted, titleField } from '../photos/common.ts';
import { embedUrl } from './embed.ts';
import { LANGUAGES, searchVideos } from './search.ts';
import {
  createSection,
  createVideo,
  getSection,
  getVideo,
  listSections,
  listVideos,
  reorder,
  setDeleted,
  updateSection,
  updateVideo,
  type Video,
  type VideoSection,
} from './store.ts';

const NO_SECTION = 'Раздел не найден.';
const NO_VIDEO = 'Видео не найдено.';

const embedField = z.string({ error: (iss) => (iss.input === undefined ? 'укажите ссылку на видео.' : 'ожидалась строка.') });
/** Up to 20 tags of 1 to 50 characters; repeats are dropped. */
const tagsField = z
  .array(lineField(50).refine((s) => s.length > 0, 'пустой тег.'), { error: 'ожидался список тегов.' })
  .max(20, 'не больше 20 тегов.')
  .transform((tags) => [...new Set(tags)]);
const queryField = z
  .string({ error: (iss) => (iss.input === undefined ? 'введите запрос.' : 'ожидалась строка.') })
  .trim()
  .min(1, 'введите запрос.')
  .max(200, 'не длиннее 200 символов.')
  .refine((s) => !s.includes('\u0000'), 'недопустимые символы.');
const sortByField = z.enum(['sort_order', 'create_time', 'title'], { error: "ожидалось 'sort_order', 'create_time' или 'title'." });
const idsField = z
  .array(uuid, { error: 'ожидался список идентификаторов.' })
  .min(1, 'укажите хотя бы один идентификатор.')
  .max(1000, 'не больше 1000 идентификаторов.')
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'идентификаторы повторяются.');

/** A section as its viewer may see it: a deleted one exists for managers only. */
async function visibleSection(db: Queryable, id: string, userId: string): Promise<VideoSection> {
  const s = await getSection(db, id);
  if (!s || (s.delete_time && !(await seesDeleted(db, s.team_id, userId)))) throw notFound(NO_SECTION);
  return s;
}

async function managedSection(db: Queryable, id: string, userId: string): Promise<VideoSection> {
  const s = await getSection(db, id);
  if (!s) throw notFound(NO_SECTION);
  await requireManager(db, s.team_id, userId);
  return s;
}

async function managedVideo(db: Queryable, id: string, userId: string): Promise<Video> {
  const found = await getVideo(db, id);
  if (!found) throw notFound(NO_VIDEO);
  await requireManager(db, found.video.team_id, userId);
  return found.video;
}

/** A section videos may be put in: one of the same team, not deleted. */
async function targetSection(db: Queryable, teamId: string, sectionId: string): Promise<void> {
  const s = await getSection(db, sectionId);
  if (!s) throw notFound(NO_SECTION);
  if (s.team_id !== teamId) throw invalid('section_id: раздел принадлежит другой команде.');
  if (s.delete_time) throw failedPrecondition('Раздел удалён: восстановите его или выберите другой.');
}

const listInput = {
  limit: limit(20),
  cursor,
  sort_by: sortByField.default('sort_order'),
  sort_order: directionField.default('asc'),
  include_deleted: z.boolean().default(false),
};

export const videoRpcs: RpcDef[] = [
  // Managers. Without sort_order the section goes last.
  rpc(
    'create_team_video_section',
    'registered',
    z.object({ team_id: uuid, title: titleField(), description: descriptionField, sort_order: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      return createSection(nk.db, nk.uuid(), input.team_id, input);
    },
  ),

  // Anyone; a deleted section only for managers.
  rpc('get_team_video_section', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) =>
    visibleSection(nk.db, input.id, userId),
  ),

  // Managers, deleted sections included. Omitted fields stay.
  rpc(
    'update_team_video_section',
    'registered',
    z.object({ id: uuid, title: titleField().optional(), description: descriptionField, sort_order: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await managedSection(nk.db, input.id, userId);
      const { id, ...changes } = input;
      const s = await updateSection(nk.db, id, changes);
      if (!s) throw notFound(NO_SECTION);
      return s;
    },
  ),

  // Managers. Soft: the section and its videos are hidden until restored; repeating either is a no-op.
  rpc('delete_team_video_section', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedSection(nk.db, input.id, userId);
    await setDeleted(nk.db, 'team_video_section', input.id, true);
    return {};
  }),
  rpc('restore_team_video_section', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedSection(nk.db, input.id, userId);
    await setDeleted(nk.db, 'team_video_section', input.id, false);
    return {};
  }),

  // Anyone. include_deleted adds deleted sections for managers and is ignored for everyone else.
  rpc('list_team_video_sections', 'public', z.object({ team_id: uuid, ...listInput }), async ({ input, userId, nk }) => {
    const manager = await seesDeleted(nk.db, input.team_id, userId);
    return listSections(nk.db, {
      teamId: input.team_id,
      includeDeleted: input.include_deleted && manager,
      sortBy: input.sort_by,
      dir: input.sort_order,
      limit: input.limit,
      cursor: input.cursor || undefined,
    });
  }),

  // Managers. The listed sections come first in the order given; the team's others follow as they were.
  rpc('reorder_team_video_sections', 'registered', z.object({ team_id: uuid, ids: idsField }), async ({ input, userId, nk }) => {
    await requireManager(nk.db, input.team_id, userId);
    if (!(await reorder(nk.db, 'team_video_section', 'team_id', input.team_id, input.ids))) {
      throw invalid('ids: не все разделы принадлежат этой команде.');
    }
    return {};
  }),

  // Managers; the section must be a live one of the same team. The video goes last in its section.
  rpc(
    'create_team_video',
    'registered',
    z.object({
      team_id: uuid,
      section_id: uuid,
      title: titleField(),
      description: descriptionField,
      embed_url: embedField,
      tags: tagsField.optional(),
    }),
    async ({ input, userId, nk }) => {
      const embed = embedUrl(input.embed_url);
      await requireManager(nk.db, input.team_id, userId);
      await targetSection(nk.db, input.team_id, input.section_id);
      return createVideo(nk.db, nk.uuid(), {
        team_id: input.team_id,
        section_id: input.section_id,
        title: input.title,
        description: input.description ?? '',
        embed_url: embed,
        tags: input.tags ?? [],
      });
    },
  ),

  // Anyone; a deleted video, or one of a deleted section, only for managers.
  rpc('get_team_video', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const found = await getVideo(nk.db, input.id);
    const hidden = found && (found.video.delete_time || found.sectionDeleted);
    if (!found || (hidden && !(await seesDeleted(nk.db, found.video.team_id, userId)))) throw notFound(NO_VIDEO);
    return found.video;
  }),

  // Managers, deleted videos included. Omitted fields stay; a new section_id moves the video to the end
  // of that section, which must be a live one of the same team.
  rpc(
    'update_team_video',
    'registered',
    z.object({
      id: uuid,
      title: titleField().optional(),
      description: descriptionField,
      embed_url: embedField.optional(),
      tags: tagsField.optional(),
      section_id: uuid.optional(),
    }),
    async ({ input, userId, nk }) => {
      const embed = input.embed_url === undefined ? undefined : embedUrl(input.embed_url);
      const video = await managedVideo(nk.db, input.id, userId);
      if (input.section_id && input.section_id !== video.section_id) await targetSection(nk.db, video.team_id, input.section_id);
      const { id, ...changes } = input;
      const updated = await updateVideo(nk.db, id, { ...changes, embed_url: embed });
      if (!updated) throw notFound(NO_VIDEO);
      return updated;
    },
  ),

  // Managers. Soft; repeating either is a no-op.
  rpc('delete_team_video', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedVideo(nk.db, input.id, userId);
    await setDeleted(nk.db, 'team_video', input.id, true);
    return {};
  }),
  rpc('restore_team_video', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedVideo(nk.db, input.id, userId);
    await setDeleted(nk.db, 'team_video', input.id, false);
    return {};
  }),

  // Anyone. Videos of deleted sections are hidden like deleted videos; include_deleted shows both to
  // managers and is ignored for everyone else.
  rpc('list_team_videos', 'public', z.object({ team_id: uuid, section_id: uuid.optional(), ...listInput }), async ({ input, userId, nk }) => {
    const manager = await seesDeleted(nk.db, input.team_id, userId);
    return listVideos(nk.db, {
      teamId: input.team_id,
      sectionId: input.section_id,
      includeDeleted: input.include_deleted && manager,
      sortBy: input.sort_by,
      dir: input.sort_order,
      limit: input.limit,
      cursor: input.cursor || undefined,
    });
  }),

  // Managers of the section's team. The listed videos come first in the order given; the section's
  // others follow as they were.
  rpc('reorder_team_videos', 'registered', z.object({ section_id: uuid, ids: idsField }), async ({ input, userId, nk }) => {
    await managedSection(nk.db, input.section_id, userId);
    if (!(await reorder(nk.db, 'team_video', 'section_id', input.section_id, input.ids))) {
      throw invalid('ids: не все видео из этого раздела.');
    }
    return {};
  }),

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
