// Users looked up by id or username, with their live online flag.
import type { Db } from '../db/index.ts';
import type { UserRow } from '../encode.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';

const USER_COLUMN_NAMES = [
  'id', 'username', 'display_name', 'avatar_url', 'lang_tag', 'location', 'timezone', 'metadata', 'facebook_id', 'google_id',
  'gamecenter_id', 'steam_id', 'apple_id', 'facebook_instant_game_id', 'edge_count', 'create_time', 'update_time',
];

/** The columns of users that userMsg needs (a UserRow), optionally qualified by a table alias. */
export function userColumns(alias?: string): string {
  return alias ? USER_COLUMN_NAMES.map((c) => `${alias}.${c}`).join(', ') : USER_COLUMN_NAMES.join(', ');
}

export const USER_COLUMNS = userColumns();

export interface UserWithPresence {
  row: UserRow;
  online: boolean;
}

export class Users {
  private readonly db: Db;
  private readonly isOnline: (userId: string) => boolean;

  constructor(db: Db, isOnline: (userId: string) => boolean) {
    this.db = db;
    this.isOnline = isOnline;
  }

  online(userId: string): boolean {
    return this.isOnline(userId);
  }

  async get(ids: string[] = [], usernames: string[] = [], facebookIds: string[] = []): Promise<UserWithPresence[]> {
    if (ids.length + usernames.length + facebookIds.length > 1000) throw invalid('At most 1000 ids, usernames and facebook ids may be requested.');
    for (const id of ids) if (!isUuid(id)) throw invalid(`ID '${id}' is not a valid system ID.`);
    if (!ids.length && !usernames.length && !facebookIds.length) return [];
    const rows = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users
       WHERE id = ANY($1::uuid[]) OR lower(username) = ANY($2::text[]) OR facebook_id = ANY($3::text[])`,
      [ids, usernames.map((u) => u.toLowerCase()), facebookIds],
    );
    return rows.map((row) => ({ row, online: this.isOnline(row.id) }));
  }

  /**
   * Users with a word of the display name or of the username starting with each word of the text (case
   * ignored; the text is split into words as the names are, so % _ * : & ' are plain characters), ordered
   * by name: named accounts only (guests have no display name), banned ones and `exceptId` left out.
   * Served by users_name_search_idx: the prefixes are one tsquery, made once for the statement.
   */
  async search(text: string, limit: number, exceptId?: string): Promise<UserWithPresence[]> {
    const rows = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users
       WHERE display_name IS NOT NULL
         AND to_tsvector('simple', display_name || ' ' || username) @@ (
           SELECT to_tsquery('simple', string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & '))
           FROM unnest(to_tsvector('simple', $1)))
         AND disable_time IS NULL AND id <> $2::uuid
       ORDER BY lower(display_name), id LIMIT $3`,
      [text, exceptId && isUuid(exceptId) ? exceptId : '00000000-0000-0000-0000-000000000000', Math.max(1, Math.min(100, limit))],
    );
    return rows.map((row) => ({ row, online: this.isOnline(row.id) }));
  }

  async getById(id: string): Promise<UserWithPresence | undefined> {
    return (await this.get([id]))[0];
  }

  /** Ids of the existing users among ids (unknown ids dropped). */
  async existing(ids: string[]): Promise<Set<string>> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return new Set();
    const rows = await this.db.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [valid]);
    return new Set(rows.map((r) => r.id));
  }

  async idsByUsernames(usernames: string[]): Promise<Map<string, string>> {
    if (!usernames.length) return new Map();
    const rows = await this.db.query<{ id: string; username: string }>(
      'SELECT id, username FROM users WHERE lower(username) = ANY($1::text[])',
      [usernames.map((u) => u.toLowerCase())],
    );
    return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
  }
}
