// A local issuer of ID tokens for tests (127.0.0.1), standing in for Apple, Facebook Limited Login and
// Google: its key set at /keys (and OpenID discovery, for Google), RS256 tokens signed with its current key,
// and key rotation. It counts how often its keys were fetched, and can be made to fail.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestTokenIssuer {
  /** http://127.0.0.1:<port>: the issuer (iss) of its tokens and the base of discovery. */
  issuer: string;
  /** The key set's address. */
  keysUrl: string;
  /** An RS256 token: sub, aud, iss, iat and exp (an hour) unless claims override them. */
  token(claims?: Record<string, unknown>, opts?: { key?: 'current' | 'retired' | 'foreign' }): string;
  /** A new signing key; the old one is retired (kept in the set when keepOld). */
  rotate(opts?: { keepOld?: boolean }): void;
  /** Times the key set was fetched. */
  readonly fetches: number;
  /** While true, every request is answered 503. */
  failing: boolean;
  close(): Promise<void>;
}

interface Key {
  kid: string;
  privateKey: crypto.KeyObject;
  jwk: Record<string, unknown>;
}

function newKey(): Key {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomUUID();
  return { kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
}

export async function startTokenIssuer(opts: { audience: string; sub?: string; issuer?: string }): Promise<TestTokenIssuer> {
  let current = newKey();
  let retired: Key | undefined;
  let published: Key[] = [current];
  const foreign = newKey();
  let fetches = 0;
  let base = '';
  const state = { failing: false };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (state.failing) return send(503, { error: 'unavailable' });
    const path = new URL(req.url ?? '/', base).pathname;
    if (path === '/keys') {
      fetches++;
      return send(200, { keys: published.map((k) => k.jwk) });
    }
    if (path === '/.well-known/openid-configuration') {
      return send(200, {
        issuer: iss,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        jwks_uri: `${base}/keys`,
      });
    }
    send(404, { error: 'not found' });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  base = `http://127.0.0.1:${port}`;
  const iss = opts.issuer ?? base;

  return {
    issuer: iss,
    keysUrl: `${base}/keys`,
    token(claims = {}, o = {}) {
      const key = o.key === 'foreign' ? foreign : o.key === 'retired' ? retired ?? current : current;
      const now = Math.floor(Date.now() / 1000);
      const payload = { iss, aud: opts.audience, sub: opts.sub ?? 'subject-1', iat: now, exp: now + 3600, ...claims };
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const input = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(payload)}`;
      return `${input}.${crypto.sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
    },
    rotate(o = {}) {
      retired = current;
      current = newKey();
      published = o.keepOld ? [current, retired] : [current];
    },
    get fetches() {
      return fetches;
    },
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
