// Team photos: sections (albums) and their photos. Anyone sees live ones; managers (the team's owner and
// admins) create, change, move, delete and restore them, and alone see deleted ones.
import { z } from 'zod';
import { invalid } from '@tribuna/server';
import { checkFile } from '../lib/files.ts';
import { cursor, descriptionField, directionField, int32Field, limit, rpc, titleField, uuid } from '../lib/rpc.ts';
import { deleteAndRestore, itemAccess, listing, requireManager, sectionAccess } from '../teams/index.ts';
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
} from './store.ts';

const sections = sectionAccess(getSection);
const photos = itemAccess(getPhoto, 'Фотография не найдена.');
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

export const photoRpcs = [
  // Managers. The slug is the title given on creation and does not follow later renames.
  rpc(
    'create_team_photo_section',
    'registered',
    z.object({ team_id: uuid, title: titleField, description: descriptionField, cover_photo_url: coverField, sort: int32Field.optional() }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      return createSection(nk.db, nk.uuid(), input.team_id, {
        title: input.title,
        description: input.description ?? '',
        cover_photo_url: input.cover_photo_url ?? null,
        sort: input.sort ?? 0,
      });
    },
    { limit: 'create' },
  ),

  // Managers, deleted sections included. Omitted fields stay; null or '' clears the cover.
  rpc(
    'update_team_photo_section',
    'registered',
    z.object({ id: uuid, title: titleField.optional(), description: descriptionField, cover_photo_url: coverField, sort: int32Field.optional() }),
    async ({ input, userId, nk }) => sections.update(nk.db, userId, input, updateSection),
    { limit: 'write' },
  ),

  // Managers. Soft: the section and its photos are hidden until restored; repeating either is a no-op.
  ...deleteAndRestore({ delete: 'delete_team_photo_section', restore: 'restore_team_photo_section' }, sections.managed, setSectionDeleted),

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
    async ({ input, userId, nk }) => listSections(nk.db, { ...(await listing(nk.db, userId, input)), sortBy: input.sort_by }),
  ),

  // Managers; the section must be a live one of the same team, the file an uploaded one.
  rpc(
    'create_team_photo',
    'registered',
    z.object({ team_id: uuid, section_id: uuid, file_id: uuid, description: descriptionField }),
    async ({ input, userId, nk }) => {
      await requireManager(nk.db, input.team_id, userId);
      await sections.target(nk.db, input.team_id, input.section_id);
      await checkFile(nk, 'file_id', input.file_id);
      return createPhoto(nk.db, nk.uuid(), {
        team_id: input.team_id,
        section_id: input.section_id,
        file_id: input.file_id,
        description: input.description ?? '',
        creator_id: userId,
      });
    },
    { limit: 'create' },
  ),

  // Managers, deleted photos included.
  rpc(
    'update_team_photo',
    'registered',
    z.object({ id: uuid, description: descriptionField }),
    async ({ input, userId, nk }) => {
      if (input.description === undefined) throw invalid('description: укажите описание (пустая строка его очищает).');
      await photos.managed(nk.db, input.id, userId);
      return photos.found(await updatePhoto(nk.db, input.id, { description: input.description }));
    },
    { limit: 'write' },
  ),

  // Managers; to a live section of the photo's own team.
  rpc('move_team_photo', 'registered', z.object({ id: uuid, section_id: uuid }), async ({ input, userId, nk }) => {
    const photo = await photos.managed(nk.db, input.id, userId);
    await sections.target(nk.db, photo.team_id, input.section_id);
    return photos.found(await updatePhoto(nk.db, input.id, { section_id: input.section_id }));
  }, { limit: 'write' }),

  // Managers. Soft; repeating either is a no-op.
  ...deleteAndRestore({ delete: 'delete_team_photo', restore: 'restore_team_photo' }, photos.managed, setPhotoDeleted),

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
    async ({ input, userId, nk }) => listPhotos(nk.db, { ...(await listing(nk.db, userId, input)), sectionId: input.section_id }),
  ),
];
