// Groups: creation, settings, deletion, lookup and listing. Membership and its state rules are in
// group-members.ts, which shares the lookups and locks below.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { GroupRow } from '../encode.ts';
import { alreadyExists, invalid, isUniqueViolation, notFound } from '../errors.ts';
import type { Channels } from './channels.ts';
import { BAD_CURSOR, decodeCursor, encodeCursor, isTuple } from './cursor.ts';
import { isUuid } from '../tokens.ts';
import { checkLimit } from './validate.ts';

export const GroupState = { SuperAdmin: 0, Admin: 1, Member: 2, JoinRequest: 3, Banned: 4 } as const;

/** The columns of groups (alias g) that groupMsg needs: a GroupRow. */
export const GROUP_COLUMNS = `g.id, g.creator_id, g.name, g.description, g.avatar_url, g.lang_tag, g.metadata, g.open,
  g.edge_count, g.max_count, g.create_time, g.update_time`;

export interface Actor {
  id: string;
  username: string;
}

export interface GroupInput {
  name?: string;
  description?: string;
  langTag?: string;
  avatarUrl?: string;
  open?: boolean;
  maxCount?: number;
  metadata?: Record<string, unknown>;
}

export interface GroupFilter {
  name?: string;
  langTag?: string;
  members?: number;
  open?: boolean;
  limit: number;
  cursor?: string;
}

export const DENIED = 'Group not found or permission denied.';
const MAX_GROUP_SIZE = 100_000;
// Positions order members by the time of their last change; microseconds keep them distinct in practice.
export const POSITION = '(extract(epoch from clock_timestamp()) * 1000000)::bigint';

export class Groups {
  private readonly db: Db;
  private readonly channels: Channels;

  constructor(db: Db, channels: Channels) {
    this.db = db;
    this.channels = channels;
  }

  async state(groupId: string, userId: string, q: Queryable = this.db): Promise<number | undefined> {
    return memberState(q, groupId, userId);
  }

  async get(groupId: string): Promise<GroupRow | undefined> {
    return findGroup(this.db, groupId);
  }

  async create(creator: Actor, input: GroupInput): Promise<GroupRow> {
    const name = checkName(input.name);
    const maxCount = input.maxCount ?? 100;
    if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > MAX_GROUP_SIZE) {
      throw invalid(`Group max count must be between 1 and ${MAX_GROUP_SIZE}.`);
    }
    const id = crypto.randomUUID();
    try {
      return await this.db.tx(async (q) => {
        const rows = await q.query<GroupRow>(
          `INSERT INTO groups AS g (id, creator_id, name, description, avatar_url, lang_tag, metadata, open, edge_count, max_count)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9) RETURNING ${GROUP_COLUMNS}`,
          [id, creator.id, name, text('Description', input.description, 255), text('Avatar URL', input.avatarUrl, 512),
            text('Lang tag', input.langTag, 18) ?? 'en', JSON.stringify(input.metadata ?? {}), input.open ?? false, maxCount],
        );
        await q.execute(`INSERT INTO group_edge (group_id, user_id, state, position) VALUES ($1, $2, 0, ${POSITION})`, [id, creator.id]);
        return rows[0];
      });
    } catch (err) {
      if (isUniqueViolation(err, 'groups_name_key')) throw alreadyExists('Did not create group as a group already exists with the same name.');
      throw err;
    }
  }

  /** Admins and superadmins change name, description, language, avatar and openness. */
  async update(userId: string, groupId: string, input: GroupInput): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [groupId];
    const set = (col: string, v: unknown) => {
      params.push(v);
      sets.push(`${col} = $${params.length}`);
    };
    if (input.name !== undefined) set('name', checkName(input.name));
    if (input.description !== undefined) set('description', text('Description', input.description, 255));
    if (input.langTag !== undefined) set('lang_tag', text('Lang tag', input.langTag, 18) ?? 'en');
    if (input.avatarUrl !== undefined) set('avatar_url', text('Avatar URL', input.avatarUrl, 512));
    if (input.open !== undefined) set('open', input.open);
    if (input.metadata !== undefined) set('metadata', JSON.stringify(input.metadata));
    await this.db.tx(async (q) => {
      const state = await lockGroup(q, groupId, userId);
      if (state === undefined || state > GroupState.Admin) throw notFound(DENIED);
      if (!sets.length) return;
      await q.execute(`UPDATE groups SET ${sets.join(', ')}, update_time = now() WHERE id = $1`, params);
    }).catch((err) => {
      if (isUniqueViolation(err, 'groups_name_key')) throw alreadyExists('Group name is in use.');
      throw err;
    });
  }

  /** Only a superadmin deletes a group. */
  async delete(userId: string, groupId: string): Promise<void> {
    await this.db.tx(async (q) => {
      const state = await lockGroup(q, groupId, userId);
      if (state !== GroupState.SuperAdmin) throw notFound(DENIED);
      await deleteGroup(q, groupId);
    });
    this.channels.closeGroupChannel(groupId);
  }

  async list(f: GroupFilter): Promise<{ groups: GroupRow[]; cursor?: string }> {
    checkLimit(f.limit, 1, 100);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (f.name !== undefined && f.name !== '') {
      if (f.langTag !== undefined || f.members !== undefined || f.open !== undefined) {
        throw invalid('The name filter cannot be combined with other filters.');
      }
      const pattern = f.name.replace(/^[%\s]+/, '');
      if (!pattern) throw invalid('The name filter must contain more than wildcards.');
      // A case-insensitive prefix: `%` stays a wildcard, `_` and `\` are literal. Lowered in SQL, like the
      // column and the sort key, so the filter, the order and the cursor use one case mapping.
      add('lower(g.name) LIKE lower(?)', pattern.replace(/[\\_]/g, '\\$&') + '%');
    }
    if (f.langTag !== undefined && f.langTag !== '') add('g.lang_tag = ?', f.langTag);
    if (f.members !== undefined) add('g.edge_count >= ?', f.members);
    if (f.open !== undefined) add('g.open = ?', f.open);
    if (f.cursor) {
      const [key, id] = decodeCursor(f.cursor, isTuple(['string', 'string']), BAD_CURSOR) as [string, string];
      // Sort keys are lowered names of at most 255 characters (a few UTF-16 units each); names have no control characters.
      if (!isUuid(id) || key.length > 1020 || /\p{Cc}/u.test(key)) throw invalid(BAD_CURSOR);
      params.push(key, id);
      where.push(`(lower(g.name), g.id) > ($${params.length - 1}, $${params.length}::uuid)`);
    }
    params.push(f.limit + 1);
    const rows = await this.db.query<GroupRow & { sort_key: string }>(
      `SELECT ${GROUP_COLUMNS}, lower(g.name) AS sort_key FROM groups g ${where.length ? 'WHERE ' + where.join(' AND ') : ''}
       ORDER BY lower(g.name), g.id LIMIT $${params.length}`,
      params,
    );
    const more = rows.length > f.limit;
    const groups = more ? rows.slice(0, f.limit) : rows;
    const last = groups[groups.length - 1];
    // The key as the database lowered it: JavaScript's case mapping differs for some letters (İ, final Σ).
    return { groups, cursor: more ? encodeCursor([last.sort_key, last.id]) : undefined };
  }
}

/** A group by id; undefined when the id is no UUID or names no group. */
export async function findGroup(q: Queryable, groupId: string): Promise<GroupRow | undefined> {
  if (!isUuid(groupId)) return undefined;
  return (await q.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM groups g WHERE id = $1`, [groupId]))[0];
}

/** A user's state in a group; undefined when the user has no relation to it. */
export async function memberState(q: Queryable, groupId: string, userId: string): Promise<number | undefined> {
  if (!isUuid(groupId)) return undefined;
  const rows = await q.query<{ state: number }>('SELECT state FROM group_edge WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
  return rows[0]?.state;
}

/** Locks the group row; the caller's state, or undefined when the group or relation is missing. */
export async function lockGroup(q: Queryable, groupId: string, userId: string): Promise<number | undefined> {
  if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
  const g = await q.query<{ id: string }>('SELECT id FROM groups WHERE id = $1 FOR UPDATE', [groupId]);
  if (!g.length) throw notFound('Group not found.');
  return memberState(q, groupId, userId);
}

/** Deletes a group with its channel's messages (its edges go with it). */
export async function deleteGroup(q: Queryable, groupId: string): Promise<void> {
  await q.execute('DELETE FROM message WHERE stream_mode = 3 AND stream_subject = $1', [groupId]);
  await q.execute('DELETE FROM groups WHERE id = $1', [groupId]);
}

function checkName(name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw invalid('Group name must be set.');
  if (/\p{Cc}/u.test(name)) throw invalid('Group name must not contain control characters.');
  if ([...name].length > 255) throw invalid('Group name must be at most 255 characters.');
  return name;
}

function text(name: string, value: string | undefined, max: number): string | null {
  if (value === undefined || value === '') return null;
  if (/\p{Cc}/u.test(value.replace(/[\n\r\t]/g, ''))) throw invalid(`${name} must not contain control characters.`);
  if ([...value].length > max) throw invalid(`${name} must be at most ${max} characters.`);
  return value;
}
