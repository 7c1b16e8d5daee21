// Accounts: the account itself (get, update, confirm its e-mail address, delete), its kind (guest or
// registered), and bans. Sign-in is in authenticate.ts, linking and unlinking credentials in links.ts.
import type { Db, Queryable } from '../db/index.ts';
import type { UserRow } from '../encode.ts';
import { alreadyExists, invalid, isUniqueViolation, notFound } from '../errors.ts';
import { USER_COLUMNS } from './users.ts';
import { checkEmail, checkUsername, jsonValueHasUnstorable, unstorable } from './validate.ts';

export interface AccountData {
  user: UserRow;
  wallet: unknown;
  email: string | null;
  devices: string[];
  customId: string | null;
  verifyTime: Date | null;
  disableTime: Date | null;
}

export interface AccountUpdate {
  username?: string;
  displayName?: string;
  avatarUrl?: string;
  langTag?: string;
  location?: string;
  timezone?: string;
  metadata?: Record<string, unknown>;
}

/** Work another area must do inside the transaction that deletes an account. */
export type UserDeleteStep = (q: Queryable, userId: string) => Promise<void>;

/** Columns of users holding an id from an identity provider. */
export type ProviderColumn = 'google_id' | 'apple_id' | 'facebook_id' | 'steam_id' | 'gamecenter_id' | 'facebook_instant_game_id';

export const USERNAME_TAKEN = 'Username is already in use.';

export class Accounts {
  private readonly db: Db;
  readonly deleteSteps: UserDeleteStep[] = [];
  /** Told of each account deleted, after the commit (caches of what the steps removed). */
  readonly deleted: ((userId: string) => void)[] = [];

  constructor(db: Db) {
    this.db = db;
  }

  async getAccount(userId: string): Promise<AccountData> {
    const rows = await this.db.query<UserRow & {
      wallet: unknown; email: string | null; custom_id: string | null; verify_time: Date | null; disable_time: Date | null;
    }>(
      `SELECT ${USER_COLUMNS}, wallet, email, custom_id, verify_time, disable_time FROM users WHERE id = $1`,
      [userId],
    );
    if (!rows.length) throw notFound('Account not found.');
    const devices = await this.db.query<{ id: string }>('SELECT id FROM user_device WHERE user_id = $1 ORDER BY id', [userId]);
    const r = rows[0];
    return {
      user: r,
      wallet: r.wallet,
      email: r.email,
      devices: devices.map((d) => d.id),
      customId: r.custom_id,
      verifyTime: r.verify_time,
      disableTime: r.disable_time,
    };
  }

  async updateAccount(userId: string, u: AccountUpdate): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [userId];
    const set = (col: string, value: unknown) => {
      params.push(value);
      sets.push(`${col} = $${params.length}`);
    };
    if (u.username !== undefined) set('username', checkUsername(u.username));
    if (u.displayName !== undefined) set('display_name', textField('Display name', u.displayName, 255));
    if (u.avatarUrl !== undefined) set('avatar_url', textField('Avatar URL', u.avatarUrl, 512));
    if (u.langTag !== undefined) set('lang_tag', textField('Lang tag', u.langTag, 18) ?? 'en');
    if (u.location !== undefined) set('location', textField('Location', u.location, 255));
    if (u.timezone !== undefined) set('timezone', textField('Timezone', u.timezone, 255));
    // jsonb cannot hold U+0000, and modules may pass on what users wrote.
    if (u.metadata !== undefined && jsonValueHasUnstorable(u.metadata)) throw unstorable('metadata');
    if (u.metadata !== undefined) set('metadata', JSON.stringify(u.metadata));
    if (!sets.length) return;
    try {
      const n = await this.db.execute(`UPDATE users SET ${sets.join(', ')}, update_time = now() WHERE id = $1`, params);
      if (n === 0) throw notFound('Account not found.');
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_key')) throw alreadyExists(USERNAME_TAKEN);
      throw err;
    }
  }

  /**
   * Marks an account's own address as proven, keeping its password: for the account's owner, signed in
   * to it, who has just entered the code sent to that address (registration). False when the account
   * does not hold this address.
   */
  async confirmEmail(userId: string, emailIn: string): Promise<boolean> {
    const email = checkEmail(emailIn);
    const rows = await this.db.query(
      `UPDATE users SET verify_time = COALESCE(verify_time, now()), update_time = now()
       WHERE id = $1 AND email = $2 AND disable_time IS NULL RETURNING id`,
      [userId, email],
    );
    return rows.length > 0;
  }

  async deleteAccount(userId: string): Promise<boolean> {
    const done = await this.db.tx(async (q) => {
      for (const step of this.deleteSteps) await step(q, userId);
      return (await q.execute('DELETE FROM users WHERE id = $1', [userId])) > 0;
    });
    for (const fn of this.deleted) fn(userId);
    return done;
  }

  /**
   * 'registered' for an account with a proven e-mail address or an identity provider; 'guest' for the
   * rest (device or custom id only, or an address set with a password but never proven).
   */
  async kind(userId: string): Promise<'guest' | 'registered' | undefined> {
    const rows = await this.db.query<{ registered: boolean }>(
      `SELECT ((email IS NOT NULL AND verify_time IS NOT NULL) OR google_id IS NOT NULL OR apple_id IS NOT NULL
               OR facebook_id IS NOT NULL OR steam_id IS NOT NULL OR gamecenter_id IS NOT NULL
               OR facebook_instant_game_id IS NOT NULL) AS registered
       FROM users WHERE id = $1 AND disable_time IS NULL`,
      [userId],
    );
    if (!rows.length) return undefined;
    return rows[0].registered ? 'registered' : 'guest';
  }

  async banUsers(userIds: string[]): Promise<void> {
    await this.db.execute('UPDATE users SET disable_time = now() WHERE id = ANY($1::uuid[]) AND disable_time IS NULL', [userIds]);
  }

  async unbanUsers(userIds: string[]): Promise<void> {
    await this.db.execute('UPDATE users SET disable_time = NULL WHERE id = ANY($1::uuid[])', [userIds]);
  }
}

function textField(name: string, value: string, max: number): string | null {
  if (/\p{Cc}/u.test(value)) throw invalid(`${name} must not contain control characters.`);
  if ([...value].length > max) throw invalid(`${name} must be at most ${max} characters.`);
  return value === '' ? null : value;
}
