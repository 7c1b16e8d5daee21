// Team photos: sections (albums) and their photos. Anyone sees live ones; managers (the team's owner and
// admins) create, change, move, delete and restore them, and alone see deleted ones.
import { z } from 'zod';
import { failedPrecondition, invalid, notFound, type Queryable } from '@tribuna/server';
import { cursor, limit, rpc, uuid, type RpcDef } from '../lib/rpc.ts';
import { requireManager } from '../teams/access.ts';
import { descriptionField, directionField, int32Field, seesDeleted, titleField } from './common.ts';
import {
  createPhoto,
  createSection,
  getPhoto,
  getSection,
  listPhotos,
  listSections,
  setPhotoDeleted,
  setSectionDeleted,
  updatePhoto,
  updateSection,
  type Photo,
  type PhotoSection,
} from './store.ts';

const NO_SECTION = 'Раздел не найден.';
const NO_PHOTO = 'Фотография не найдена.';
const BAD_COVER = 'ожидалась ссылка https://… или путь на сайте, например /uploads/….';

/** An absolute http(s) link or a path on this site; never another scheme or a protocol-relative //host. */
function isCoverUrl(s: string): boolean {
  if (/[\s\\]/.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** Empty or null clears the cover. */
const coverField = z
  .string({ error: 'ожидалась строка.' })
  .trim()
  .max(2000, 'не длиннее 2000 символов.')
  .refine((s) => s === '' || isCoverUrl(s), BAD_COVER)
  .nullish()
  .transform((s) => (s === '' ? null : s));

/** A section as its viewer may see it: a deleted one exists for managers only. */
async function visibleSection(db: Queryable, id: string, userId: string): Promise<PhotoSection> {
  const s = await getSection(db, id);
  if (!s || (s.delete_time && !(await seesDeleted(db, s.team_id, userId)))) throw notFound(NO_SECTION);
  return s;
}

async function managedSection(db: Queryable, id: string, userId: string): Promise<PhotoSection> {
  const s = await getSection(db, id);
  if (!s) throw notFound(NO_SECTION);
  await requireManager(db, s.team_id, userId);
  return s;
}

async function managedPhoto(db: Queryable, id: string, userId: string): Promise<Photo> {
  const found = await getPhoto(db, id);
  if (!found) throw notFound(NO_PHOTO);
  await requireManager(db, found.photo.team_id, userId);
  return found.photo;
}

/** A section photos may be put in: one of the same team, not deleted. */
async function targetSection(db: Queryable, teamId: string, sectionId: string): Promise<void> {
  const s = await getSection(db, sectionId);
  if (!s) throw notFound(NO_SECTION);
  if (s.team_id !== teamId) throw invalid('section_id: раздел принадлежит другой команде.');
  if (s.delete_time) throw failedPrecondition('Раздел удалён: восстановите его или выберите другой.');
}

export const photoRpcs: RpcDef[] = [
  // Managers. The slug is the title given on creation and does not follow later renames.
  rpc(
    'create_team_photo_section',
    'registered',
    z.object({ team_id: uuid, title: titleField(), description: descriptionField, cover_photo_url: coverField, sort: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      return createSection(nk.db, nk.uuid(), input.team_id, {
        title: input.title,
        description: input.description ?? '',
        cover_photo_url: input.cover_photo_url ?? null,
        sort: input.sort ?? 0,
      });
    },
  ),

  // Anyone; a deleted section only for managers.
  rpc('get_team_photo_section', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) =>
    visibleSection(nk.db, input.id, userId),
  ),

  // Managers, deleted sections included. Omitted fields stay; null or '' clears the cover.
  rpc(
    'update_team_photo_section',
    'registered',
    z.object({ id: uuid, title: titleField().optional(), description: descriptionField, cover_photo_url: coverField, sort: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await managedSection(nk.db, input.id, userId);
      const { id, ...changes } = input;
      const s = await updateSection(nk.db, id, changes);
      if (!s) throw notFound(NO_SECTION);
      return s;
    },
  ),

  // Managers. Soft: the section and its photos are hidden until restored; repeating either is a no-op.
  rpc('delete_team_photo_section', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedSection(nk.db, input.id, userId);
    await setSectionDeleted(nk.db, input.id, true);
    return {};
  }),
  rpc('restore_team_photo_section', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedSection(nk.db, input.id, userId);
    await setSectionDeleted(nk.db, input.id, false);
    return {};
  }),

  // Anyone. include_deleted adds deleted sections for managers and is ignored for everyone else.
  rpc(
    'list_team_photo_sections',
    'public',
    z.object({
      team_id: uuid,
      limit: limit(20),
      cursor,
      sort_by: z.enum(['create_time', 'sort', 'title'], { error: "ожидалось 'create_time', 'sort' или 'title'." }).default('create_time'),
      sort_order: directionField.default('desc'),
      include_deleted: z.boolean().default(false),
    }),
    async ({ input, userId, nk }) => {
      const manager = await seesDeleted(nk.db, input.team_id, userId);
      return listSections(nk.db, {
        teamId: input.team_id,
        includeDeleted: input.include_deleted && manager,
        sortBy: input.sort_by,
        dir: input.sort_order,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
    },
  ),

  // Managers; the section must be a live one of the same team, the file an uploaded one.
  rpc(
    'create_team_photo',
    'registered',
    z.object({ team_id: uuid, section_id: uuid, file_id: uuid, description: descriptionField }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      await targetSection(nk.db, input.team_id, input.section_id);
      if (!(await nk.fileInfo(input.file_id))) throw invalid('file_id: файл не найден.');
      return createPhoto(nk.db, nk.uuid(), {
        team_id: input.team_id,
        section_id: input.section_id,
        file_id: input.file_id,
        description: input.description ?? '',
        creator_id: userId,
      });
    },
  ),

  // Anyone; a deleted photo, or one of a deleted section, only for managers.
  rpc('get_team_photo', 'public', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    const found = await getPhoto(nk.db, input.id);
    const hidden = found && (found.photo.delete_time || found.sectionDeleted);
    if (!found || (hidden && !(await seesDeleted(nk.db, found.photo.team_id, userId)))) throw notFound(NO_PHOTO);
    return found.photo;
  }),

  // Managers, deleted photos included.
  rpc(
    'update_team_photo',
    'registered',
    z.object({ id: uuid, description: descriptionField }),
    async ({ input, userId, nk }) => {
      if (input.description === undefined) throw invalid('description: укажите описание (пустая строка его очищает).');
      await managedPhoto(nk.db, input.id, userId);
      const photo = await updatePhoto(nk.db, input.id, { description: input.description });
      if (!photo) throw notFound(NO_PHOTO);
      return photo;
    },
  ),

  // Managers; to a live section of the photo's own team.
  rpc('move_team_photo', 'registered', z.object({ id: uuid, section_id: uuid }), async ({ input, userId, nk }) => {
    const photo = await managedPhoto(nk.db, input.id, userId);
    await targetSection(nk.db, photo.team_id, input.section_id);
    const moved = await updatePhoto(nk.db, input.id, { section_id: input.section_id });
    if (!moved) throw notFound(NO_PHOTO);
    return moved;
  }),

  // Managers. Soft; repeating either is a no-op.
  rpc('delete_team_photo', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedPhoto(nk.db, input.id, userId);
    await setPhotoDeleted(nk.db, input.id, true);
    return {};
  }),
  rpc('restore_team_photo', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await managedPhoto(nk.db, input.id, userId);
    await setPhotoDeleted(nk.db, input.id, false);
    return {};
  }),

  // Anyone, by create_time. Photos of deleted sections are hidden like deleted photos; include_deleted
  // shows both to managers and is ignored for everyone else.
  rpc(
    'list_team_photos',
    'public',
    z.object({
      team_id: uuid,
      section_id: uuid.optional(),
      include_deleted: z.boolean().default(false),
      limit: limit(50),
      cursor,
      sort_order: directionField.default('desc'),
    }),
    async ({ input, userId, nk }) => {
      const manager = await seesDeleted(nk.db, input.team_id, userId);
      return listPhotos(nk.db, {
        teamId: input.team_id,
        sectionId: input.section_id,
        includeDeleted: input.include_deleted && manager,
        dir: input.sort_order,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
    },
  ),
];
