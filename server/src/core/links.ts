// Linking and unlinking an account's credentials: devices, custom id, e-mail and password, and ids of
// identity providers. Unlinking always leaves the account at least one credential.
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/index.ts';
import { alreadyExists, isUniqueViolation, permissionDenied } from '../errors.ts';
import type { ProviderColumn } from './accounts.ts';
import { checkCustomId, checkDeviceId, checkEmail, checkPassword } from './validate.ts';

/** Upstream's answer when nothing was unlinked. */
const LAST_LINK = 'Cannot unlink last account identifier. Check profile exists and is not last link.';

const CREDENTIAL_COLUMNS = [
  'apple_id', 'facebook_id', 'facebook_instant_game_id', 'google_id', 'gamecenter_id', 'steam_id', 'custom_id', 'email',
] as const;

// Other credentials than the one being removed: unlinking must leave at least one.
function otherCredentials(except: 'device' | (typeof CREDENTIAL_COLUMNS)[number]): string {
  const cols = CREDENTIAL_COLUMNS.filter((c) => c !== except);
  const device = except === 'device'
    ? 'EXISTS (SELECT 1 FROM user_device d WHERE d.user_id = users.id AND d.id <> $2)'
    : 'EXISTS (SELECT 1 FROM user_device d WHERE d.user_id = users.id)';
  return `(${cols.map((c) => `${c} IS NOT NULL`).join(' OR ')} OR ${device})`;
}

export class Links {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
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

  /** Unlinks a provider id (google_id, ...), keeping at least one credential; with `value`, only that id. */
  async unlinkColumn(userId: string, column: ProviderColumn, value?: string): Promise<void> {
    const others = otherCredentials(column);
    const params = value === undefined ? [userId] : [userId, value];
    const match = value === undefined ? `${column} IS NOT NULL` : `${column} = $2`;
    const n = await this.db.execute(
      `UPDATE users SET ${column} = NULL, update_time = now() WHERE id = $1 AND ${match} AND ${others}`,
      params,
    );
    if (n === 0) throw permissionDenied(LAST_LINK);
  }
}
