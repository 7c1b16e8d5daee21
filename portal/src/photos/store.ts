// Team photo sections and photos: their SQL. Deletion is soft; a deleted section hides its photos as well.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, setDeleted, textKey, times } from '../lib/sql.ts';

export interface PhotoSection {
  id: string;
  team_id: string;
  title: string;
  description: string;
  cover_photo_url?: string;
  slug: string;
  sort: number;
  /** Live (not deleted) photos of the section. */
  photo_count: number;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

export interface Photo {
  id: string;
  team_id: string;
  section_id: string;
  file_id: string;
  description: string;
  creator_id: string;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

interface SectionRow {
  id: string;
  team_id: string;
  title: string;
  title_key: string;
  description: string;
  cover_photo_url: string | null;
  slug: string;
  sort: number;
  photo_count: number;
  create_time: Date;
  update_time: Date;
  delete_time: Date | null;
}

interface PhotoRow {
  id: string;
  team_id: string;
  section_id: string;
  file_id: string;
  description: string;
  creator_id: string;
  create_time: Date;
  update_time: Date;
  delete_time: Date | null;
}

// Every statement names the section table "s" and the photo table "p".
const SECTION = `s.id, s.team_id, s.title, s.title_key, s.description, s.cover_photo_url, s.slug, s.sort,
  s.create_time, s.update_time, s.delete_time,
  (SELECT count(*)::int FROM team_photo c WHERE c.section_id = s.id AND c.delete_time IS NULL) AS photo_count`;
const PHOTO = 'p.id, p.team_id, p.section_id, p.file_id, p.description, p.creator_id, p.create_time, p.update_time, p.delete_time';

function toSection(r: SectionRow): PhotoSection {
  const s: PhotoSection = {
    id: r.id,
    team_id: r.team_id,
    title: r.title,
    description: r.description,
    slug: r.slug,
    sort: r.sort,
    photo_count: r.photo_count,
    ...times(r),
  };
  if (r.cover_photo_url !== null) s.cover_photo_url = r.cover_photo_url;
  if (r.delete_time) s.delete_time = r.delete_time.toISOString();
  return s;
}

function toPhoto(r: PhotoRow): Photo {
  const p: Photo = {
    id: r.id,
    team_id: r.team_id,
    section_id: r.section_id,
    file_id: r.file_id,
    description: r.description,
    creator_id: r.creator_id,
    ...times(r),
  };
  if (r.delete_time) p.delete_time = r.delete_time.toISOString();
  return p;
}

export interface NewSection {
  title: string;
  description: string;
  cover_photo_url: string | null;
  sort: number;
}

/** Fields to change; undefined leaves a field as it is. The slug stays what the first title was. */
export interface SectionChanges {
  title?: string;
  description?: string;
  cover_photo_url?: string | null;
  sort?: number;
}

export async function createSection(db: Queryable, id: string, teamId: string, n: NewSection): Promise<PhotoSection> {
  const rows = await db.query<SectionRow>(
    `INSERT INTO team_photo_section AS s (id, team_id, title, title_key, description, cover_photo_url, slug, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $3, $7) RETURNING ${SECTION}`,
    [id, teamId, n.title, textKey(n.title), n.description, n.cover_photo_url, n.sort],
  );
  return toSection(rows[0]);
}

/** A section, deleted or not. */
export async function getSection(db: Queryable, id: string): Promise<PhotoSection | undefined> {
  const rows = await db.query<SectionRow>(`SELECT ${SECTION} FROM team_photo_section s WHERE s.id = $1`, [id]);
  return rows.length ? toSection(rows[0]) : undefined;
}

export async function updateSection(db: Queryable, id: string, c: SectionChanges): Promise<PhotoSection | undefined> {
  const { values, p } = params();
  const sets = ['update_time = now()'];
  if (c.title !== undefined) sets.push(`title = ${p(c.title)}`, `title_key = ${p(textKey(c.title))}`);
  sets.push(...assign(p, c, ['description', 'cover_photo_url', 'sort']));
  const rows = await db.query<SectionRow>(
    `UPDATE team_photo_section AS s SET ${sets.join(', ')} WHERE s.id = ${p(id)} RETURNING ${SECTION}`,
    values,
  );
  return rows.length ? toSection(rows[0]) : undefined;
}

/** Soft-deletes or restores; a no-op when already so (the first deletion's time stays). */
export const setSectionDeleted = (db: Queryable, id: string, deleted: boolean) => setDeleted(db, 'team_photo_section', id, deleted);

/** @internal */
export type SectionSort = 'create_time' | 'sort' | 'title';

const SECTION_SORTS: Record<SectionSort, KeySort<SectionRow>> = {
  create_time: { column: 's.create_time', kind: 'time', key: (r) => r.create_time },
  sort: { column: 's.sort', kind: 'int', key: (r) => r.sort },
  title: { column: 's.title_key', kind: 'text', key: (r) => r.title_key },
};

export interface SectionQuery {
  teamId: string;
  includeDeleted: boolean;
  sortBy: SectionSort;
  dir: Direction;
  limit: number;
  cursor?: string;
}

export async function listSections(db: Queryable, q: SectionQuery): Promise<{ sections: PhotoSection[]; cursor?: string }> {
  const { values, p } = params();
  const where = [`s.team_id = ${p(q.teamId)}`];
  if (!q.includeDeleted) where.push('s.delete_time IS NULL');
  const ks = keyset(`photo-sections:${q.sortBy}:${q.dir}`, SECTION_SORTS[q.sortBy], 's.id', q.dir, q.cursor, p);
  if (ks.where) where.push(ks.where);
  const rows = await db.query<SectionRow>(
    `SELECT ${SECTION} FROM team_photo_section s WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${p(q.limit + 1)}`,
    values,
  );
  return paged('sections', rows, q.limit, toSection, ks.cursorOf);
}

export interface NewPhoto {
  team_id: string;
  section_id: string;
  file_id: string;
  description: string;
  creator_id: string;
}

export async function createPhoto(db: Queryable, id: string, n: NewPhoto): Promise<Photo> {
  const rows = await db.query<PhotoRow>(
    `INSERT INTO team_photo AS p (id, team_id, section_id, file_id, description, creator_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PHOTO}`,
    [id, n.team_id, n.section_id, n.file_id, n.description, n.creator_id],
  );
  return toPhoto(rows[0]);
}

/** A photo, deleted or not, and whether its section is deleted (which hides it as well). */
export async function getPhoto(db: Queryable, id: string): Promise<{ item: Photo; sectionDeleted: boolean } | undefined> {
  const rows = await db.query<PhotoRow & { section_deleted: boolean }>(
    `SELECT ${PHOTO}, s.delete_time IS NOT NULL AS section_deleted
     FROM team_photo p JOIN team_photo_section s ON s.id = p.section_id WHERE p.id = $1`,
    [id],
  );
  return rows.length ? { item: toPhoto(rows[0]), sectionDeleted: rows[0].section_deleted } : undefined;
}

/** Changes the description or the section (the foreign key keeps the section in the photo's team). */
export async function updatePhoto(db: Queryable, id: string, c: { description?: string; section_id?: string }): Promise<Photo | undefined> {
  const { values, p } = params();
  const sets = ['update_time = now()', ...assign(p, c, ['description', 'section_id'])];
  const rows = await db.query<PhotoRow>(`UPDATE team_photo AS p SET ${sets.join(', ')} WHERE p.id = ${p(id)} RETURNING ${PHOTO}`, values);
  return rows.length ? toPhoto(rows[0]) : undefined;
}

/** Soft-deletes or restores; a no-op when already so. */
export const setPhotoDeleted = (db: Queryable, id: string, deleted: boolean) => setDeleted(db, 'team_photo', id, deleted);

export interface PhotoQuery {
  teamId: string;
  sectionId?: string;
  /** Deleted photos and photos of deleted sections too. */
  includeDeleted: boolean;
  dir: Direction;
  limit: number;
  cursor?: string;
}

const BY_CREATE_TIME: KeySort<PhotoRow> = { column: 'p.create_time', kind: 'time', key: (r) => r.create_time };

/** By create_time; served by (team_id, create_time, id) or (section_id, create_time, id). */
export async function listPhotos(db: Queryable, q: PhotoQuery): Promise<{ photos: Photo[]; cursor?: string }> {
  const { values, p } = params();
  const where = [`p.team_id = ${p(q.teamId)}`];
  if (q.sectionId) where.push(`p.section_id = ${p(q.sectionId)}`);
  if (!q.includeDeleted) where.push('p.delete_time IS NULL', 's.delete_time IS NULL');
  const ks = keyset(`photos:${q.dir}`, BY_CREATE_TIME, 'p.id', q.dir, q.cursor, p);
  if (ks.where) where.push(ks.where);
  // The team condition lets the planner reach the sections through their team index too.
  const join = q.includeDeleted ? '' : 'JOIN team_photo_section s ON s.id = p.section_id AND s.team_id = p.team_id';
  const rows = await db.query<PhotoRow>(
    `SELECT ${PHOTO} FROM team_photo p ${join} WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${p(q.limit + 1)}`,
    values,
  );
  return paged('photos', rows, q.limit, toPhoto, ks.cursorOf);
}
