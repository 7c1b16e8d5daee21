import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config.ts';
import { appErrorOf, errorOf, startOidcProvider, startTestServer, type TestOidcProvider, type TestServer } from '../testing/index.ts';

const CLIENT_ID = 'tribuna-test-client';
const CLIENT_SECRET = 'tribuna-test-secret';
const REDIRECT = 'http://127.0.0.1:9/auth/google/callback';
const account = { sub: 'google-sub-1', email: 'ivan@example.com', name: 'Иван Петров', picture: 'https://example.com/ivan.png' };

let provider: TestOidcProvider;
let ts: TestServer;
before(async () => {
  provider = await startOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT], account });
  ts = await startTestServer({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: provider.issuer } });
});
after(async () => {
  await ts.close();
  await provider.close();
});

/** A real ID token: authorization request, redirect with a code, token endpoint. */
async function realIdToken(): Promise<string> {
  const back = await provider.authorize(await ts.app.nk.googleAuthorizationUrl(REDIRECT, 'st'));
  const res = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT,
      client_id: CLIENT_ID, client_secret: CLIENT_SECRET,
    }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { id_token: string }).id_token;
}

describe('google configuration', () => {
  it('needs both the client id and the secret; the issuer defaults to Google', () => {
    assert.equal(loadConfig({}).google, undefined);
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    assert.deepEqual(c.google, { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' });
    for (const [env, name] of [
      [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
      [{ GOOGLE_CLIENT_SECRET: 'secret' }, 'GOOGLE_CLIENT_ID'],
      [{ GOOGLE_ISSUER: 'ftp://x' }, 'GOOGLE_ISSUER'],
    ] as const) {
      assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === name);
    }
  });
});

describe('google code flow (core)', () => {
  it('builds the authorization URL and exchanges the code for the verified profile', async () => {
    const nk = ts.app.nk;
    assert.equal(nk.googleConfigured(), true);
    const url = new URL(await nk.googleAuthorizationUrl(REDIRECT, 'state-1'));
    assert.equal(url.origin, provider.issuer);
    for (const [k, v] of Object.entries({
      client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile email',
      access_type: 'offline', prompt: 'select_account', state: 'state-1',
    })) assert.equal(url.searchParams.get(k), v, k);

    const back = await provider.authorize(url.toString());
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    assert.equal(back.searchParams.get('state'), 'state-1');
    const code = back.searchParams.get('code')!;
    assert.ok(code);
    const profile = await nk.googleExchangeCode(code, REDIRECT);
    assert.deepEqual(profile, { sub: account.sub, email: account.email, emailVerified: true, name: account.name, picture: account.picture });

    // A code is single use.
    assert.equal((await appErrorOf(nk.googleExchangeCode(code, REDIRECT))).code, 16);
    assert.equal((await appErrorOf(nk.googleExchangeCode('forged-code', REDIRECT))).code, 16);
  });
});

describe('authenticate/google', () => {
  it('creates an account from a real ID token, then signs in to the same one', async () => {
    const token = await realIdToken();
    const first = await ts.client().authenticateGoogle(token, true);
    assert.equal(first.created, true);
    const a = await ts.client().getAccount(first);
    assert.equal(a.user!.google_id, account.sub);
    assert.equal(a.user!.display_name, account.name);
    assert.equal(a.user!.avatar_url, account.picture);
    const second = await ts.client().authenticateGoogle(await realIdToken(), true);
    assert.equal(second.created, false);
    assert.equal(second.user_id, first.user_id);
    const e = await errorOf(ts.client().authenticateGoogle(await provider.idToken({ sub: `new-${crypto.randomUUID()}` }), false));
    assert.equal(e.status, 404);
  });

  it('refuses tokens for another audience, of another issuer, expired, forged or malformed with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const genuine = await provider.idToken();
    const [header, payload] = genuine.split('.');
    const forged = `${header}.${payload}.${crypto.sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url')}`;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' })).toString('base64url')}.${genuine.split('.')[2]}`;
    for (const [what, token] of [
      ['audience', await provider.idToken({ aud: 'another-client' })],
      ['issuer', await provider.idToken({ iss: 'https://accounts.example.com' })],
      ['expired', await provider.idToken({ iat: now - 7200, exp: now - 3600 })],
      ['forged', forged],
      ['tampered', tampered],
      ['malformed', 'not.a.token'],
      ['empty', ''],
    ]) {
      const e = await errorOf(ts.client().authenticateGoogle(token, true));
      assert.equal(e.status, 401, what);
      assert.deepEqual(e.body, { code: 16, message: 'Could not authenticate Google profile.' }, what);
    }
  });
});

describe('link and unlink google', () => {
  it('links to a device account, signs in by it, refuses it elsewhere, unlinks only with its token', async () => {
    const s = await ts.newSession();
    const sub = `linked-${crypto.randomUUID()}`;
    const token = await provider.idToken({ sub });
    await ts.client().linkGoogle(s, { token });
    assert.equal((await ts.client().getAccount(s)).user!.google_id, sub);
    const signIn = await ts.client().authenticateGoogle(token, false);
    assert.equal(signIn.user_id, s.user_id);

    const other = await ts.newSession();
    const e = await errorOf(ts.client().linkGoogle(other, { token }));
    assert.equal(e.status, 409);
    assert.deepEqual(e.body, { code: 6, message: 'Google ID is already in use.' });

    const wrong = await errorOf(ts.client().unlinkGoogle(s, { token: await provider.idToken({ sub: 'not-linked-here' }) }));
    assert.equal(wrong.status, 403);
    const bad = await errorOf(ts.client().unlinkGoogle(s, { token: 'x' }));
    assert.equal(bad.status, 401);
    await ts.client().unlinkGoogle(s, { token });
    assert.equal(Object.hasOwn((await ts.client().getAccount(s)).user!, 'google_id'), false);
  });

  it('keeps the last credential of a Google-only account', async () => {
    const token = await provider.idToken({ sub: `only-${crypto.randomUUID()}` });
    const s = await ts.client().authenticateGoogle(token, true);
    const e = await errorOf(ts.client().unlinkGoogle(s, { token }));
    assert.equal(e.status, 403);
    assert.equal(e.body.message, 'Cannot unlink last account identifier. Check profile exists and is not last link.');
  });
});

describe('google unavailable or not configured', () => {
  it('answers 503 when the provider cannot be reached', async () => {
    const down = await startTestServer({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' } });
    try {
      const e = await errorOf(down.client().authenticateGoogle(await provider.idToken(), true));
      assert.equal(e.status, 503);
      assert.equal(e.body.code, 14);
      assert.equal((await appErrorOf(down.app.nk.googleAuthorizationUrl(REDIRECT, 's'))).code, 14);
    } finally {
      await down.close();
    }
  });

  it('keeps answering "not configured" (code 9) without GOOGLE_CLIENT_ID', async () => {
    const plain = await startTestServer();
    try {
      assert.equal(plain.app.nk.googleConfigured(), false);
      const s = await plain.newSession();
      const token = await provider.idToken();
      for (const call of [
        () => plain.client().authenticateGoogle(token, true),
        () => plain.client().linkGoogle(s, { token }),
        () => plain.client().unlinkGoogle(s, { token }),
      ]) {
        const e = await errorOf(call());
        assert.equal(e.status, 400);
        assert.deepEqual(e.body, { code: 9, message: 'Google authentication is not configured.' });
      }
      assert.equal((await appErrorOf(plain.app.nk.googleAuthorizationUrl(REDIRECT, 's'))).code, 9);
    } finally {
      await plain.close();
    }
  });
});
