import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Session } from '@heroiclabs/nakama-js';
import { errorOf, json, sleep, startSteamApi, startTestServer, type TestServer } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 12);

describe('authenticate device', () => {
  it('creates an account with a random 10-letter username, then signs in to the same one', async () => {
    const id = `device-${uniq()}`;
    const first = await ts.client().authenticateDevice(id, true);
    assert.equal(first.created, true);
    assert.match(first.username!, /^[a-zA-Z]{10}$/);
    assert.ok(first.user_id);
    const second = await ts.client().authenticateDevice(id, true);
    assert.equal(second.created, false);
    assert.equal(second.user_id, first.user_id);
  });

  it('uses the given username, and answers 409 when it is taken (in any case)', async () => {
    const name = `Player${uniq()}`;
    const s = await ts.client().authenticateDevice(`device-${uniq()}`, true, name);
    assert.equal(s.username, name);
    const e = await errorOf(ts.client().authenticateDevice(`device-${uniq()}`, true, name.toLowerCase()));
    assert.equal(e.status, 409);
    assert.deepEqual(e.body, { code: 6, message: 'Username is already in use.' });
  });

  it('answers 404 for an unknown device with create=false', async () => {
    const e = await errorOf(ts.client().authenticateDevice(`device-${uniq()}`, false));
    assert.equal(e.status, 404);
    assert.equal(e.body.message, 'User account not found.');
    assert.equal(e.body.code, 5);
  });

  it('checks id length and characters', async () => {
    for (const [id, message] of [
      ['short', 'Device ID invalid, must be 10-128 bytes.'],
      ['x'.repeat(129), 'Device ID invalid, must be 10-128 bytes.'],
      ['has a space here', 'Device ID invalid, no spaces or control characters allowed.'],
      ['', 'Device ID is required.'],
    ]) {
      const e = await errorOf(ts.client().authenticateDevice(id, true));
      assert.equal(e.status, 400, id);
      assert.equal(e.body.message, message);
      assert.equal(e.body.code, 3);
    }
  });

  it('rejects usernames with control characters or over 128 bytes', async () => {
    for (const name of ['bad\tname', 'bad\nname', 'bad\u007fname']) {
      const e = await errorOf(ts.client().authenticateDevice(`device-${uniq()}`, true, name));
      assert.equal(e.status, 400, JSON.stringify(name));
      assert.deepEqual(e.body, { code: 3, message: 'Username invalid, no control characters allowed.' });
    }
    // NUL is refused where the query is read, as in every string.
    const nul = await errorOf(ts.client().authenticateDevice(`device-${uniq()}`, true, 'bad\u0000name'));
    assert.deepEqual([nul.status, nul.body], [400, { code: 3, message: 'username: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).' }]);
    const e = await errorOf(ts.client().authenticateDevice(`device-${uniq()}`, true, 'я'.repeat(65)));
    assert.equal(e.status, 400);
    assert.equal(e.body.message, 'Username invalid, must be 1-128 bytes.');
  });

  it('accepts spaces in a username, at sign-up and in an account update', async () => {
    const name = `Иван ${uniq()}`;
    const s = await ts.client().authenticateDevice(`device-${uniq()}`, true, name);
    assert.equal(s.username, name);
    const renamed = ` two  spaces ${uniq()} `;
    await ts.client().updateAccount(s, { username: renamed });
    assert.equal((await ts.client().getAccount(s)).user!.username, renamed);
  });

  it('puts vars into the token', async () => {
    const s = await ts.client().authenticateDevice(`device-${uniq()}`, true, undefined, { team: 'Спартак', k: 'v' });
    assert.deepEqual(s.vars, { team: 'Спартак', k: 'v' });
  });

  it('encodes a Cyrillic username so the npm client decodes it intact', async () => {
    for (const name of ['Футболист_' + uniq(), 'a>b?c~d' + uniq(), '日本' + uniq()]) {
      const s = await ts.client().authenticateDevice(`device-${uniq()}`, true, name);
      assert.equal(s.username, name);
      assert.equal(Session.restore(s.token, s.refresh_token).username, name);
    }
  });
});

describe('authenticate custom', () => {
  it('creates and signs in; checks 6-128 bytes', async () => {
    const id = `custom-${uniq()}`;
    const a = await ts.client().authenticateCustom(id, true);
    assert.equal(a.created, true);
    const b = await ts.client().authenticateCustom(id, false);
    assert.equal(b.user_id, a.user_id);
    const e = await errorOf(ts.client().authenticateCustom('abc', true));
    assert.equal(e.status, 400);
    assert.equal(e.body.message, 'Custom ID invalid, must be 6-128 bytes.');
  });

  it('answers 404 for an unknown id with create=false, and creates nothing', async () => {
    const id = `custom-${uniq()}`;
    const e = await errorOf(ts.client().authenticateCustom(id, false));
    assert.equal(e.status, 404);
    assert.equal(e.body.code, 5);
    assert.equal(e.body.message, 'User account not found.');
    assert.equal((await errorOf(ts.client().authenticateCustom(id, false))).status, 404);
  });
});

describe('authenticate email', () => {
  it('creates an account, signs in with the password (e-mail case ignored), refuses a wrong one', async () => {
    const email = `Fan.${uniq()}@example.com`;
    const a = await ts.client().authenticateEmail(email, 'correct horse', true);
    assert.equal(a.created, true);
    const b = await ts.client().authenticateEmail(email.toLowerCase(), 'correct horse', false);
    assert.equal(b.user_id, a.user_id);
    const e = await errorOf(ts.client().authenticateEmail(email, 'wrong password', true));
    assert.equal(e.status, 401);
    assert.equal(e.body.message, 'Invalid credentials.');
    const account = await ts.client().getAccount(b);
    assert.equal(account.email, email.toLowerCase());
  });

  it('signs in by username and password when the e-mail is empty', async () => {
    const name = `user${uniq()}`;
    const a = await ts.client().authenticateEmail(`${uniq()}@example.com`, 'password123', true, name);
    const b = await ts.client().authenticateEmail('', 'password123', false, name);
    assert.equal(b.user_id, a.user_id);
  });

  it('validates e-mail and password', async () => {
    const cases: Array<[string, string, string]> = [
      ['not-an-email', 'password123', 'Invalid email address format.'],
      ['a@b.c', 'password123', 'Invalid email address, must be 10-255 bytes.'],
      ['with space@example.com', 'password123', 'Invalid email address, no spaces or control characters allowed.'],
      [`${uniq()}@example.com`, 'short', 'Password must be at least 8 characters long.'],
    ];
    for (const [email, password, message] of cases) {
      const e = await errorOf(ts.client().authenticateEmail(email, password, true));
      assert.equal(e.status, 400, email);
      assert.equal(e.body.message, message);
    }
  });

  it('limits failed password attempts per account: after ten, one attempt per growing delay', async () => {
    const email = `target.${uniq()}@example.com`;
    await ts.client().authenticateEmail(email, 'the right one', true);
    for (let i = 0; i < 10; i++) {
      assert.equal((await errorOf(ts.client().authenticateEmail(email, `wrong password ${i}`, false))).status, 401);
    }
    // The eleventh is checked, and the next one must wait a second, even with the right password.
    assert.equal((await errorOf(ts.client().authenticateEmail(email, 'wrong again', false))).status, 401);
    const e = await errorOf(ts.client().authenticateEmail(email, 'the right one', false));
    assert.equal(e.status, 429);
    assert.equal(e.body.code, 8);
    assert.match(String(e.body.message), /Try again in 1 s/);
    // A stranger's guesses delay the owner, they do not lock the owner out.
    await sleep(1100);
    assert.ok((await ts.client().authenticateEmail(email, 'the right one', false)).token);
  });

  it('backs off per address and account: guesses from elsewhere never slow the owner at their own address', async () => {
    // Client addresses from X-Forwarded-For, as behind a trusted proxy.
    const own = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    const email = `owner.${uniq()}@example.com`;
    await own.client().authenticateEmail(email, 'the right one', true);
    const signIn = async (from: string, password: string) => {
      const res = await fetch(`${own.url}/v2/account/authenticate/email?create=false`, {
        method: 'POST',
        headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64'), 'X-Forwarded-For': from },
        body: JSON.stringify({ email, password }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    // The attacker's 11 checked guesses, then the doubling wait.
    for (let i = 0; i < 11; i++) assert.equal(await signIn('203.0.113.7', `wrong guess ${i}`), 401);
    assert.equal(await signIn('203.0.113.7', 'wrong guess 11'), 429);
    // Meanwhile the owner, from home, signs in at once, again and again.
    assert.equal(await signIn('198.51.100.4', 'the right one'), 200);
    assert.equal(await signIn('198.51.100.4', 'the right one'), 200);
    // Many addresses guessing at once are slowed down account-wide, far later: after 100 failures (and the
    // 101st, checked), the owner waits too.
    for (let i = 0; i < 101; i++) assert.equal(await signIn(`192.0.2.${i + 1}`, `spread guess ${i}`), 401, `guess ${i}`);
    assert.equal(await signIn('198.51.100.4', 'the right one'), 429);
    await own.close();
  });

  it('counts e-mail and username sign-in of one account together', async () => {
    const email = `both.${uniq()}@example.com`;
    const username = `both_${uniq()}`;
    await ts.client().authenticateEmail(email, 'the right one', true, username);
    for (let i = 0; i < 5; i++) {
      assert.equal((await errorOf(ts.client().authenticateEmail(email, `wrong password ${i}`, false))).status, 401);
      assert.equal((await errorOf(ts.client().authenticateEmail('', `wrong password ${i}`, false, username))).status, 401);
    }
    assert.equal((await errorOf(ts.client().authenticateEmail('', 'wrong password 11', false, username))).status, 401);
    assert.equal((await errorOf(ts.client().authenticateEmail(email, 'the right one', false))).status, 429);
  });

  it('reserves each attempt before checking: 300 parallel wrong passwords get at most 11 checks', async () => {
    // A server of its own: these failures also slow down every password sign-in from this address.
    const own = await startTestServer();
    const email = `parallel.${uniq()}@example.com`;
    await own.client().authenticateEmail(email, 'the right one', true);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 300 }, async (_, i) => {
      const res = await fetch(`${own.url}/v2/account/authenticate/email?create=false`, {
        method: 'POST',
        headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64') },
        body: JSON.stringify({ email, password: `wrong password ${i}` }),
      });
      await res.arrayBuffer();
      return res.status;
    }));
    // 10 free attempts and the 11th; after that one more each time the doubling wait (1 s, 2 s, 4 s...)
    // has passed, which a slow machine's 300 requests may outlast.
    const elapsedSec = (Date.now() - started) / 1000;
    const allowed = 11 + Math.floor(Math.log2(elapsedSec + 1));
    const checked = statuses.filter((s) => s === 401).length;
    assert.ok(checked >= 11 && checked <= allowed, `${checked} checks in ${elapsedSec} s: ${JSON.stringify(statuses)}`);
    assert.equal(statuses.filter((s) => s === 429).length, 300 - checked);
    await own.close();
  });

  it('stores the password as an argon2id hash, on sign-up and when linking an e-mail', async () => {
    const storedPassword = async (userId: string) => {
      const rows = await ts.app.core.db.query<{ password: string | null }>('SELECT password FROM users WHERE id = $1', [userId]);
      assert.equal(rows.length, 1);
      return rows[0].password;
    };
    const signUpPassword = `plain-${uniq()}`;
    const a = await ts.client().authenticateEmail(`${uniq()}@example.com`, signUpPassword, true);
    const linkPassword = `linked-${uniq()}`;
    const b = await ts.newSession();
    assert.equal(await storedPassword(b.user_id), null);
    await ts.client().linkEmail(b, { email: `${uniq()}@example.com`, password: linkPassword });
    for (const [userId, plain] of [[a.user_id!, signUpPassword], [b.user_id, linkPassword]]) {
      const stored = await storedPassword(userId);
      assert.ok(stored);
      assert.match(stored, /^\$argon2id\$/);
      assert.ok(!stored.includes(plain), 'the plain password is not stored');
    }
  });

  it('answers 404 for an unknown e-mail with create=false, counted like a wrong password', async () => {
    const email = `${uniq()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await errorOf(ts.client().authenticateEmail(email, 'password123', false))).status);
    assert.deepEqual(statuses, [...Array(11).fill(404), 429]);
  });
});

describe('server key and providers', () => {
  it('refuses a wrong server key', async () => {
    const e = await errorOf(ts.client('wrongkey').authenticateDevice(`device-${uniq()}`, true));
    assert.equal(e.status, 401);
    assert.deepEqual(e.body, { code: 16, message: 'Server key invalid' });
  });

  it('refuses a missing server key', async () => {
    const res = await fetch(`${ts.url}/v2/account/authenticate/device`, {
      method: 'POST',
      body: JSON.stringify({ id: `device-${uniq()}` }),
    });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Server key required');
    assert.deepEqual(await json(res), { code: 16, message: 'Server key required' });
  });

  it('answers "not configured" for third-party providers', async () => {
    const c = ts.client();
    for (const [call, name] of [
      [() => c.authenticateGoogle('token'), 'Google'],
      [() => c.authenticateApple('token'), 'Apple'],
      [() => c.authenticateFacebook('token'), 'Facebook'],
      [() => c.authenticateSteam('token'), 'Steam'],
      [() => c.authenticateFacebookInstantGame('info'), 'Facebook Instant'],
      [() => c.authenticateGameCenter('b', 'p', 'u', 's', 'sig', '1'), 'GameCenter'],
    ] as const) {
      // One at a time: a refusal must not be left unhandled while another is awaited.
      const e = await errorOf(call());
      assert.equal(e.status, 400);
      assert.deepEqual(e.body, { code: 9, message: `${name} authentication is not configured.` });
    }
  });

  it('answers a malformed body with 400', async () => {
    const res = await fetch(`${ts.url}/v2/account/authenticate/device`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64') },
      body: '{"id": ',
    });
    assert.equal(res.status, 400);
    assert.equal((await json(res)).code, 3);
    const res2 = await fetch(`${ts.url}/v2/account/authenticate/device`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64') },
      body: '{"id": 12345678901}',
    });
    assert.equal(res2.status, 400);
    assert.equal((await json(res2)).message, 'id must be a string.');
  });

  it('accepts lowerCamel field names and ignores unknown fields', async () => {
    const res = await fetch(`${ts.url}/v2/account/authenticate/email?create=true`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + Buffer.from('defaultkey:').toString('base64') },
      body: JSON.stringify({ email: `${uniq()}@example.com`, password: 'password123', someFutureField: 1 }),
    });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.created, true);
  });
});

describe('accounts created per client address', () => {
  it('are limited per hour (device, custom id, e-mail and providers alike); signing in to an existing one is not', async () => {
    const steam = await startSteamApi({ publisherKey: 'SteamPublisherKey123', appId: '480' });
    const own = await startTestServer({
      env: { LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: '4', STEAM_PUBLISHER_KEY: 'SteamPublisherKey123', STEAM_APP_ID: '480', STEAM_API_URL: steam.url },
    });
    const device = `device-${uniq()}`;
    await own.client().authenticateDevice(device, true);
    await own.client().authenticateCustom(`custom-${uniq()}`, true);
    await own.client().authenticateEmail(`${uniq()}@example.com`, 'password123', true);
    await own.client().authenticateSteam(steam.ticketFor('76561190000000001'), true);
    for (const attempt of [
      () => own.client().authenticateDevice(`device-${uniq()}`, true),
      () => own.client().authenticateCustom(`custom-${uniq()}`, true),
      () => own.client().authenticateEmail(`${uniq()}@example.com`, 'password123', true),
      () => own.client().authenticateSteam(steam.ticketFor('76561190000000002'), true),
    ]) {
      const e = await errorOf(attempt());
      assert.equal(e.status, 429);
      assert.equal(e.body.message, 'Too many accounts created from this address. Try again later.');
    }
    // The refusal says when the hour's window ends.
    const res = await fetch(`${own.url}/v2/account/authenticate/device?create=true`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${own.config.serverKey}:`).toString('base64')}` },
      body: JSON.stringify({ id: `device-${uniq()}` }),
    });
    assert.equal(res.status, 429);
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 3600, String(retry));
    assert.ok((await own.client().authenticateDevice(device, true)).token);
    assert.ok((await own.client().authenticateSteam(steam.ticketFor('76561190000000001'), true)).token);
    await own.close();
    await steam.close();
  });
});
