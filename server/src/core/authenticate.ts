// Sign-in, creating the account when asked: by device, custom id, e-mail and password (or username and
// password), a proven e-mail address and identity providers. Password attempts back off per client address
// and account pair, per account (much later) and per client address; accounts created per client address
// are limited by the hour.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db, Queryable } from '../db/index.ts';
import { alreadyExists, invalid, isUniqueViolation, notFound, permissionDenied, resourceExhausted, unauthenticated } from '../errors.ts';
import type { BackoffLimit, LimitStore, WindowLimit } from '../realtime/bus.ts';
import { USERNAME_TAKEN, type ProviderColumn } from './accounts.ts';
import { checkCustomId, checkDeviceId, checkEmail, checkPassword, checkUsername, randomUsername } from './validate.ts';

/** A hash of a password nobody knows, checked where an account has none, made once on first use. */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash(crypto.randomBytes(16).toString('hex')));

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

export class Authenticator {
  private readonly db: Db;
  // Password checks: per client address and account pair (an attacker's guesses from elsewhere never slow
  // the owner at their usual address), per account from anywhere (many addresses guessing at once; much
  // higher) and per client address (one address guessing at many accounts).
  private readonly passwordByPair: BackoffLimit;
  private readonly passwordByAccount: BackoffLimit;
  private readonly passwordByAddress: BackoffLimit;
  // Accounts created by device, custom id or e-mail from one client address.
  private readonly createdByAddress: WindowLimit;

  /** The limits' counters come from `store` (the bus's): every node counts the same attempts. */
  constructor(db: Db, limits: { accountsPerAddressHour: number }, store: LimitStore) {
    this.db = db;
    this.passwordByPair = store.backoff('core.password_by_address_and_account', 10, FAILURE_WINDOW_MS, 60_000);
    this.passwordByAccount = store.backoff('core.password_by_account_anywhere', 100, FAILURE_WINDOW_MS, 60_000);
    this.passwordByAddress = store.backoff('core.password_by_address', 50, FAILURE_WINDOW_MS, 60_000);
    this.createdByAddress = store.window('core.accounts_by_address', limits.accountsPerAddressHour, HOUR_MS);
  }

  /** Counts an account about to be created from a client address; refuses past the hourly limit. */
  private async admitCreation(clientIp: string): Promise<void> {
    const key = clientIp || 'unknown';
    if (!(await this.createdByAddress.hit(key))) {
      throw resourceExhausted('Too many accounts created from this address. Try again later.', await this.createdByAddress.retryAfter(key));
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
      async () => {
        await this.admitCreation(clientIp);
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
      async () => {
        await this.admitCreation(clientIp);
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
   * (Accounts.confirmEmail), and a code sign-in by the address's owner takes it over (authenticateVerifiedEmail).
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
    // Without create, an unknown address is checked like a wrong password: counted, and as slow.
    if (rows.length || !create) return this.checkPassword(rows[0], `e:${email}`, password, clientIp);
    await this.admitCreation(clientIp);
    const hashed = await hash(password);
    try {
      return await insertUser(this.db, name, { email, password: hashed });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw alreadyExists('Email is already in use.');
      throw err;
    }
  }

  /**
   * Checks a password against an account, the attempt reserved first (per client address and account pair,
   * per account, whichever name it is signed in by, and per client address); an unknown name is limited
   * under that name.
   */
  private async checkPassword(row: Credentials | undefined, unknownKey: string, password: string, clientIp: string): Promise<AuthResult> {
    const accountKey = row ? row.id : unknownKey;
    const addressKey = clientIp || 'unknown';
    const pairKey = `${addressKey} ${accountKey}`;
    const wait = Math.max(
      await this.passwordByPair.take(pairKey),
      await this.passwordByAccount.take(accountKey),
      await this.passwordByAddress.take(addressKey),
    );
    if (wait > 0) throw resourceExhausted(`Too many failed login attempts. Try again in ${wait} s.`, wait);
    // A row without a password (or no row) still costs one hash, so timing tells no account apart.
    const ok = (await verify(row?.password || (await dummyHash()), password).catch(() => false)) && !!row?.password;
    if (!row) throw notFound('User account not found.');
    if (!ok) throw unauthenticated('Invalid credentials.');
    await this.passwordByPair.reset(pairKey);
    await this.passwordByAccount.reset(accountKey);
    await this.passwordByAddress.undo(addressKey);
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
   * Signs in or creates an account by an id from an identity provider (google_id, apple_id, ...). With the
   * client's address, a creation counts towards the accounts created from it.
   */
  async authenticateProvider(
    column: ProviderColumn,
    providerId: string,
    create: boolean,
    username?: string,
    profile: { displayName?: string; avatarUrl?: string; email?: string } = {},
    clientIp?: string,
  ): Promise<AuthResult> {
    const name = optionalUsername(username);
    return this.findOrCreate(
      () => this.userBy(column, providerId),
      async () => {
        // Counted like device and e-mail sign-ups when the request's address is known (REST); a module decides its own.
        if (clientIp !== undefined) await this.admitCreation(clientIp);
        return this.insertProviderUser(name, column, providerId, profile);
      },
      create,
      `users_${column}_key`,
      'Account is already in use.',
    );
  }

  private insertProviderUser(name: string | undefined, column: ProviderColumn, providerId: string, profile: { displayName?: string; avatarUrl?: string }) {
    return insertUser(this.db, name, {
      [column]: providerId,
      display_name: profile.displayName ?? null,
      avatar_url: profile.avatarUrl ?? null,
    });
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
