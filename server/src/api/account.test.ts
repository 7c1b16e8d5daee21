import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { errorOf, startTestServer, type TestServer, json } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 12);

describe('account', () => {
  it('get: user with defaults, wallet and metadata as "{}", devices, no empty fields', async () => {
    const id = `device-${uniq()}`;
    const s = await ts.client().authenticateDevice(id, true);
    const a = await ts.client().getAccount(s);
    assert.equal(a.wallet, '{}');
    assert.equal(a.user!.metadata, '{}');
    assert.equal(a.user!.id, s.user_id);
    assert.equal(a.user!.lang_tag, 'en');
    assert.deepEqual(a.devices, [{ id }]);
    assert.match(a.user!.create_time!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const k of ['email', 'custom_id', 'verify_time', 'disable_time']) assert.equal(Object.hasOwn(a, k), false, k);
    for (const k of ['display_name', 'avatar_url', 'online', 'edge_count', 'google_id']) assert.equal(Object.hasOwn(a.user!, k), false, k);
  });

  it('update: every field, Cyrillic text, a clash answers 409, the same username is fine', async () => {
    const s = await ts.newSession();
    const name = `Вратарь_${uniq()}`;
    await ts.client().updateAccount(s, {
      username: name,
      display_name: 'Иван Петров',
      avatar_url: '/uploads/abc',
      lang_tag: 'ru-RU',
      location: 'Москва',
      timezone: 'Europe/Moscow',
    });
    const a = await ts.client().getAccount(s);
    assert.equal(a.user!.username, name);
    assert.equal(a.user!.display_name, 'Иван Петров');
    assert.equal(a.user!.avatar_url, '/uploads/abc');
    assert.equal(a.user!.lang_tag, 'ru-RU');
    assert.equal(a.user!.location, 'Москва');
    assert.equal(a.user!.timezone, 'Europe/Moscow');
    await ts.client().updateAccount(s, { username: name });

    const other = await ts.newSession();
    const e = await errorOf(ts.client().updateAccount(other, { username: name.toUpperCase() }));
    assert.equal(e.status, 409);
    assert.equal(e.body.message, 'Username is already in use.');

    // Clearing a field with "" removes it.
    await ts.client().updateAccount(s, { location: '' });
    assert.equal(Object.hasOwn((await ts.client().getAccount(s)).user!, 'location'), false);
  });

  it('update: invalid values answer 400 and change nothing', async () => {
    const s = await ts.newSession();
    const before = await ts.client().getAccount(s);
    for (const body of [{ username: '' }, { username: 'a\nb' }, { display_name: 'x'.repeat(256) }, { lang_tag: 'x'.repeat(19) }]) {
      const e = await errorOf(ts.client().updateAccount(s, body));
      assert.equal(e.status, 400, JSON.stringify(body));
    }
    const res = await fetch(`${ts.url}/v2/account`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ display_name: 42 }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual((await ts.client().getAccount(s)).user, before.user);
  });

  it('delete: the account is gone and its token no longer works', async () => {
    const id = `device-${uniq()}`;
    const s = await ts.client().authenticateDevice(id, true);
    assert.equal(await ts.client().deleteAccount(s), true);
    assert.equal((await errorOf(ts.client().getAccount(s))).status, 401);
    assert.equal((await errorOf(ts.client().authenticateDevice(id, false))).status, 404);
  });
});

describe('link and unlink', () => {
  it('links a device, custom id and e-mail, then signs in with each', async () => {
    const s = await ts.newSession();
    const device = `device-${uniq()}`;
    const custom = `custom-${uniq()}`;
    const email = `${uniq()}@example.com`;
    await ts.client().linkDevice(s, { id: device });
    await ts.client().linkCustom(s, { id: custom });
    await ts.client().linkEmail(s, { email, password: 'password123' });
    assert.equal((await ts.client().authenticateDevice(device, false)).user_id, s.user_id);
    assert.equal((await ts.client().authenticateCustom(custom, false)).user_id, s.user_id);
    assert.equal((await ts.client().authenticateEmail(email, 'password123', false)).user_id, s.user_id);
    const a = await ts.client().getAccount(s);
    assert.equal(a.custom_id, custom);
    assert.equal(a.email, email);
    assert.equal(a.devices!.length, 2);
    // Linking again to the same account is fine.
    await ts.client().linkDevice(s, { id: device });
  });

  it('answers 409 when the credential belongs to someone else', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const device = `device-${uniq()}`;
    const custom = `custom-${uniq()}`;
    const email = `${uniq()}@example.com`;
    await ts.client().linkDevice(a, { id: device });
    await ts.client().linkCustom(a, { id: custom });
    await ts.client().linkEmail(a, { email, password: 'password123' });
    let e = await errorOf(ts.client().linkDevice(b, { id: device }));
    assert.equal(e.status, 409);
    assert.equal(e.body.message, 'Device ID already in use.');
    e = await errorOf(ts.client().linkCustom(b, { id: custom }));
    assert.equal(e.status, 409);
    assert.equal(e.body.message, 'Custom ID is already in use.');
    e = await errorOf(ts.client().linkEmail(b, { email: email.toUpperCase(), password: 'password123' }));
    assert.equal(e.status, 409);
    assert.equal(e.body.message, 'Email is already in use.');
  });

  it('unlinks, but never the last credential (403)', async () => {
    const device = `device-${uniq()}`;
    const s = await ts.client().authenticateDevice(device, true);
    const custom = `custom-${uniq()}`;
    await ts.client().linkCustom(s, { id: custom });
    await ts.client().unlinkDevice(s, { id: device });
    const a = await ts.client().getAccount(s);
    assert.equal(Object.hasOwn(a, 'devices'), false);
    const e = await errorOf(ts.client().unlinkCustom(s, { id: custom }));
    assert.equal(e.status, 403);
    assert.match(e.body.message as string, /^Cannot unlink last account identifier/);
    // E-mail unlink ignores the password.
    const email = `${uniq()}@example.com`;
    await ts.client().linkEmail(s, { email, password: 'password123' });
    await ts.client().unlinkEmail(s, { email, password: 'whatever' });
    assert.equal(Object.hasOwn(await ts.client().getAccount(s), 'email'), false);
    // Unlinking something that is not linked is refused the same way.
    const e2 = await errorOf(ts.client().unlinkDevice(s, { id: `device-${uniq()}` }));
    assert.equal(e2.status, 403);
  });

  it('answers "not configured" for third-party providers, linking and unlinking', async () => {
    const s = await ts.newSession();
    const c = ts.client();
    const gc = { bundle_id: 'b', player_id: 'p', public_key_url: 'https://static.gc.apple.com/k.cer', salt: 's', signature: 'sig', timestamp_seconds: '1' };
    for (const [call, name] of [
      [() => c.linkGoogle(s, { token: 'x' }), 'Google'],
      [() => c.unlinkGoogle(s, { token: 'x' }), 'Google'],
      [() => c.linkApple(s, { token: 'x' }), 'Apple'],
      [() => c.unlinkApple(s, { token: 'x' }), 'Apple'],
      [() => c.linkFacebook(s, { token: 'x' }), 'Facebook'],
      [() => c.unlinkFacebook(s, { token: 'x' }), 'Facebook'],
      [() => c.linkFacebookInstantGame(s, { signed_player_info: 'x' }), 'Facebook Instant'],
      [() => c.unlinkFacebookInstantGame(s, { signed_player_info: 'x' }), 'Facebook Instant'],
      [() => c.linkGameCenter(s, gc), 'GameCenter'],
      [() => c.unlinkGameCenter(s, gc), 'GameCenter'],
      [() => c.linkSteam(s, { account: { token: 'x' }, sync: true }), 'Steam'],
      [() => c.unlinkSteam(s, { token: 'x' }), 'Steam'],
    ] as const) {
      const e = await errorOf(call());
      assert.equal(e.status, 400);
      assert.deepEqual(e.body, { code: 9, message: `${name} authentication is not configured.` });
    }
  });
});

describe('users', () => {
  it('by ids and usernames, with online false and metadata parsed by the client', async () => {
    const a = await ts.newSession(`alpha_${uniq()}`);
    const b = await ts.newSession(`beta_${uniq()}`);
    const r = await ts.client().getUsers(a, [a.user_id], [b.username]);
    assert.deepEqual(r.users!.map((u) => u.id).sort(), [a.user_id, b.user_id].sort());
    const u = r.users!.find((x) => x.id === b.user_id)!;
    assert.equal(u.username, b.username);
    assert.deepEqual(u.metadata, {});
    assert.equal(u.online, undefined);
  });

  it('with no parameters answers {} and an invalid id 400', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/user?`, { headers: { Authorization: `Bearer ${s.token}` } });
    assert.deepEqual(await json(res), {});
    const e = await errorOf(ts.client().getUsers(s, ['not-a-uuid']));
    assert.equal(e.status, 400);
    assert.equal(e.body.message, "ID 'not-a-uuid' is not a valid system ID.");
  });
});
