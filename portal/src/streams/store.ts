// Broadcasts' SQL (table stream, see migrations/0012_streams.sql). Deletion is final.
import type { Queryable } from '@tribuna/server';
import { paged } from '../lib/cursor.ts';
import { keyset, type Direction, type KeySort } from '../lib/keyset.ts';
import { assign, params, textKey, times } from '../lib/sql.ts';
import { cutText } from '../lib/text.ts';

export interface Stream {
  id: string;
  title: string;
  description: string;
  embed_url: string;
  /** Absent: on air from its creation. */
  start_time?: string;
  /** Absent: never ends. */
  end_time?: string;
  tags: string[];
  /** The match it shows: its page carries the match's live feed. */
  match_id?: string;
  creator_id: string;
  create_time: string;
  update_time: string;
}

interface Row {
  id: string;
  title: string;
  description: string;
  embed_url: string;
  start_time: Date | null;
  end_time: Date | null;
  tags: string[];
  match_id: string | null;
  creator_id: string;
  create_time: Date;
  update_time: Date;
  start_key: Date;
}

const COLUMNS = 'id, title, description, embed_url, start_time, end_time, tags, match_id, creator_id, create_time, update_time, start_key';
/** The spec's length of a card's description: a list sends no more of it. */
const CARD_DESCRIPTION = 100;
/** COLUMNS with the description cut as a card shows it. */
const LIST_COLUMNS = COLUMNS.replace('description', () => `${cutText('description', CARD_DESCRIPTION)} AS description`);

function toStream(r: Row): Stream {
  const s: Stream = {
    id: r.id,
    title: r.title,
    description: r.description,
    embed_url: r.embed_url,
    tags: r.tags,
    creator_id: r.creator_id,
    ...times(r),
  };
  if (r.start_time) s.start_time = r.start_time.toISOString();
  if (r.end_time) s.end_time = r.end_time.toISOString();
  if (r.match_id) s.match_id = r.match_id;
  return s;
}

export interface NewStream {
  title: string;
  description: string;
  embed_url: string;
  start_time: Date | null;
  end_time: Date | null;
  /** Trimmed, without repeats (case-insensitively). */
  tags: string[];
  match_id: string | null;
}

export async function createStream(q: Queryable, id: string, creatorId: string, n: NewStream): Promise<Stream> {
  const rows = await q.query<Row>(
    `INSERT INTO stream (id, title, description, embed_url, start_time, end_time, tags, tag_keys, creator_id, match_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [id, n.title, n.description, n.embed_url, n.start_time, n.end_time, n.tags, n.tags.map(textKey), creatorId, n.match_id],
  );
  return toStream(rows[0]);
}

export async function getStream(q: Queryable, id: string): Promise<Stream | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM stream WHERE id = $1`, [id]);
  return rows.length ? toStream(rows[0]) : undefined;
}

/** Fields to change; undefined leaves a field as it is, null clears start_time, end_time or match_id. */
export type StreamChanges = Partial<NewStream>;

export async function updateStream(q: Queryable, id: string, c: StreamChanges): Promise<Stream | undefined> {
  const { values, p } = params(id);
  const sets = ['update_time = now()', ...assign(p, c, ['title', 'description', 'embed_url', 'start_time', 'end_time', 'match_id'])];
  if (c.tags !== undefined) sets.push(`tags = ${p(c.tags)}::text[]`, `tag_keys = ${p(c.tags.map(textKey))}::text[]`);
  const rows = await q.query<Row>(`UPDATE stream SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`, values);
  return rows.length ? toStream(rows[0]) : undefined;
}

export async function deleteStream(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM stream WHERE id = $1', [id])) > 0;
}

/** @internal */
export type SortBy = 'create_time' | 'start_time' | 'update_time';

/** sort_by start_time orders by start_key: the start time, or the creation time when there is none. */
const SORTS: Record<SortBy, KeySort<Row>> = {
  create_time: { column: 'create_time', kind: 'time', key: (r) => r.create_time },
  start_time: { column: 'start_key', kind: 'time', key: (r) => r.start_key },
  update_time: { column: 'update_time', kind: 'time', key: (r) => r.update_time },
};

export interface StreamQuery {
  /** One creator's broadcasts only. */
  creatorId?: string;
  /** A tag, compared case-insensitively. */
  tag?: string;
  /** Starting (start time, or creation time when absent) at or after / before. */
  startAfter?: Date;
  startBefore?: Date;
  /** Ending at or after (a broadcast without an end time never ends) / before. */
  endAfter?: Date;
  endBefore?: Date;
  /** Started and not yet ended. */
  onlyActive: boolean;
  sortBy: SortBy;
  dir: Direction;
  limit: number;
  cursor?: string;
}

/** Served by the index of the sort (one creator's, when given) or, with a tag, by the tag index. */
export async function listStreams(q: Queryable, f: StreamQuery): Promise<{ streams: Stream[]; cursor?: string }> {
  const { values, p } = params();
  const where: string[] = [];
  if (f.creatorId) where.push(`creator_id = ${p(f.creatorId)}`);
  if (f.tag) where.push(`tag_keys @> ARRAY[${p(textKey(f.tag))}::text]`);
  if (f.startAfter) where.push(`start_key >= ${p(f.startAfter)}`);
  if (f.startBefore) where.push(`start_key < ${p(f.startBefore)}`);
  if (f.endAfter) where.push(`(end_time IS NULL OR end_time >= ${p(f.endAfter)})`);
  if (f.endBefore) where.push(`end_time < ${p(f.endBefore)}`);
  if (f.onlyActive) where.push('start_key <= now()', '(end_time IS NULL OR end_time > now())');
  const ks = keyset(`streams:${f.sortBy}:${f.dir}`, SORTS[f.sortBy], 'id', f.dir, f.cursor, p);
  if (ks.where) where.push(ks.where);
  const rows = await q.query<Row>(
    `SELECT ${LIST_COLUMNS} FROM stream ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${ks.order} LIMIT ${p(f.limit + 1)}`,
    values,
  );
  return paged('streams', rows, f.limit, toStream, ks.cursorOf);
}
