// Sign-in by third-party providers (Apple, Facebook, Facebook Instant, Game Center, Google, Steam): each
// provider's proof is checked as that provider documents it, then the account is found, created, linked or
// unlinked by the provider's id, and Facebook and Steam friends who have accounts become friends.
// Failed proofs count per client address, with the same back-off as failed passwords.
import type { Config } from '../config.ts';
import { AppError, Code, resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { BackoffLimit, LimitStore } from '../realtime/bus.ts';
import type { ProviderColumn } from './accounts.ts';
import { Apple } from './apple.ts';
import type { AuthResult, Authenticator } from './authenticate.ts';
import { Facebook } from './facebook.ts';
import { FacebookInstant } from './facebook-instant.ts';
import type { Friends } from './friends.ts';
import { GameCenter, type GameCenterProof } from './gamecenter.ts';
import type { Google } from './google.ts';
import type { Links } from './links.ts';
import { notConfigured, type Identity } from './providers.ts';
import { Steam } from './steam.ts';

export type SignInProvider = 'apple' | 'facebook' | 'facebookinstantgame' | 'gamecenter' | 'google' | 'steam';

/** A provider's proof: a token (Apple, Facebook, Google, Steam), signed player info, or Game Center's signature. */
export interface ProviderCredential {
  token?: string;
  signedPlayerInfo?: string;
  gameCenter?: GameCenterProof;
}

const PROVIDER_COLUMNS: Record<SignInProvider, ProviderColumn> = {
  apple: 'apple_id',
  facebook: 'facebook_id',
  facebookinstantgame: 'facebook_instant_game_id',
  gamecenter: 'gamecenter_id',
  google: 'google_id',
  steam: 'steam_id',
};

// Upstream's answers when the id belongs to another account.
const IN_USE: Record<SignInProvider, string> = {
  apple: 'Apple ID is already in use.',
  facebook: 'Facebook ID is already in use.',
  facebookinstantgame: 'Facebook Instant Game ID is already in use.',
  gamecenter: 'Game Center ID is already in use.',
  google: 'Google ID is already in use.',
  steam: 'Steam ID is already in use.',
};

const FAILURE_WINDOW_MS = 15 * 60_000;

export interface SignInDeps {
  authenticator: Authenticator;
  links: Links;
  friends: Friends;
  google: Google | undefined;
  limits: LimitStore;
  logger: Logger;
}

export class SignIn {
  private readonly deps: SignInDeps;
  private readonly logger: Logger;
  readonly apple: Apple | undefined;
  readonly facebook: Facebook | undefined;
  readonly facebookInstant: FacebookInstant | undefined;
  readonly gameCenter: GameCenter | undefined;
  readonly steam: Steam | undefined;
  // Failed proofs from one client address, as failed passwords are limited.
  private readonly failuresByAddress: BackoffLimit;

  constructor(config: Config, deps: SignInDeps) {
    const s = config.signIn;
    this.deps = deps;
    this.logger = deps.logger;
    this.apple = s.apple && new Apple(s.apple, s, deps.logger);
    this.facebook = s.facebook && new Facebook(s.facebook, s, deps.logger);
    this.facebookInstant = s.facebookInstant && new FacebookInstant(s.facebookInstant);
    this.gameCenter = s.gameCenter && new GameCenter(s.gameCenter, s, config.production, deps.logger);
    this.steam = s.steam && new Steam(s.steam, s, deps.logger);
    this.failuresByAddress = deps.limits.backoff('core.sign_in_by_address', 50, FAILURE_WINDOW_MS, 60_000);
  }

  configured(provider: SignInProvider): boolean {
    switch (provider) {
      case 'apple': return !!this.apple;
      case 'facebook': return !!this.facebook;
      case 'facebookinstantgame': return !!this.facebookInstant;
      case 'gamecenter': return !!this.gameCenter;
      case 'google': return !!this.deps.google;
      case 'steam': return !!this.steam;
    }
  }

  /** Checks a proof with its provider: NotConfigured, Unauthenticated when refused, Unavailable when unreachable. */
  async identify(provider: SignInProvider, c: ProviderCredential): Promise<Identity> {
    switch (provider) {
      case 'apple': return this.need(provider, this.apple).verify(c.token ?? '');
      case 'facebook': return this.need(provider, this.facebook).verify(c.token ?? '');
      case 'facebookinstantgame': return this.need(provider, this.facebookInstant).verify(c.signedPlayerInfo ?? '');
      case 'gamecenter': return this.need(provider, this.gameCenter).verify(c.gameCenter ?? emptyProof());
      case 'google': {
        const p = await this.need(provider, this.deps.google).verifyIdToken(c.token ?? '');
        return { id: p.sub, displayName: p.name ?? undefined, avatarUrl: p.picture ?? undefined };
      }
      case 'steam': return this.need(provider, this.steam).verify(c.token ?? '');
    }
  }

  private need<T>(provider: SignInProvider, p: T | undefined): T {
    if (!p) throw notConfigured(provider);
    return p;
  }

  /**
   * Signs in, or creates, the account of the provider's id. With the client's address (REST), a refused
   * proof counts against it (past the limit further attempts wait) and so does a created account. With
   * `sync`, Facebook and Steam friends are imported.
   */
  async authenticate(
    provider: SignInProvider,
    c: ProviderCredential,
    opts: { create: boolean; username?: string; clientIp?: string; sync?: boolean },
  ): Promise<AuthResult> {
    if (!this.configured(provider)) throw notConfigured(provider);
    const identity = opts.clientIp === undefined ? await this.identify(provider, c) : await this.identifyCounted(provider, c, opts.clientIp);
    const result = await this.deps.authenticator.authenticateProvider(PROVIDER_COLUMNS[provider], identity.id, opts.create, opts.username, identity, opts.clientIp);
    if (opts.sync) await this.syncQuietly(provider, result.userId, identity.id, c.token ?? '');
    return result;
  }

  private async identifyCounted(provider: SignInProvider, c: ProviderCredential, clientIp: string): Promise<Identity> {
    const address = clientIp || 'unknown';
    const wait = await this.failuresByAddress.take(address);
    if (wait > 0) throw resourceExhausted(`Too many failed sign-in attempts. Try again in ${wait} s.`, wait);
    try {
      const identity = await this.identify(provider, c);
      await this.failuresByAddress.undo(address);
      return identity;
    } catch (err) {
      // Only a refused proof is the client's failure.
      if (!(err instanceof AppError && err.code === Code.Unauthenticated)) await this.failuresByAddress.undo(address);
      throw err;
    }
  }

  /** Links the provider's id to the user's account; AlreadyExists when another account holds it. */
  async link(userId: string, provider: SignInProvider, c: ProviderCredential, sync = false): Promise<void> {
    const identity = await this.identify(provider, c);
    await this.deps.links.linkColumn(userId, PROVIDER_COLUMNS[provider], identity.id, IN_USE[provider]);
    if (sync) await this.syncQuietly(provider, userId, identity.id, c.token ?? '');
  }

  /** Unlinks the provider's id: the proof must name the linked id, and the account keeps one credential. */
  async unlink(userId: string, provider: SignInProvider, c: ProviderCredential): Promise<void> {
    const identity = await this.identify(provider, c);
    await this.deps.links.unlinkColumn(userId, PROVIDER_COLUMNS[provider], identity.id);
  }

  /** Makes the user friends with their Facebook friends who have accounts; `reset` drops other friends first. */
  async importFacebookFriends(userId: string, token: string, reset: boolean): Promise<string[]> {
    const facebook = this.need('facebook', this.facebook);
    await facebook.verify(token);
    const ids = await facebook.friendIds(token);
    return this.deps.friends.importFriends(userId, 'facebook_id', ids, reset);
  }

  /** Makes the user friends with the Steam friends (of the ticket's player) who have accounts. */
  async importSteamFriends(userId: string, ticket: string, reset: boolean): Promise<string[]> {
    const steam = this.need('steam', this.steam);
    const { id } = await steam.verify(ticket);
    return this.deps.friends.importFriends(userId, 'steam_id', await steam.friendIds(id), reset);
  }

  // A failed import does not undo the sign-in or the link (upstream's way): it is logged.
  private async syncQuietly(provider: SignInProvider, userId: string, providerId: string, token: string): Promise<void> {
    try {
      if (provider === 'facebook' && this.facebook) {
        await this.deps.friends.importFriends(userId, 'facebook_id', await this.facebook.friendIds(token), false);
      } else if (provider === 'steam' && this.steam) {
        await this.deps.friends.importFriends(userId, 'steam_id', await this.steam.friendIds(providerId), false);
      }
    } catch (err) {
      this.logger.warn('friends could not be imported', { provider, userId, err: (err as Error).message });
    }
  }
}

function emptyProof(): GameCenterProof {
  return { playerId: '', bundleId: '', timestamp: '', salt: '', signature: '', publicKeyUrl: '' };
}
