import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Session } from '@heroiclabs/nakama-js';
import WebSocket from 'ws';
import { errorOf, sleep, startTestServer, type TestServer, json } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('session tokens', () => {
  it('are HS256 JWTs with tid, uid, usn, exp and iat; the refresh token shares tid and iat', async () => {
    const s = await ts.newSession();
    const header = JSON.parse(Buffer.from(s.token.split('.')[0], 'base64url').toString());
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' });
    const c = claims(s.token);
    const r = claims(s.refresh_token);
    assert.deepEqual(Object.keys(c).sort(), ['exp', 'iat', 'tid', 'uid', 'usn']);
    assert.equal(c.uid, s.user_id);
    assert.equal(r.tid, c.tid);
    assert.equal(r.iat, c.iat);
    assert.equal((c.exp as number) - (c.iat as number), 7200);
    assert.equal((r.exp as number) - (r.iat as number), 30 * 86400);
  });

  it('refuse a missing, malformed, forged or expired token with 401', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/account`);
    assert.equal(res.status, 401);
    assert.deepEqual(await json(res), { code: 16, message: 'Auth token required' });

    const parts = s.token.split('.');
    const tampered = Buffer.from(parts[1], 'base64url').toString().replace(s.user_id, '00000000-0000-4000-8000-000000000000');
    for (const token of ['garbage', 'a.b.c', `${parts[0]}.${parts[1]}.${parts[2].slice(0, -2)}xx`, `${parts[0]}.${Buffer.from(tampered).toString('base64url')}.${parts[2]}`]) {
      const r = await fetch(`${ts.url}/v2/account`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(r.status, 401, token);
      assert.equal(r.headers.get('www-authenticate'), 'Auth token invalid');
      assert.deepEqual(await json(r), { code: 16, message: 'Auth token invalid' });
    }

    // A token signed with another key.
    const other = await startTestServer({ env: { SESSION_ENCRYPTION_KEY: 'another-session-key' } });
    try {
      const foreign = await other.newSession();
      const e = await errorOf(ts.client().getAccount(Session.restore(foreign.token, '')));
      assert.equal(e.status, 401);
    } finally {
      await other.close();
    }
  });

  it('refuse a token with characters appended to its signature, on every way in', async () => {
    const s = await ts.newSession();
    // Padding, and characters base64url decoding would drop or ignore ('=A' and '==A' decode to the same bytes).
    const suffixes = ['=', '==', 'A', '=A', '==A', '!'];
    const account = (token: string) => fetch(`${ts.url}/v2/account`, { headers: { Authorization: `Bearer ${token}` } });
    // No RPC is registered here: an accepted token gets 404, a refused one 401 in the RPC shape.
    const rpc = (token: string) =>
      fetch(`${ts.url}/v2/rpc/anything`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '"{}"' });
    const refresh = (token: string) =>
      fetch(`${ts.url}/v2/account/session/refresh`, {
        method: 'POST',
        headers: { Authorization: 'Basic ' + Buffer.from(`${ts.config.serverKey}:`).toString('base64') },
        body: JSON.stringify({ token }),
      });
    const upgrade = (token: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${encodeURIComponent(token)}`);
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', reject);
      });

    // The tokens as issued work everywhere.
    assert.equal((await account(s.token)).status, 200);
    assert.equal((await rpc(s.token)).status, 404);
    assert.equal(await upgrade(s.token), 101);
    for (const suffix of suffixes) {
      const token = s.token + suffix;
      const a = await account(token);
      assert.equal(a.status, 401, `account ${suffix}`);
      assert.deepEqual(await json(a), { code: 16, message: 'Auth token invalid' });
      const r = await rpc(token);
      assert.equal(r.status, 401, `rpc ${suffix}`);
      assert.deepEqual(await json(r), { error: 'Auth token invalid', message: 'Auth token invalid', code: 16 });
      const f = await refresh(s.refresh_token + suffix);
      assert.equal(f.status, 401, `refresh ${suffix}`);
      assert.deepEqual(await json(f), { code: 16, message: 'Refresh token invalid or expired.' });
      assert.equal(await upgrade(token), 401, `socket ${suffix}`);
    }
    // The refused attempts changed nothing: the refresh token as issued still refreshes.
    assert.equal((await refresh(s.refresh_token)).status, 200);
  });

  it('expire: an expired token gets 401, refresh gives a working one', async () => {
    const short = await startTestServer({ env: { TOKEN_EXPIRY_SEC: '3' } });
    try {
      const client = short.client();
      const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
      await sleep(3100);
      // Without the refresh token the client cannot refresh by itself.
      const e = await errorOf(client.getAccount(Session.restore(s.token, '')));
      assert.equal(e.status, 401);
      const refreshed = await client.sessionRefresh(s);
      assert.ok(await client.getAccount(refreshed));
    } finally {
      await short.close();
    }
  });
});

describe('refresh', () => {
  it('keeps tid and iat, gives a later exp and the current username', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true, undefined, { a: '1' });
    const before = claims(s.token);
    await client.updateAccount(s, { username: `renamed_${Date.now()}` });
    await sleep(1100);
    const res = await fetch(`${ts.url}/v2/account/session/refresh`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from(`${ts.config.serverKey}:`).toString('base64') },
      body: JSON.stringify({ token: s.refresh_token }),
    });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.created, undefined);
    const after = claims(body.token);
    assert.equal(after.tid, before.tid);
    assert.equal(after.iat, before.iat);
    assert.ok((after.exp as number) > (before.exp as number));
    assert.match(after.usn as string, /^renamed_/);
    // No vars key in the request: the refresh token's vars are kept.
    assert.deepEqual(after.vrs, { a: '1' });
  });

  it('replaces vars when the request has them, even empty', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true, undefined, { a: '1' });
    const r = await client.sessionRefresh(s, { b: '2' });
    assert.deepEqual(r.vars, { b: '2' });
    const r2 = await client.sessionRefresh(s, {});
    assert.equal(r2.vars, undefined);
  });

  it('answers the contract errors', async () => {
    const post = (body: unknown, key = ts.config.serverKey) =>
      fetch(`${ts.url}/v2/account/session/refresh`, {
        method: 'POST',
        headers: { Authorization: 'Basic ' + Buffer.from(`${key}:`).toString('base64') },
        body: JSON.stringify(body),
      });
    let res = await post({ token: '' });
    assert.equal(res.status, 400);
    assert.equal((await json(res)).message, 'Refresh token is required.');
    const s = await ts.newSession();
    res = await post({ token: s.token }); // a session token is not a refresh token
    assert.equal(res.status, 401);
    assert.equal((await json(res)).message, 'Refresh token invalid or expired.');
    res = await post({ token: s.refresh_token }, 'badkey');
    assert.equal(res.status, 401);
    // The account is gone.
    await ts.client().deleteAccount(s);
    const s2 = await ts.newSession();
    await ts.app.core.db.execute('DELETE FROM users WHERE id = $1', [s2.user_id]);
    res = await post({ token: s2.refresh_token });
    assert.equal(res.status, 404);
    assert.equal((await json(res)).message, 'User account not found.');
  });

  it('refuses a banned account with 403', async () => {
    const s = await ts.newSession();
    await ts.app.core.accounts.banUsers([s.user_id]);
    const res = await fetch(`${ts.url}/v2/account/session/refresh`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from(`${ts.config.serverKey}:`).toString('base64') },
      body: JSON.stringify({ token: s.refresh_token }),
    });
    assert.equal(res.status, 403);
    assert.equal((await json(res)).message, 'User account banned.');
    const e = await errorOf(ts.client().authenticateDevice('never-used-device-id', false));
    assert.equal(e.status, 404);
  });
});

describe('logout', () => {
  it('revokes the session token: REST then answers 401', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    assert.equal(await client.sessionLogout(s, s.token, s.refresh_token), true);
    const e = await errorOf(client.getAccount(Session.restore(s.token, '')));
    assert.equal(e.status, 401);
    const r = await errorOf(client.sessionRefresh(s));
    assert.equal(r.status, 401);
  });

  it('with only the session token, the refresh token still works', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    await client.sessionLogout(s, s.token, '');
    assert.equal((await errorOf(client.getAccount(Session.restore(s.token, '')))).status, 401);
    await sleep(1100);
    const refreshed = await client.sessionRefresh(Session.restore(s.token, s.refresh_token));
    assert.ok(await client.getAccount(refreshed));
  });

  it('with no tokens, revokes every session of the user but not a new one', async () => {
    const client = ts.client();
    const id = `device-${crypto.randomUUID()}`;
    const a = await client.authenticateDevice(id, true);
    const b = await client.authenticateDevice(id, true);
    await client.sessionLogout(a, '', '');
    assert.equal((await errorOf(client.getAccount(Session.restore(a.token, '')))).status, 401);
    assert.equal((await errorOf(client.getAccount(Session.restore(b.token, '')))).status, 401);
    const c = await client.authenticateDevice(id, true);
    assert.ok(await client.getAccount(c));
  });

  it("refuses another user's token with 400", async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const e = await errorOf(ts.client().sessionLogout(a, b.token, ''));
    assert.equal(e.status, 400);
    assert.equal(e.body.message, 'Session token invalid.');
    const e2 = await errorOf(ts.client().sessionLogout(a, '', b.refresh_token));
    assert.equal(e2.body.message, 'Refresh token invalid.');
  });
});
