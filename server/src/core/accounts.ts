// Accounts: authentication by device, custom id and e-mail; linking and unlinking; profile and deletion.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db, Queryable } from '../db/index.ts';
import { alreadyExists, invalid, isUniqueViolation, notFound, permissionDenied, resourceExhausted, unauthenticated } from '../errors.ts';
import { USER_COLUMNS, type UserRow } from '../encode.ts';
import { Backoff, RateLimiter } from './rate-limit.ts';
import { checkCustomId, checkDeviceId, checkEmail, checkPassword, checkUsername, jsonValueHasNul, randomUsername } from './validate.ts';

export interface AuthResult {
  userId: string;
  username: string;
  created: boolean;
}

/** A sign-in by a proven address: `claimed` when the proof took over an account set up without one. */
export interface VerifiedEmailResult extends AuthResult {
  claimed: boolean;
}

/** Credentials an account may have besides its e-mail address: all are dropped when an address is claimed. */
const CLAIM_RESETS = 'password = NULL, custom_id = NULL, google_id = NULL, apple_id = NULL, facebook_id = NULL, '
  + 'facebook_instant_game_id = NULL, steam_id = NULL, gamecenter_id = NULL';

const HOUR_MS = 3600_000;
const FAILURE_WINDOW_MS = 15 * 60_000;

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

const LAST_LINK = 'Cannot unlink last account identifier. Check profile exists and is not last link.';
const USERNAME_TAKEN = 'Username is already in use.';

const CREDENTIAL_COLUMNS = [
  'apple_id', 'facebook_id', 'facebook_instant_game_id', 'google_id', 'gamecenter_id', 'steam_id', 'custom_id', 'email',
] as const;
export type ProviderColumn = 'google_id' | 'apple_id' | 'facebook_id' | 'steam_id' | 'gamecenter_id' | 'facebook_instant_game_id';

// Other credentials than the one being removed: unlinking must leave at least one.
function otherCredentials(except: 'device' | (typeof CREDENTIAL_COLUMNS)[number]): string {
  const cols = CREDENTIAL_COLUMNS.filter((c) => c !== except);
  const device = except === 'device'
    ? 'EXISTS (SELECT 1 FROM user_device d WHERE d.user_id = users.id AND d.id <> $2)'
    : 'EXISTS (SELECT 1 FROM user_device d WHERE d.user_id = users.id)';
  return `(${cols.map((c) => `${c} IS NOT NULL`).join(' OR ')} OR ${device})`;
}

export class Accounts {
  private readonly db: Db;
  // Password checks: per account (whatever name it is signed in by) and per client address.
  private readonly passwordByAccount = new Backoff(10, FAILURE_WINDOW_MS, 60_000);
  private readonly passwordByAddress = new Backoff(50, FAILURE_WINDOW_MS, 60_000);
  // Accounts created by device, custom id or e-mail from one client address.
  private readonly createdByAddress: RateLimiter;
  readonly deleteSteps: UserDeleteStep[] = [];

  constructor(db: Db, limits: { accountsPerAddressHour: number }) {
    this.db = db;
    this.createdByAddress = new RateLimiter(limits.accountsPerAddressHour, HOUR_MS);
  }

  /** Counts an account about to be created from a client address; refuses past the hourly limit. */
  private admitCreation(clientIp: string): void {
    if (!this.createdByAddress.hit(clientIp || 'unknown')) {
      throw resourceExhausted('Too many accounts created from this address. Try again later.');
    }
  }

  /**
   * Signs in the account find() returns, or creates one with create(). A unique violation on
   * `constraint` means a concurrent request created it first: look again.
   */
  private async findOrCreate(
    find: () => Promise<SignInRow | undefined>,
    create: () => Promise<AuthResult>,
    allowCreate: boolean,
    constraint: string,
    inUse: string,
  ): Promise<AuthResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const found = await find();
      if (found) return existing(found);
      if (!allowCreate) throw notFound('User account not found.');
      try {
        return await create();
      } catch (err) {
        if (isUniqueViolation(err, constraint)) continue;
        throw err;
      }
    }
    throw alreadyExists(inUse);
  }

  private async userBy(column: string, value: string): Promise<SignInRow | undefined> {
    const rows = await this.db.query<SignInRow>(`SELECT id, username, disable_time FROM users WHERE ${column} = $1`, [value]);
    return rows[0];
  }

  async authenticateDevice(id: string | undefined, create: boolean, username: string | undefined, clientIp: string): Promise<AuthResult> {
    const deviceId = checkDeviceId(id);
    const name = optionalUsername(username);
    return this.findOrCreate(
      async () => (await this.db.query<SignInRow>(
        'SELECT u.id, u.username, u.disable_time FROM user_device d JOIN users u ON u.id = d.user_id WHERE d.id = $1',
        [deviceId],
      ))[0],
      () => {
        this.admitCreation(clientIp);
        return this.db.tx(async (q) => {
          const user = await insertUser(q, name, {});
          await q.execute('INSERT INTO user_device (id, user_id) VALUES ($1, $2)', [deviceId, user.userId]);
          return user;
        });
      },
      create,
      'user_device_pkey',
      'Device ID already in use.',
    );
  }

  async authenticateCustom(id: string | undefined, create: boolean, username: string | undefined, clientIp: string): Promise<AuthResult> {
    const customId = checkCustomId(id);
    const name = optionalUsername(username);
    return this.findOrCreate(
      () => this.userBy('custom_id', customId),
      () => {
        this.admitCreation(clientIp);
        return insertUser(this.db, name, { custom_id: customId });
      },
      create,
      'users_custom_id_key',
      'Custom ID is already in use.',
    );
  }

  /**
   * E-mail and password; with an empty e-mail and a username, a username and password login.
   * Failed password checks are limited per account and per client address. An account created here
   * has an unproven address: it does not count as registered until the address is confirmed by a code
   * (confirmEmail), and a code sign-in by the address's owner takes it over (authenticateVerifiedEmail).
   */
  async authenticateEmail(
    emailIn: string | undefined,
    passwordIn: string | undefined,
    create: boolean,
    username: string | undefined,
    clientIp: string,
  ): Promise<AuthResult> {
    if (!emailIn) {
      if (!username) {
        throw invalid(passwordIn ? 'Username is required when email address is not supplied.' : 'Email address and password is required.');
      }
      checkUsername(username);
      const password = checkPassword(passwordIn);
      const rows = await this.db.query<Credentials>(
        'SELECT id, username, password, disable_time FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      return this.checkPassword(rows[0], `u:${username.toLowerCase()}`, password, clientIp);
    }
    const email = checkEmail(emailIn);
    const password = checkPassword(passwordIn);
    const name = optionalUsername(username);
    const rows = await this.db.query<Credentials>(
      'SELECT id, username, password, disable_time FROM users WHERE email = $1',
      [email],
    );
    if (rows.length) return this.checkPassword(rows[0], `e:${email}`, password, clientIp);
    if (!create) throw notFound('User account not found.');
    this.admitCreation(clientIp);
    const hashed = await hash(password);
    try {
      return await insertUser(this.db, name, { email, password: hashed });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw alreadyExists('Email is already in use.');
      throw err;
    }
  }

  /**
   * Checks a password against an account, the attempt reserved first (per account, whichever name it is
   * signed in by, and per client address); an unknown name is limited under that name.
   */
  private async checkPassword(row: Credentials | undefined, unknownKey: string, password: string, clientIp: string): Promise<AuthResult> {
    const accountKey = row ? row.id : unknownKey;
    const addressKey = clientIp || 'unknown';
    const wait = Math.max(this.passwordByAccount.take(accountKey), this.passwordByAddress.take(addressKey));
    if (wait > 0) throw resourceExhausted(`Too many failed login attempts. Try again in ${wait} s.`);
    const ok = row?.password ? await verify(row.password, password).catch(() => false) : false;
    if (!row) throw notFound('User account not found.');
    if (!ok) throw unauthenticated('Invalid credentials.');
    this.passwordByAccount.reset(accountKey);
    this.passwordByAddress.undo(addressKey);
    return existing(row);
  }

  /**
   * Signs in or creates an account by an e-mail address the caller has proven (a code sent to it), with
   * no password. An account that holds the address unproven (set with a password, or linked, by anyone)
   * is taken over by the proof: its password and every other credential set before it are dropped, and
   * the caller must revoke its sessions (`claimed`).
   */
  async authenticateVerifiedEmail(emailIn: string, create: boolean, username?: string): Promise<VerifiedEmailResult> {
    const email = checkEmail(emailIn);
    const name = optionalUsername(username);
    const result = await this.findOrCreate(
      () => this.userBy('email', email),
      () => insertUser(this.db, name, { email, verify_time: new Date() }),
      create,
      'users_email_key',
      'Email is already in use.',
    );
    if (result.created) return { ...result, claimed: false };
    const claimed = await this.db.tx(async (q) => {
      const n = await q.execute(
        `UPDATE users SET ${CLAIM_RESETS}, verify_time = now(), update_time = now() WHERE id = $1 AND verify_time IS NULL`,
        [result.userId],
      );
      if (n > 0) await q.execute('DELETE FROM user_device WHERE user_id = $1', [result.userId]);
      return n > 0;
    });
    return { ...result, claimed };
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

  /** Signs in or creates an account by an id from an identity provider (google_id, apple_id, ...). */
  async authenticateProvider(
    column: ProviderColumn,
    providerId: string,
    create: boolean,
    username?: string,
    profile: { displayName?: string; avatarUrl?: string; email?: string } = {},
  ): Promise<AuthResult> {
    return this.findOrCreate(
      () => this.userBy(column, providerId),
      () => insertUser(this.db, optionalUsername(username), {
        [column]: providerId,
        display_name: profile.displayName ?? null,
        avatar_url: profile.avatarUrl ?? null,
      }),
      create,
      `users_${column}_key`,
      'Account is already in use.',
    );
  }

  async linkDevice(userId: string, id: string | undefined): Promise<void> {
    const deviceId = checkDeviceId(id);
    await this.db.tx(async (q) => {
      const rows = await q.query<{ user_id: string }>('SELECT user_id FROM user_device WHERE id = $1', [deviceId]);
      if (rows.length) {
        if (rows[0].user_id !== userId) throw alreadyExists('Device ID already in use.');
        return;
      }
      await q.execute('INSERT INTO user_device (id, user_id) VALUES ($1, $2)', [deviceId, userId]);
      await q.execute('UPDATE users SET update_time = now() WHERE id = $1', [userId]);
    }).catch((err) => {
      if (isUniqueViolation(err, 'user_device_pkey')) throw alreadyExists('Device ID already in use.');
      throw err;
    });
  }

  async linkCustom(userId: string, id: string | undefined): Promise<void> {
    const customId = checkCustomId(id);
    await this.linkColumn(userId, 'custom_id', customId, 'Custom ID is already in use.');
  }

  /** Links an address with a password; a new address is unproven until confirmed by a code. */
  async linkEmail(userId: string, emailIn: string | undefined, passwordIn: string | undefined): Promise<void> {
    const email = checkEmail(emailIn);
    const password = checkPassword(passwordIn);
    const hashed = await hash(password);
    await this.linkColumn(userId, 'email', email, 'Email is already in use.', hashed);
  }

  /** Links a provider id; exported for provider sign-in (Google, ...). */
  async linkColumn(userId: string, column: string, value: string, inUse: string, password?: string): Promise<void> {
    // Another address than the proven one is not proven.
    const proof = column === 'email' ? ', verify_time = CASE WHEN email = $2 THEN verify_time END' : '';
    try {
      const n = await this.db.execute(
        `UPDATE users SET ${column} = $2${password ? ', password = $3' : ''}${proof}, update_time = now()
         WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.${column} = $2 AND o.id <> $1)`,
        password ? [userId, value, password] : [userId, value],
      );
      if (n === 0) throw alreadyExists(inUse);
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyExists(inUse);
      throw err;
    }
  }

  async unlinkDevice(userId: string, id: string | undefined): Promise<void> {
    const deviceId = checkDeviceId(id);
    const n = await this.db.execute(
      `DELETE FROM user_device WHERE id = $2 AND user_id = $1
       AND EXISTS (SELECT 1 FROM users WHERE id = $1 AND ${otherCredentials('device')})`,
      [userId, deviceId],
    );
    if (n === 0) throw permissionDenied(LAST_LINK);
    await this.db.execute('UPDATE users SET update_time = now() WHERE id = $1', [userId]);
  }

  async unlinkCustom(userId: string, id: string | undefined): Promise<void> {
    const customId = checkCustomId(id);
    const n = await this.db.execute(
      `UPDATE users SET custom_id = NULL, update_time = now() WHERE id = $1 AND custom_id = $2 AND ${otherCredentials('custom_id')}`,
      [userId, customId],
    );
    if (n === 0) throw permissionDenied(LAST_LINK);
  }

  async unlinkEmail(userId: string, emailIn: string | undefined): Promise<void> {
    const email = checkEmail(emailIn);
    const n = await this.db.execute(
      `UPDATE users SET email = NULL, password = NULL, verify_time = NULL, update_time = now()
       WHERE id = $1 AND email = $2 AND ${otherCredentials('email')}`,
      [userId, email],
    );
    if (n === 0) throw permissionDenied(LAST_LINK);
  }

  /** Unlinks a provider id (google_id, ...), keeping at least one credential. */
  async unlinkColumn(userId: string, column: ProviderColumn): Promise<void> {
    const others = otherCredentials(column);
    const n = await this.db.execute(
      `UPDATE users SET ${column} = NULL, update_time = now() WHERE id = $1 AND ${column} IS NOT NULL AND ${others}`,
      [userId],
    );
    if (n === 0) throw permissionDenied(LAST_LINK);
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
    if (u.metadata !== undefined && jsonValueHasNul(u.metadata)) throw invalid('Metadata must not contain NUL characters.');
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

  async deleteAccount(userId: string): Promise<boolean> {
    return this.db.tx(async (q) => {
      for (const step of this.deleteSteps) await step(q, userId);
      return (await q.execute('DELETE FROM users WHERE id = $1', [userId])) > 0;
    });
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

interface SignInRow {
  id: string;
  username: string;
  disable_time: Date | null;
}

function optionalUsername(username: string | undefined): string | undefined {
  return username === undefined || username === '' ? undefined : checkUsername(username);
}

interface Credentials {
  id: string;
  username: string;
  password: string | null;
  disable_time: Date | null;
}

function existing(row: SignInRow): AuthResult {
  if (row.disable_time) throw permissionDenied('User account banned.');
  return { userId: row.id, username: row.username, created: false };
}

function textField(name: string, value: string, max: number): string | null {
  if (/\p{Cc}/u.test(value)) throw invalid(`${name} must not contain control characters.`);
  if ([...value].length > max) throw invalid(`${name} must be at most ${max} characters.`);
  return value === '' ? null : value;
}

/** Inserts a new user; a generated username is retried on the rare clash, a chosen one is a 409. */
async function insertUser(q: Queryable, username: string | undefined, columns: Record<string, unknown>): Promise<AuthResult> {
  const names = Object.keys(columns);
  const values = Object.values(columns);
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = crypto.randomUUID();
    const name = username ?? randomUsername();
    // ON CONFLICT keeps a surrounding transaction usable when the username is taken.
    const rows = await q.query(
      `INSERT INTO users (id, username${names.map((n) => ', ' + n).join('')})
       VALUES ($1, $2${names.map((_, i) => `, $${i + 3}`).join('')})
       ON CONFLICT (lower(username)) DO NOTHING RETURNING id`,
      [id, name, ...values],
    );
    if (rows.length) return { userId: id, username: name, created: true };
    if (username !== undefined) break;
  }
  throw alreadyExists(USERNAME_TAKEN);
}
