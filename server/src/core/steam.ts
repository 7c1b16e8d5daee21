// Steam: a session ticket from the game, checked with ISteamUserAuth/AuthenticateUserTicket (publisher
// key and app id), which names the player's 64-bit Steam id; friends from ISteamUser/GetFriendList.
import type { SignInConfig, SteamConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';
import { providerGet } from './sign-in-http.ts';
import type { Identity } from './providers.ts';

const REFUSAL = 'Could not authenticate Steam profile.';
const STEAM_ID = /^\d{1,20}$/;

export class Steam {
  private readonly config: SteamConfig;
  private readonly signIn: SignInConfig;
  private readonly logger: Logger;

  constructor(config: SteamConfig, signIn: SignInConfig, logger: Logger) {
    this.config = config;
    this.signIn = signIn;
    this.logger = logger;
  }

  async verify(ticket: string): Promise<Identity> {
    if (typeof ticket !== 'string' || !/^[0-9a-fA-F]{2,8192}$/.test(ticket)) throw unauthenticated(REFUSAL);
    const u = this.url('/ISteamUserAuth/AuthenticateUserTicket/v1/');
    u.searchParams.set('appid', this.config.appId);
    u.searchParams.set('ticket', ticket);
    const answer = await providerGet('Steam', u, this.signIn.timeoutMs, this.logger);
    const body = answer.json() as { response?: { params?: { result?: unknown; steamid?: unknown }; error?: { errorcode?: unknown } } } | undefined;
    if (answer.status === 401 || answer.status === 403) {
      // The publisher key or app id is wrong: the server's configuration, not the player's ticket.
      this.logger.error('steam refused the publisher key', { status: answer.status });
      throw unauthenticated(REFUSAL);
    }
    const params = body?.response?.params;
    if (answer.status !== 200 || params?.result !== 'OK' || typeof params.steamid !== 'string' || !STEAM_ID.test(params.steamid)) {
      this.logger.debug('steam refused the ticket', { status: answer.status, error: body?.response?.error?.errorcode });
      throw unauthenticated(REFUSAL);
    }
    return { id: params.steamid };
  }

  /** The Steam ids of a player's friends; none when the profile or its friends are private. */
  async friendIds(steamId: string): Promise<string[]> {
    if (!STEAM_ID.test(steamId)) throw unauthenticated(REFUSAL);
    const u = this.url('/ISteamUser/GetFriendList/v1/');
    u.searchParams.set('steamid', steamId);
    u.searchParams.set('relationship', 'friend');
    const answer = await providerGet('Steam', u, this.signIn.timeoutMs, this.logger);
    if (answer.status === 401 || answer.status === 403) return [];
    const body = answer.json() as { friendslist?: { friends?: Array<{ steamid?: unknown }> } } | undefined;
    if (answer.status !== 200 || !body) throw unauthenticated(REFUSAL);
    const ids = (body.friendslist?.friends ?? []).map((f) => f?.steamid).filter((id): id is string => typeof id === 'string' && STEAM_ID.test(id));
    return [...new Set(ids)];
  }

  private url(path: string): URL {
    const u = new URL(`${this.config.apiUrl}${path}`);
    u.searchParams.set('key', this.config.publisherKey);
    return u;
  }
}
