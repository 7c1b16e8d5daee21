// Google sign-in over OpenID Connect: authorization URL, code exchange and ID token verification.
// Works against any OpenID provider with discovery (tests use a local one).
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { GoogleConfig, SignInConfig } from '../config.ts';
import { AppError, Code, invalid, unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';

export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

const DISCOVERY_TTL_MS = 24 * 3600_000;
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];
// Upstream Nakama's message for any token it cannot accept.
const BAD_TOKEN = 'Could not authenticate Google profile.';

const unavailable = (message: string) => new AppError(Code.Unavailable, message);

export class Google {
  private readonly config: GoogleConfig;
  private readonly logger: Logger;
  private discovery: { value: Promise<Discovery>; at: number } | undefined;
  private jwks: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;

  private readonly calls: Pick<SignInConfig, 'timeoutMs' | 'keysRefetchMs' | 'keysMaxAgeMs'>;

  /** calls: the sign-in providers' timeout and key cache (SIGN_IN_*). */
  constructor(config: GoogleConfig, logger: Logger, calls: Pick<SignInConfig, 'timeoutMs' | 'keysRefetchMs' | 'keysMaxAgeMs'>) {
    this.config = config;
    this.logger = logger;
    this.calls = calls;
  }

  /** The provider's endpoints: cached for a day, fetched again after a failure. */
  private endpoints(): Promise<Discovery> {
    const now = Date.now();
    if (!this.discovery || now - this.discovery.at > DISCOVERY_TTL_MS) {
      const value = this.fetchDiscovery();
      this.discovery = { value, at: now };
      value.catch(() => {
        if (this.discovery?.value === value) this.discovery = undefined;
      });
    }
    return this.discovery.value;
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const url = `${this.config.issuer}/.well-known/openid-configuration`;
    let d: Partial<Discovery>;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.calls.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      d = (await res.json()) as Partial<Discovery>;
    } catch (err) {
      this.logger.error('google discovery failed', { url, err: (err as Error).message });
      throw unavailable('Google sign-in is unavailable: the provider could not be reached.');
    }
    for (const k of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof d[k] !== 'string' || !URL.canParse(d[k])) {
        this.logger.error('google discovery document is incomplete', { url, missing: k });
        throw unavailable('Google sign-in is unavailable: the provider sent an invalid configuration.');
      }
    }
    return d as Discovery;
  }

  /** Where to send the browser: scopes openid profile email, offline access, account chooser. */
  async authorizationUrl(redirectUri: string, state: string): Promise<string> {
    checkRedirect(redirectUri);
    if (typeof state !== 'string' || state === '') throw invalid('State is required.');
    const d = await this.endpoints();
    const url = new URL(d.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      access_type: 'offline',
      prompt: 'select_account',
      state,
    }).toString();
    return url.toString();
  }

  /** Redeems an authorization code at the token endpoint and verifies the ID token it returns. */
  async exchangeCode(code: string, redirectUri: string): Promise<GoogleProfile> {
    checkRedirect(redirectUri);
    if (typeof code !== 'string' || code === '' || code.length > 4096) throw invalid('Authorization code is required.');
    const d = await this.endpoints();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    // client_secret_post when offered (Google offers both), else HTTP Basic as the spec's default.
    if (d.token_endpoint_auth_methods_supported?.includes('client_secret_post')) {
      form.set('client_id', this.config.clientId);
      form.set('client_secret', this.config.clientSecret);
    } else {
      const basic = `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    let res: Response;
    let body: { id_token?: unknown; error?: unknown } = {};
    try {
      res = await fetch(d.token_endpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(this.calls.timeoutMs) });
      const text = await res.text();
      try {
        body = (JSON.parse(text) ?? {}) as typeof body;
      } catch {
        body = {};
      }
    } catch (err) {
      this.logger.error('google token request failed', { err: (err as Error).message });
      this.discovery = undefined;
      throw unavailable('Google sign-in is unavailable: the provider could not be reached.');
    }
    if (!res.ok || typeof body.id_token !== 'string') {
      const error = typeof body.error === 'string' ? body.error.replace(/[^\w.-]/g, '').slice(0, 64) : `HTTP ${res.status}`;
      if (res.status >= 500) {
        this.logger.error('google token endpoint failed', { status: res.status });
        throw unavailable('Google sign-in is unavailable: the provider failed.');
      }
      this.logger.info('google refused the authorization code', { error });
      throw unauthenticated(`Google refused the authorization code (${error}).`);
    }
    return this.verifyIdToken(body.id_token);
  }

  /** Checks an ID token's signature by the provider's keys, issuer, audience (our client id) and expiry. */
  async verifyIdToken(idToken: string): Promise<GoogleProfile> {
    if (typeof idToken !== 'string' || idToken === '' || idToken.length > 16_384) throw unauthenticated(BAD_TOKEN);
    const d = await this.endpoints();
    if (this.jwks?.uri !== d.jwks_uri) {
      this.jwks = {
        uri: d.jwks_uri,
        keys: createRemoteJWKSet(new URL(d.jwks_uri), {
          timeoutDuration: this.calls.timeoutMs,
          cooldownDuration: this.calls.keysRefetchMs,
          cacheMaxAge: this.calls.keysMaxAgeMs,
        }),
      };
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks.keys, {
        issuer: this.issuers(d),
        audience: this.config.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (err) {
      // The key set could not be fetched (network, timeout, bad answer): not the token's fault.
      const e = err as Error & { code?: string };
      if (e instanceof joseErrors.JWKSTimeout || e.code === 'ERR_JOSE_GENERIC' || e instanceof TypeError) {
        this.logger.error('google keys could not be fetched', { err: e.message });
        throw unavailable('Google sign-in is unavailable: the provider could not be reached.');
      }
      this.logger.debug('google id token refused', { err: (err as Error).message });
      throw unauthenticated(BAD_TOKEN);
    }
    return profileOf(payload);
  }

  // Google signs with either form of its issuer.
  private issuers(d: Discovery): string[] {
    const out = new Set([d.issuer, this.config.issuer]);
    if (out.has('https://accounts.google.com')) out.add('accounts.google.com');
    return [...out];
  }
}

function checkRedirect(redirectUri: string): void {
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(redirectUri).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw invalid('Redirect URI must be an absolute http(s) URL.');
}

function profileOf(p: JWTPayload): GoogleProfile {
  const str = (v: unknown, max: number) => (typeof v === 'string' && v !== '' && v.length <= max ? v : null);
  const sub = str(p.sub, 255);
  if (!sub) throw unauthenticated(BAD_TOKEN);
  const picture = str(p.picture, 512);
  return {
    sub,
    email: str(p.email, 255),
    // Google has sent both a boolean and the string "true".
    emailVerified: p.email_verified === true || p.email_verified === 'true',
    name: str(p.name, 255),
    picture: picture && /^https?:\/\//.test(picture) ? picture : null,
  };
}
