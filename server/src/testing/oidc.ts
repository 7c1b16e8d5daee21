// A local OpenID Connect provider for tests (oidc-provider on 127.0.0.1): every authorization request
// signs in one fixed account at once, consent granted, so a browser or fetch gets a code back with no form.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  picture: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  account: OidcAccount;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>, for GOOGLE_ISSUER. */
  issuer: string;
  /** Allows one more redirect URI (one known only after the server under test has started). */
  allowRedirectUri(uri: string): void;
  /**
   * Follows an authorization URL like a browser (cookies kept) until the provider redirects away;
   * returns that address: the redirect URI with code and state, or with error.
   */
  authorize(url: string): Promise<URL>;
  /** An ID token signed with the provider's key: the account's claims for the client, overridden by claims. */
  idToken(claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

// oidc-provider ships no types; this is the part used here.
interface Provider {
  callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
  interactionDetails(req: http.IncomingMessage, res: http.ServerResponse): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(req: http.IncomingMessage, res: http.ServerResponse, result: Record<string, unknown>, opts: { mergeWithLastSubmission: boolean }): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
  Client: { prototype: { redirectUriAllowed(uri: string): boolean } };
  on(event: string, fn: (...args: unknown[]) => void): void;
}
interface OidcModule {
  default: new (issuer: string, config: Record<string, unknown>) => Provider;
  interactionPolicy: { base(): { add(prompt: unknown): void }; Prompt: new (init: { name: string; requestable: boolean }) => unknown };
}
const OIDC_PROVIDER = 'oidc-provider';

// A per-provider store, so providers in one process share nothing and a closed one leaves nothing behind.
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; exp: number }>();
  const live = (key: string) => {
    const e = store.get(key);
    if (e && e.exp && e.exp < Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  return class {
    name: string;
    constructor(name: string) {
      this.name = name;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(`${this.name}:${id}`, { payload, exp: expiresIn ? Date.now() + expiresIn * 1000 : 0 });
    }
    async find(id: string) {
      return live(`${this.name}:${id}`);
    }
    async findByUid(uid: string) {
      for (const [k] of store) if (k.startsWith(`${this.name}:`) && live(k)?.uid === uid) return live(k);
      return undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const p = live(`${this.name}:${id}`);
      if (p) p.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(`${this.name}:${id}`);
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, e] of store) if (e.payload.grantId === grantId) store.delete(k);
    }
  };
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<TestOidcProvider> {
  // oidc-provider ships no types: named by a constant, it is typed here (OidcModule) instead.
  // eslint-disable-next-line no-restricted-syntax -- a devDependency, not a path into the product
  const oidc = (await import(OIDC_PROVIDER)) as OidcModule;
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), use: 'sig', alg: 'RS256' };
  const allowed = new Set(opts.redirectUris);

  // Set once the server's port (the issuer) is known; requests before that get 503.
  // eslint-disable-next-line prefer-const
  let provider: Provider | undefined;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      finishInteraction(provider, req, res, opts.account.sub).catch((err: Error) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${err.message}`);
      });
      return;
    }
    provider.callback()(req, res);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const issuer = `http://127.0.0.1:${port}`;

  // Google's account chooser is the select_account prompt; the default policy has only login and consent.
  const policy = oidc.interactionPolicy.base();
  policy.add(new oidc.interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  const { sub, email, name, picture } = opts.account;
  provider = new oidc.default(issuer, {
    adapter: memoryAdapter(),
    clients: [{
      client_id: opts.clientId,
      client_secret: opts.clientSecret,
      redirect_uris: opts.redirectUris.length ? opts.redirectUris : [`${issuer}/unused`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    }],
    jwks: { keys: [jwk] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token of the code flow carries the profile claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    renderError: (ctx: { type: string; body: string }, out: { error: string; error_description?: string }) => {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email, email_verified: true, name, picture }),
    }),
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  const base = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: unknown, uri: string) {
    return allowed.has(uri) || base.call(this, uri);
  };
  // Errors reach the client as OAuth errors; the fixture stays quiet about them.
  provider.on('server_error', () => {});

  const key = crypto.createPrivateKey({ key: privateKey.export({ format: 'jwk' }), format: 'jwk' });
  return {
    issuer,
    allowRedirectUri: (uri) => void allowed.add(uri),
    authorize: (url) => followRedirects(url, issuer),
    async idToken(claims = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = { iss: issuer, aud: opts.clientId, sub, email, email_verified: true, name, picture, iat: now, exp: now + 3600, ...claims };
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const input = `${part({ alg: 'RS256', typ: 'JWT', kid: jwk.kid })}.${part(payload)}`;
      return `${input}.${crypto.sign('sha256', Buffer.from(input), key).toString('base64url')}`;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function finishInteraction(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse, accountId: string) {
  const { params } = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope ?? 'openid'));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { select_account: {}, login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** Follows redirects within the issuer's origin with a cookie jar; returns the first one leaving it. */
async function followRedirects(start: string, issuer: string): Promise<URL> {
  const origin = new URL(issuer).origin;
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== origin) return url;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`the provider answered ${res.status} instead of redirecting: ${(await res.text()).slice(0, 300)}`);
    }
    await res.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
