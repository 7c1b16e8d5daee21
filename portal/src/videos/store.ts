// Team video sections and videos: their SQL. Deletion is soft; a deleted section hides its videos as well.
import type { Db, Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, setDeleted, textKey, times } from '../lib/sql.ts';

export interface VideoSection {
  id: string;
  team_id: string;
  title: string;
  description: string;
  sort_order: number;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

export interface Video {
  id: string;
  team_id: string;
  section_id: string;
  title: string;
  description: string;
  embed_url: string;
  tags: string[];
  sort_order: number;
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
  sort_order: number;
  create_time: Date;
  update_time: Date;
  delete_time: Date | null;
}

export interface VideoRow extends SectionRow {
  section_id: string;
  embed_url: string;
  tags: string[];
}

// Statements name the section table "s" and the video table "v".
const SECTION = 's.id, s.team_id, s.title, s.title_key, s.description, s.sort_order, s.create_time, s.update_time, s.delete_time';
export const VIDEO = `v.id, v.team_id, v.section_id, v.title, v.title_key, v.description, v.embed_url, v.tags, v.sort_order,
  v.create_time, v.update_time, v.delete_time`;

function toSection(r: SectionRow): VideoSection {
  const s: VideoSection = {
    id: r.id,
    team_id: r.team_id,
    title: r.title,
    description: r.description,
    sort_order: r.sort_order,
    ...times(r),
  };
  if (r.delete_time) s.delete_time = r.delete_time.toISOString();
  return s;
}

export function toVideo(r: VideoRow): Video {
  const v: Video = {
    id: r.id,
    team_id: r.team_id,
    section_id: r.section_id,
    title: r.title,
    description: r.description,
    embed_url: r.embed_url,
    tags: r.tags,
    sort_order: r.sort_order,
    ...times(r),
  };
  if (r.delete_time) v.delete_time = r.delete_time.toISOString();
  return v;
}

/** Fields to change; undefined leaves a field as it is. */
export interface SectionChanges {
  title?: string;
  description?: string;
  sort_order?: number;
}

/** Without a sort_order the section goes last; concurrent ones may share a sort_order, id breaks the tie. */
export async function createSection(db: Queryable, id: string, teamId: string, n: SectionChanges & { title: string }): Promise<VideoSection> {
  const rows = await db.query<SectionRow>(
    `INSERT INTO team_video_section AS s (id, team_id, title, title_key, description, sort_order)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::integer,
       (SELECT max(sort_order) + 1 FROM team_video_section WHERE team_id = $2), 0))
     RETURNING ${SECTION}`,
    [id, teamId, n.title, textKey(n.title), n.description ?? '', n.sort_order ?? null],
  );
  return toSection(rows[0]);
}

/** A section, deleted or not. */
export async function getSection(db: Queryable, id: string): Promise<VideoSection | undefined> {
  const rows = await db.query<SectionRow>(`SELECT ${SECTION} FROM team_video_section s WHERE s.id = $1`, [id]);
  return rows.length ? toSection(rows[0]) : undefined;
}

export async function updateSection(db: Queryable, id: string, c: SectionChanges): Promise<VideoSection | undefined> {
  const { values, p } = params();
  const sets = ['update_time = now()'];
  if (c.title !== undefined) sets.push(`title = ${p(c.title)}`, `title_key = ${p(textKey(c.title))}`);
  sets.push(...assign(p, c, ['description', 'sort_order']));
  const rows = await db.query<SectionRow>(`UPDATE team_video_section AS s SET ${sets.join(', ')} WHERE s.id = ${p(id)} RETURNING ${SECTION}`, values);
  return rows.length ? toSection(rows[0]) : undefined;
}

type Table = 'team_video_section' | 'team_video';

/** Soft-deletes or restores; a no-op when already so (the first deletion's time stays). */
export const setSectionDeleted = (db: Queryable, id: string, deleted: boolean) => setDeleted(db, 'team_video_section', id, deleted);
export const setVideoDeleted = (db: Queryable, id: string, deleted: boolean) => setDeleted(db, 'team_video', id, deleted);

/** @internal */
export type SortBy = 'sort_order' | 'create_time' | 'title';

// Unqualified columns: sections ("s") and videos ("v") share them.
const SORTS: Record<SortBy, KeySort<SectionRow>> = {
  sort_order: { column: 'sort_order', kind: 'int', key: (r) => r.sort_order },
  create_time: { column: 'create_time', kind: 'time', key: (r) => r.create_time },
  title: { column: 'title_key', kind: 'text', key: (r) => r.title_key },
};

export interface ListQuery {
  teamId: string;
  /** Videos of one section only. */
  sectionId?: string;
  /** Deleted items (and videos of deleted sections) too. */
  includeDeleted: boolean;
  sortBy: SortBy;
  dir: Direction;
  limit: number;
  cursor?: string;
}

/** Served by the (team_id, key, id) index of the sort. */
export async function listSections(db: Queryable, q: ListQuery): Promise<{ sections: VideoSection[]; cursor?: string }> {
  const sort = SORTS[q.sortBy];
  const { values, p } = params();
  const where = [`s.team_id = ${p(q.teamId)}`];
  if (!q.includeDeleted) where.push('s.delete_time IS NULL');
  const ks = keyset(`video-sections:${q.sortBy}:${q.dir}`, { ...sort, column: `s.${sort.column}` }, 's.id', q.dir, q.cursor, p);
  if (ks.where) where.push(ks.where);
  const rows = await db.query<SectionRow>(
    `SELECT ${SECTION} FROM team_video_section s WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${p(q.limit + 1)}`,
    values,
  );
  return paged('sections', rows, q.limit, toSection, ks.cursorOf);
}

export interface NewVideo {
  team_id: string;
  section_id: string;
  title: string;
  description: string;
  embed_url: string;
  tags: string[];
}

/** The video goes last in its section; concurrent ones may share a sort_order, id breaks the tie. */
export async function createVideo(db: Queryable, id: string, n: NewVideo): Promise<Video> {
  const rows = await db.query<VideoRow>(
    `INSERT INTO team_video AS v (id, team_id, section_id, title, title_key, description, embed_url, tags, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
       COALESCE((SELECT max(sort_order) + 1 FROM team_video WHERE section_id = $3), 0))
     RETURNING ${VIDEO}`,
    [id, n.team_id, n.section_id, n.title, textKey(n.title), n.description, n.embed_url, n.tags],
  );
  return toVideo(rows[0]);
}

/** A video, deleted or not, and whether its section is deleted (which hides it as well). */
export async function getVideo(db: Queryable, id: string): Promise<{ item: Video; sectionDeleted: boolean } | undefined> {
  const rows = await db.query<VideoRow & { section_deleted: boolean }>(
    `SELECT ${VIDEO}, s.delete_time IS NOT NULL AS section_deleted
     FROM team_video v JOIN team_video_section s ON s.id = v.section_id WHERE v.id = $1`,
    [id],
  );
  return rows.length ? { item: toVideo(rows[0]), sectionDeleted: rows[0].section_deleted } : undefined;
}

export interface VideoChanges {
  title?: string;
  description?: string;
  embed_url?: string;
  tags?: string[];
  /** Moves the video to the end of another section of its team. */
  section_id?: string;
}

export async function updateVideo(db: Queryable, id: string, c: VideoChanges): Promise<Video | undefined> {
  const { values, p } = params();
  const sets = ['update_time = now()'];
  if (c.title !== undefined) sets.push(`title = ${p(c.title)}`, `title_key = ${p(textKey(c.title))}`);
  sets.push(...assign(p, c, ['description', 'embed_url']));
  if (c.tags !== undefined) sets.push(`tags = ${p(c.tags)}::text[]`);
  if (c.section_id !== undefined) {
    const s = p(c.section_id);
    sets.push(
      `section_id = ${s}::uuid`,
      `sort_order = CASE WHEN v.section_id = ${s}::uuid THEN v.sort_order
         ELSE COALESCE((SELECT max(sort_order) + 1 FROM team_video WHERE section_id = ${s}::uuid), 0) END`,
    );
  }
  const rows = await db.query<VideoRow>(`UPDATE team_video AS v SET ${sets.join(', ')} WHERE v.id = ${p(id)} RETURNING ${VIDEO}`, values);
  return rows.length ? toVideo(rows[0]) : undefined;
}

/** Served by the (section_id, key, id) or (team_id, key, id) index of the sort. */
export async function listVideos(db: Queryable, q: ListQuery): Promise<{ videos: Video[]; cursor?: string }> {
  const sort = SORTS[q.sortBy];
  const { values, p } = params();
  const where = [`v.team_id = ${p(q.teamId)}`];
  if (q.sectionId) where.push(`v.section_id = ${p(q.sectionId)}`);
  if (!q.includeDeleted) where.push('v.delete_time IS NULL', 's.delete_time IS NULL');
  const ks = keyset(`videos:${q.sortBy}:${q.dir}`, { ...sort, column: `v.${sort.column}` }, 'v.id', q.dir, q.cursor, p);
  if (ks.where) where.push(ks.where);
  // The team condition lets the planner reach the sections through their team index too.
  const join = q.includeDeleted ? '' : 'JOIN team_video_section s ON s.id = v.section_id AND s.team_id = v.team_id';
  const rows = await db.query<VideoRow>(
    `SELECT ${VIDEO} FROM team_video v ${join} WHERE ${where.join(' AND ')} ORDER BY ${ks.order} LIMIT ${p(q.limit + 1)}`,
    values,
  );
  return paged('videos', rows, q.limit, toVideo, ks.cursorOf);
}

/**
 * Puts the listed rows first, sort_order 0, 1, … in the order given; the others of the same team (sections)
 * or section (videos) follow in their previous order. False, changing nothing, when an id is not among them.
 */
export async function reorder(db: Db, table: Table, scope: 'team_id' | 'section_id', scopeId: string, ids: string[]): Promise<boolean> {
  return db.tx(async (q) => {
    const [{ n }] = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${scope} = $1 AND id = ANY($2::uuid[])`,
      [scopeId, ids],
    );
    if (n !== ids.length) return false;
    await q.execute(
      `UPDATE ${table} t SET sort_order = o.pos, update_time = now()
       FROM (SELECT g.id, g.ord - 1 AS pos FROM unnest($2::uuid[]) WITH ORDINALITY AS g (id, ord)
             UNION ALL
             SELECT r.id, $3::bigint + row_number() OVER (ORDER BY r.sort_order, r.id) - 1
             FROM ${table} r WHERE r.${scope} = $1 AND r.id <> ALL ($2::uuid[])) o
       WHERE t.id = o.id AND t.sort_order <> o.pos`,
      [scopeId, ids, ids.length],
    );
    return true;
  });
}
