// The `nk` facade: how runtime modules reach accounts, users, sessions, notifications, storage, the
// wallet, groups, chat channels, streams, matches, purchases, sign-in and leaderboards (each area past
// the first few in nk-<area>.ts).
// Modules keep their own tables and reach them through `db`; nk.tx binds the facade to one transaction.
import crypto from 'node:crypto';
import type { Limits } from '../config.ts';
import type { Core } from '../core/index.ts';
import type { AccountUpdate, ProviderColumn } from '../core/accounts.ts';
import type { AuthResult, VerifiedEmailResult } from '../core/authenticate.ts';
import type { Google, GoogleProfile } from '../core/google.ts';
import type { MailInput } from '../core/mail.ts';
import { isUuid } from '../tokens.ts';
import type { RateLimit, WindowLimit } from '../realtime/bus.ts';
import type { Db } from '../db/index.ts';
import { notConfigured } from '../core/providers.ts';
import { invalid } from '../errors.ts';
import { fileNk, type NkFiles } from './nk-files.ts';
import { friendNk, type NkFriends } from './nk-friends.ts';
import { groupNk, type NkGroups } from './nk-groups.ts';
import { leaderboardNk, type NkLeaderboards } from './nk-leaderboards.ts';
import { tournamentNk, type NkTournaments } from './nk-tournaments.ts';
import type { MatchRegistry } from './match-registry.ts';
import { matchNk, type NkMatches } from './nk-matches.ts';
import { notificationNk, type NkNotifications } from './nk-notifications.ts';
import { purchaseNk, type NkPurchases } from './nk-purchases.ts';
import { channelNk, streamNk, type NkChannels, type NkStreams } from './nk-realtime.ts';
import { storageNk, type NkStorage } from './nk-storage.ts';
import { signInNk, type NkSignIn } from './nk-sign-in.ts';
import { runTx, type NkTx } from './nk-tx.ts';
import { userFromRow, type NkUser } from './nk-users.ts';
import { walletNk, type NkWallet } from './nk-wallet.ts';

export {  type NkUser };

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

export interface Nk extends NkStorage, NkWallet, NkGroups, NkChannels, NkStreams, NkMatches, NkNotifications, NkFriends, NkFiles, NkPurchases, NkSignIn, NkLeaderboards, NkTournaments {
  /** The database, for a module's own tables. */
  db: Db;
  /**
   * Runs fn in one transaction with `tnk`, the facade bound to it (its db, accounts, wallet, storage,
   * notifications, channel messages): all of it commits or none. Notifications and deliveries go out
   * after the commit. fn may run again when the database retries the transaction (serialization
   * failure, deadlock), so it must do nothing but through tnk; calling nk itself inside it may wait
   * for the transaction forever (the embedded database has one connection).
   */
  tx<T>(fn: (tnk: NkTx) => Promise<T>): Promise<T>;
  uuid(): string;
  isUuid(value: unknown): value is string;
  /**
   * A fixed-window limit counted through the bus, shared by every node: asking again for a name (prefix
   * it with the module's) gives the same counters. Its methods are async.
   */
  sharedRateLimiter(name: string, limit: number, windowMs: number): WindowLimit;
  /**
   * A rate or volume limit of rate-limiter-flexible counted through the bus, shared by every node:
   * `points` per key in a window of `durationSec` from the key's first point. Asking again for a name
   * (prefix it with the module's) with the same rule gives the same counters.
   */
  rateLimit(name: string, points: number, durationSec: number): RateLimit;
  /**
   * The server's chat limits per user (LIMIT_CHAT_*), which the socket's channel_message_send and
   * channel_message_update count: a module writing a user's message counts it here (`messages` before,
   * `bytes` once stored), so a message counts once whichever way it is sent.
   */
  chatLimits: Readonly<{ messages: RateLimit; bytes: RateLimit }>;
  /** The configured limits (LIMIT_* and IMAGE_* variables): what one user may create, for a module's own checks. */
  limits: Readonly<Limits>;
  /** The module settings of the configuration (README: Module settings), as every call's `ctx.env`. */
  env: Readonly<Record<string, string>>;

  accountGetId(userId: string): Promise<NkAccount>;
  accountUpdateId(userId: string, update: AccountUpdate): Promise<void>;
  /** 'registered' (e-mail, password or identity provider), 'guest' (device or custom id only), or undefined when missing or banned. */
  accountKind(userId: string): Promise<'guest' | 'registered' | undefined>;
  accountDeleteId(userId: string): Promise<void>;
  usersGetId(userIds: string[]): Promise<NkUser[]>;
  usersGetUsername(usernames: string[]): Promise<NkUser[]>;
  /** Named users with a word of the display name or username starting with each word of `text` (case ignored), by name, `exceptId` left out; at most `limit` (1-100). */
  usersSearch(text: string, limit: number, exceptId?: string): Promise<NkUser[]>;
  usersBanId(userIds: string[]): Promise<void>;
  usersUnbanId(userIds: string[]): Promise<void>;

  /**
   * Signs in or creates the account of an e-mail address the module has verified (no password). An
   * account holding the address unproven is taken over: its other credentials are dropped and its
   * sessions revoked (`claimed`).
   */
  authenticateVerifiedEmail(email: string, create?: boolean, username?: string): Promise<VerifiedEmailResult>;
  /**
   * Checks an e-mail address and password, as the client's authenticateEmail does: the same limits on
   * failed attempts per account and per client address. An unknown address is NotFound, a wrong password
   * Unauthenticated; both cost the same password check. Creates the account when `create` is true.
   */
  authenticateEmail(email: string, password: string, clientIp: string, create?: boolean, username?: string): Promise<AuthResult>;
  /**
   * Marks the address of the caller's own account as proven (the owner, signed in, entered the code
   * sent to it), keeping its password; false when the account does not hold this address.
   */
  emailConfirm(userId: string, email: string): Promise<boolean>;
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

  /** Sends a mail from MAIL_FROM (SMTP, or DATA_DIR/outbox without SMTP_URL); a failure is Unavailable. */
  mailSend(mail: MailInput): Promise<void>;

  /** Whether Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  googleConfigured(): boolean;
  /** The provider's authorization URL for a redirect URI and a state the module keeps. */
  googleAuthorizationUrl(redirectUri: string, state: string): Promise<string>;
  /** Redeems an authorization code and returns the verified ID token's profile. */
  googleExchangeCode(code: string, redirectUri: string): Promise<GoogleProfile>;

}

function googleOf(core: Core): Google {
  if (!core.google) throw notConfigured('google');
  return core.google;
}

export function createNk(core: Core, matches: MatchRegistry): Nk {
  // Ends the user's sockets on every node (after their tokens were revoked).
  const disconnectUser = (userId: string) => core.bus.revoke({ userId });
  const { accounts, users, sessions } = core;
  return {
    db: core.db,
    uuid: () => crypto.randomUUID(),
    isUuid,
    sharedRateLimiter: (name, limit, windowMs) => core.bus.limits.window(name, limit, windowMs),
    rateLimit: (name, points, durationSec) => core.bus.limits.rate(name, points, durationSec),
    chatLimits: Object.freeze({ messages: core.chatLimits.messages, bytes: core.chatLimits.bytes }),
    limits: Object.freeze({ ...core.config.limits }),
    env: core.config.runtimeEnv,

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
    accountKind: (userId) => accounts.kind(userId),
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
    async usersSearch(text, limit, exceptId) {
      return (await users.search(text, limit, exceptId)).map((u) => userFromRow(u.row, u.online));
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

    async authenticateVerifiedEmail(email, create = true, username) {
      const result = await core.authenticator.authenticateVerifiedEmail(email, create, username);
      // The proof took over an account set up without one: whoever set it up is signed out everywhere.
      if (result.claimed) {
        await sessions.revokeAll(result.userId);
        disconnectUser(result.userId);
      }
      return result;
    },
    authenticateEmail: (email, password, clientIp, create = false, username) =>
      core.authenticator.authenticateEmail(email, password, create, username, clientIp),
    emailConfirm: (userId, email) => accounts.confirmEmail(userId, email),
    authenticateProvider: (provider, id, create = true, username, profile) =>
      core.authenticator.authenticateProvider(provider, id, create, username, profile),
    authenticateTokenGenerate(userId, username, vars) {
      const s = sessions.issue(userId, username, vars);
      return { token: s.token, refreshToken: s.refreshToken, exp: s.claims.exp };
    },

    async mailSend(mail) {
      await core.mailer.send(mail);
    },

    googleConfigured: () => core.google !== undefined,
    async googleAuthorizationUrl(redirectUri, state) {
      return googleOf(core).authorizationUrl(redirectUri, state);
    },
    async googleExchangeCode(code, redirectUri) {
      return googleOf(core).exchangeCode(code, redirectUri);
    },

    ...notificationNk(core),
    ...storageNk(core.storage),
    ...walletNk(core),
    ...groupNk(core),
    ...channelNk(core),
    ...streamNk(core),
    ...matchNk(core, matches),
    ...friendNk(core),
    ...fileNk(core),
    ...purchaseNk(core),
    ...signInNk(core),
    ...leaderboardNk(core),
    ...tournamentNk(core),
    tx: (fn) => runTx(core, fn),
  };
}
