// The `nk` facade: how runtime modules reach accounts, users, sessions and notifications.
// Modules keep their own tables and reach them through `db`.
import crypto from 'node:crypto';
import type { Core } from '../core/index.ts';
import type { AccountUpdate, AuthResult, ProviderColumn } from '../core/accounts.ts';
import type { NotificationInput } from '../core/notifications.ts';
import { isUuid } from '../core/tokens.ts';
import { RateLimiter } from '../core/rate-limit.ts';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../encode.ts';
import { invalid } from '../errors.ts';

export interface NkUser {
  userId: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  langTag: string | null;
  location: string | null;
  timezone: string | null;
  metadata: Record<string, unknown>;
  online: boolean;
  edgeCount: number;
  googleId: string | null;
  createTime: Date;
  updateTime: Date;
}

export interface NkAccount {
  user: NkUser;
  wallet: Record<string, number>;
  email: string | null;
  devices: string[];
  customId: string | null;
  verifyTime: Date | null;
  disableTime: Date | null;
}

export interface NkTokens {
  token: string;
  refreshToken: string;
  exp: number;
}

export interface Nk {
  /** The database, for a module's own tables. */
  db: Db;
  uuid(): string;
  isUuid(value: unknown): value is string;
  /** A fixed-window limiter for a module's own brute-force limits. */
  rateLimiter(limit: number, windowMs: number): RateLimiter;

  accountGetId(userId: string): Promise<NkAccount>;
  accountUpdateId(userId: string, update: AccountUpdate): Promise<void>;
  accountDeleteId(userId: string): Promise<void>;
  usersGetId(userIds: string[]): Promise<NkUser[]>;
  usersGetUsername(usernames: string[]): Promise<NkUser[]>;
  usersBanId(userIds: string[]): Promise<void>;
  usersUnbanId(userIds: string[]): Promise<void>;

  /** Signs in or creates the account of an e-mail address the module has verified (no password). */
  authenticateVerifiedEmail(email: string, create?: boolean, username?: string): Promise<AuthResult>;
  /** Signs in or creates the account of an identity-provider id the module has verified. */
  authenticateProvider(
    provider: ProviderColumn,
    providerId: string,
    create?: boolean,
    username?: string,
    profile?: { displayName?: string; avatarUrl?: string },
  ): Promise<AuthResult>;
  /** A session and refresh token for a user, as authentication returns them. */
  authenticateTokenGenerate(userId: string, username: string, vars?: Record<string, string>): NkTokens;

  notificationSend(userId: string, subject: string, content: Record<string, unknown>, code: number, senderId?: string | null, persistent?: boolean): Promise<void>;
  notificationsSend(notifications: NotificationInput[]): Promise<void>;
}

export function userFromRow(row: UserRow, online: boolean): NkUser {
  return {
    userId: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    langTag: row.lang_tag,
    location: row.location,
    timezone: row.timezone,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    online,
    edgeCount: row.edge_count,
    googleId: row.google_id,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

export function createNk(core: Core, disconnectUser: (userId: string) => void): Nk {
  const { accounts, users, sessions, notifications } = core;
  return {
    db: core.db,
    uuid: () => crypto.randomUUID(),
    isUuid,
    rateLimiter: (limit, windowMs) => new RateLimiter(limit, windowMs),

    async accountGetId(userId) {
      if (!isUuid(userId)) throw invalid('Invalid user id.');
      const a = await accounts.getAccount(userId);
      return {
        user: userFromRow(a.user, users.online(userId)),
        wallet: (a.wallet ?? {}) as Record<string, number>,
        email: a.email,
        devices: a.devices,
        customId: a.customId,
        verifyTime: a.verifyTime,
        disableTime: a.disableTime,
      };
    },
    accountUpdateId: (userId, update) => accounts.updateAccount(userId, update),
    async accountDeleteId(userId) {
      await accounts.deleteAccount(userId);
      await sessions.revokeAll(userId);
      disconnectUser(userId);
    },
    async usersGetId(ids) {
      return (await users.get(ids)).map((u) => userFromRow(u.row, u.online));
    },
    async usersGetUsername(names) {
      return (await users.get([], names)).map((u) => userFromRow(u.row, u.online));
    },
    async usersBanId(ids) {
      for (const id of ids) if (!isUuid(id)) throw invalid('Invalid user id.');
      await accounts.banUsers(ids);
      for (const id of ids) {
        await sessions.revokeAll(id);
        disconnectUser(id);
      }
    },
    usersUnbanId: (ids) => accounts.unbanUsers(ids),

    authenticateVerifiedEmail: (email, create = true, username) => accounts.authenticateVerifiedEmail(email, create, username),
    authenticateProvider: (provider, id, create = true, username, profile) =>
      accounts.authenticateProvider(provider, id, create, username, profile),
    authenticateTokenGenerate(userId, username, vars) {
      const s = sessions.issue(userId, username, vars);
      return { token: s.token, refreshToken: s.refreshToken, exp: s.claims.exp };
    },

    async notificationSend(userId, subject, content, code, senderId = null, persistent = false) {
      return this.notificationsSend([{ userId, subject, content, code, senderId, persistent }]);
    },
    async notificationsSend(list) {
      // Codes at or below 0 are the system's (friend requests, group joins, ...).
      for (const n of list) if (!(n.code > 0)) throw invalid('Notification code must be above 0.');
      return notifications.send(list);
    },
  };
}
