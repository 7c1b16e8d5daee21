// Facebook Login: a user access token, checked by asking the Graph API for /me with it (with
// appsecret_proof when the app secret is set, so a token given to another app is refused), or a Limited
// Login token, an RS256 JWT signed by Facebook's keys for the app id. Friends come from /me/friends, page by page.
import crypto from 'node:crypto';
import type { FacebookConfig, SignInConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';
import { KeySet } from './jwks.ts';
import { providerGet } from './sign-in-http.ts';
import type { Identity } from './providers.ts';

const REFUSAL = 'Could not authenticate Facebook profile.';
const MAX_TOKEN_LENGTH = 16_384;
/** Friends read at most: 50 pages of 100. */
const MAX_FRIEND_PAGES = 50;

/** A JWT (three base64url parts) is a Limited Login token; anything else is an access token. */
const isJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

export class Facebook {
  private readonly config: FacebookConfig;
  private readonly signIn: SignInConfig;
  private readonly logger: Logger;
  private readonly keys: KeySet;

  constructor(config: FacebookConfig, signIn: SignInConfig, logger: Logger) {
    this.config = config;
    this.signIn = signIn;
    this.logger = logger;
    this.keys = new KeySet('Facebook', config.keysUrl, signIn, logger);
  }

  async verify(token: string): Promise<Identity> {
    if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) throw unauthenticated(REFUSAL);
    if (isJwt(token)) {
      const issuers = [this.config.issuer];
      if (this.config.issuer === 'https://www.facebook.com') issuers.push('https://limited.facebook.com');
      const claims = await this.keys.verify(token, { issuer: issuers, audience: this.config.appId, algorithms: ['RS256'], refusal: REFUSAL });
      return { id: claims.sub!, displayName: str(claims.name), avatarUrl: url(claims.picture) };
    }
    const me = await this.graph('/me', token, { fields: 'id,name,picture' });
    const id = (me as { id?: unknown }).id;
    if (typeof id !== 'string' || !/^\d{1,64}$/.test(id)) throw unauthenticated(REFUSAL);
    const m = me as { name?: unknown; picture?: { data?: { url?: unknown } } };
    return { id, displayName: str(m.name), avatarUrl: url(m.picture?.data?.url) };
  }

  /** The Facebook ids of the token's user's friends who use the app; none for a Limited Login token. */
  async friendIds(token: string): Promise<string[]> {
    if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) throw unauthenticated(REFUSAL);
    if (isJwt(token)) return [];
    const ids: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_FRIEND_PAGES; page++) {
      const body = await this.graph('/me/friends', token, { fields: 'id', limit: '100', ...(after ? { after } : {}) }) as {
        data?: Array<{ id?: unknown }>;
        paging?: { cursors?: { after?: unknown }; next?: unknown };
      };
      for (const f of body.data ?? []) if (typeof f?.id === 'string' && /^\d{1,64}$/.test(f.id)) ids.push(f.id);
      const next = body.paging?.cursors?.after;
      // Only the cursor of the page is followed, never the `next` address: calls go to the configured Graph API alone.
      if (!body.paging?.next || typeof next !== 'string' || next === '' || !body.data?.length) break;
      after = next;
    }
    return [...new Set(ids)];
  }

  private async graph(path: string, token: string, params: Record<string, string>): Promise<unknown> {
    const u = new URL(`${this.config.graphUrl}${path}`);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set('access_token', token);
    if (this.config.appSecret) u.searchParams.set('appsecret_proof', crypto.createHmac('sha256', this.config.appSecret).update(token).digest('hex'));
    const answer = await providerGet('Facebook', u, this.signIn.timeoutMs, this.logger);
    const body = answer.json();
    if (answer.status !== 200 || typeof body !== 'object' || body === null) {
      this.logger.debug('facebook refused the token', { status: answer.status });
      throw unauthenticated(REFUSAL);
    }
    return body;
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' && v.length <= 255 ? v : undefined;
}

function url(v: unknown): string | undefined {
  return typeof v === 'string' && v.length <= 512 && /^https?:\/\//.test(v) ? v : undefined;
}
