import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Session } from '@heroiclabs/nakama-js';
import {
  errorOf, startOidcProvider, startSmtpServer, startTestServer,
  type TestOidcProvider, type TestServer, type TestSession, type TestSmtpServer,
} from '@tribuna/server/testing';
import { call as callOn } from '../testing.ts';
import { clock } from './store.ts';

const CLIENT_ID = 'tribuna-portal-test';
const CLIENT_SECRET = 'portal-test-secret';
const account = { sub: `google-${crypto.randomUUID()}`, email: 'fan@example.com', name: 'Мария Иванова', picture: 'https://example.com/m.png' };

let smtp: TestSmtpServer;
let provider: TestOidcProvider;
let ts: TestServer;
let guest: TestSession;
let redirect: string;

// Each test starts in a fresh hour of the module's clock, so limits of earlier tests do not carry over.
let offset = 0;
clock.now = () => Date.now() + offset;
const advance = (ms: number) => void (offset += ms);

before(async () => {
  smtp = await startSmtpServer();
  provider = await startOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [], account });
  ts = await startTestServer({
    moduleSpecifiers: ['@tribuna/portal'],
    env: { SMTP_URL: smtp.url, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: provider.issuer },
  });
  redirect = `${ts.url}/auth/google/callback`;
  provider.allowRedirectUri(redirect);
  guest = await ts.newSession();
});
after(async () => {
  await ts.close();
  await provider.close();
  await smtp.close();
});
beforeEach(() => advance(2 * 3600_000));

const newEmail = () => `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
const call = (id: string, payload: object, session: Session = guest) => callOn(ts, session, id, payload);

/** Requests a code and reads it from the mail that arrives. */
async function requestCode(email: string): Promise<string> {
  assert.deepEqual(await call('request_auth_code', { email }), { success: true, message: 'Код отправлен на вашу почту' });
  const mail = await smtp.waitForMail(email);
  const code = /^Код входа в Трибуну: (\d{6})$/.exec(mail.subject ?? '')?.[1];
  assert.ok(code, mail.subject);
  assert.ok(mail.text?.includes(code) && mail.text.includes('10 минут'));
  assert.ok(mail.html?.includes(code));
  return code;
}

async function refusal(id: string, payload: object) {
  const e = await errorOf(ts.client().rpc(guest, id, payload));
  return { status: e.status, code: e.body.code, message: String(e.body.message) };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by e-mail code', () => {
  it('sends the code by mail and signs in, creating the account once', async () => {
    const email = newEmail();
    const first = await call('verify_auth_code', { email: email.toUpperCase(), code: await requestCode(email) });
    assert.equal(first.created, true);
    assert.ok(first.access_token && first.refresh_token && first.user_id && first.username);
    const session = Session.restore(first.access_token, first.refresh_token);
    assert.equal(session.user_id, first.user_id);
    const created = await ts.client().getAccount(session);
    assert.equal(created.email, email);
    assert.equal(created.user?.display_name, email.split('@')[0], 'shown by the part of the address before @ until named');
    assert.equal(created.user?.lang_tag, 'ru-RU', "the portal's language, not the game server's default");

    advance(61_000);
    const second = await call('verify_auth_code', { email, code: await requestCode(email) });
    assert.equal(second.created, false);
    assert.equal(second.user_id, first.user_id);
  });

  it('consumes a code, and a new request replaces the previous code', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    await call('verify_auth_code', { email, code });
    assert.equal((await refusal('verify_auth_code', { email, code })).code, 9);

    advance(61_000);
    const old = await requestCode(email);
    advance(61_000);
    const current = await requestCode(email);
    if (old !== current) assert.deepEqual(await refusal('verify_auth_code', { email, code: old }), { status: 400, code: 3, message: 'Неверный код' });
    assert.equal((await call('verify_auth_code', { email, code: current })).created, false);
  });

  it('answers a wrong code with "Неверный код", and the fifth wrong try invalidates the code', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    for (let i = 1; i <= 4; i++) {
      assert.deepEqual(await refusal('verify_auth_code', { email, code: otherCode(code) }), { status: 400, code: 3, message: 'Неверный код' });
    }
    const fifth = await refusal('verify_auth_code', { email, code: otherCode(code) });
    assert.equal(fifth.code, 3);
    assert.match(fifth.message, /^Неверный код\. .*запросите новый код/);
    const after = await refusal('verify_auth_code', { email, code });
    assert.equal(after.code, 9);
    assert.match(after.message, /Запросите новый код/);
    // A new code starts with five tries again.
    advance(61_000);
    assert.equal((await call('verify_auth_code', { email, code: await requestCode(email) })).created, true);
  });

  it('refuses an expired code and one never requested', async () => {
    const email = newEmail();
    const code = await requestCode(email);
    advance(10 * 60_000 + 1000);
    const e = await refusal('verify_auth_code', { email, code });
    assert.equal(e.code, 9);
    assert.match(e.message, /Срок действия кода истёк/);

    const fresh = newEmail();
    advance(61_000);
    const almost = await requestCode(fresh);
    advance(10 * 60_000 - 5000);
    assert.equal((await call('verify_auth_code', { email: fresh, code: almost })).created, true);
    assert.equal((await refusal('verify_auth_code', { email: newEmail(), code: '123456' })).code, 9);
  });

  it('limits codes per address: one a minute, five an hour', async () => {
    const email = newEmail();
    await requestCode(email);
    const soon = await refusal('request_auth_code', { email });
    assert.equal(soon.status, 429);
    assert.equal(soon.code, 8);
    assert.match(soon.message, /Новый можно запросить через \d+ с/);
    for (let i = 2; i <= 5; i++) {
      advance(61_000);
      await requestCode(email);
    }
    advance(61_000);
    const hourly = await refusal('request_auth_code', { email });
    assert.equal(hourly.code, 8);
    assert.match(hourly.message, /для этого адреса/);
    advance(3600_000);
    await requestCode(email);
  });

  it('limits codes per client address: twenty an hour', async () => {
    for (let i = 0; i < 20; i++) await call('request_auth_code', { email: newEmail() });
    const e = await refusal('request_auth_code', { email: newEmail() });
    assert.equal(e.code, 8);
    assert.match(e.message, /с вашего адреса/);
  });

  it('validates the e-mail and the code', async () => {
    for (const email of ['not-an-email', 'a@b.ru', '', 'two@example.com, three@example.com', 42, undefined, `${'x'.repeat(250)}@example.com`]) {
      const e = await refusal('request_auth_code', { email });
      assert.equal(e.code, 3, String(email));
      assert.match(e.message, /^Электронная почта: /);
    }
    for (const code of ['12345', '1234567', 'abcdef', '12 456', 123456, undefined]) {
      const e = await refusal('verify_auth_code', { email: newEmail(), code });
      assert.equal(e.code, 3, String(code));
      assert.match(e.message, /^Код: /);
    }
  });

  it('needs a session', async () => {
    const res = await fetch(`${ts.url}/v2/rpc/request_auth_code?http_key=${ts.config.httpKey}`, {
      method: 'POST',
      body: JSON.stringify(JSON.stringify({ email: newEmail() })),
    });
    assert.equal(res.status, 401);
  });

  it('answers 503 in Russian when the mail cannot be sent, and lets the address retry at once', async () => {
    const down = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const s = await down.newSession();
      const email = newEmail();
      for (let i = 0; i < 2; i++) {
        const e = await errorOf(down.client().rpc(s, 'request_auth_code', { email }));
        assert.equal(e.status, 503);
        assert.equal(e.body.code, 14);
        assert.equal(e.body.message, 'Не удалось отправить письмо с кодом. Попробуйте позже.');
      }
    } finally {
      await down.close();
    }
  });
});

/** google_auth_url, then the provider's redirects (a browser's part), back to the callback. */
async function googleRedirect(): Promise<{ code: string; state: string }> {
  const res = await call('google_auth_url', { redirect_uri: redirect });
  assert.equal(res.enabled, true);
  const back = await provider.authorize(res.url);
  assert.equal(`${back.origin}${back.pathname}`, redirect);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('sign-in with Google', () => {
  it('runs the whole flow to a working session; a second sign-in finds the same account', async () => {
    const { code, state } = await googleRedirect();
    assert.ok(code && state.length >= 32);
    const first = await call('google_login', { code, state, redirect_uri: redirect });
    assert.equal(first.created, true);
    const session = Session.restore(first.access_token, first.refresh_token);
    const a = await ts.client().getAccount(session);
    assert.equal(a.user!.id, first.user_id);
    assert.equal(a.user!.google_id, account.sub);
    assert.equal(a.user!.display_name, account.name);
    assert.equal(a.user!.avatar_url, account.picture);
    assert.equal(a.user!.lang_tag, 'ru-RU');

    const again = await googleRedirect();
    const second = await call('google_login', { ...again, redirect_uri: redirect });
    assert.equal(second.created, false);
    assert.equal(second.user_id, first.user_id);
  });

  it('refuses a reused, forged, expired or foreign state', async () => {
    const { code, state } = await googleRedirect();
    await call('google_login', { code, state, redirect_uri: redirect });
    const reused = await refusal('google_login', { code, state, redirect_uri: redirect });
    assert.equal(reused.code, 3);
    assert.match(reused.message, /Начните вход заново/);

    const next = await googleRedirect();
    assert.equal((await refusal('google_login', { code: next.code, state: 'forged-state', redirect_uri: redirect })).code, 3);
    // The state was handed out for another redirect URI.
    const foreign = await refusal('google_login', { ...next, redirect_uri: 'https://evil.example.com/auth/google/callback' });
    assert.equal(foreign.code, 3);

    const late = await googleRedirect();
    advance(10 * 60_000 + 1000);
    assert.equal((await refusal('google_login', { ...late, redirect_uri: redirect })).code, 3);
  });

  it('answers a code the provider refuses with 401 in Russian', async () => {
    const { state } = await googleRedirect();
    const e = await refusal('google_login', { code: 'made-up-code', state, redirect_uri: redirect });
    assert.deepEqual(e, { status: 401, code: 16, message: 'Google не подтвердил вход. Попробуйте войти ещё раз.' });
  });

  it('checks the redirect URI and the fields', async () => {
    for (const redirect_uri of ['/auth/google/callback', 'ftp://x.example/auth/google/callback', `${ts.url}/other`, `${redirect}?next=/`, 'javascript:alert(1)', undefined]) {
      const e = await refusal('google_auth_url', { redirect_uri });
      assert.equal(e.code, 3, String(redirect_uri));
      assert.match(e.message, /^Адрес возврата: /);
    }
    assert.equal((await refusal('google_login', { code: '', state: 's', redirect_uri: redirect })).code, 3);
    assert.equal((await refusal('google_login', { code: 'c', redirect_uri: redirect })).code, 3);
  });

  it('answers enabled:false without Google configuration', async () => {
    const plain = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
    try {
      const s = await plain.newSession();
      const url = (await plain.client().rpc(s, 'google_auth_url', { redirect_uri: `${plain.url}/auth/google/callback` })).payload;
      assert.deepEqual(url, { enabled: false });
      const e = await errorOf(plain.client().rpc(s, 'google_login', { code: 'c', state: 's', redirect_uri: `${plain.url}/auth/google/callback` }));
      assert.equal(e.body.code, 9);
    } finally {
      await plain.close();
    }
  });
});

describe('addresses proven by a code', () => {
  const password = (s: string) => `squatter-${s}-password`;
  const teamOf = (session: Session) => call('create_team', { name: `Команда ${crypto.randomUUID().slice(0, 6)}`, team_type: 0 }, session);
  const denied = async (p: Promise<unknown>) => assert.equal((await errorOf(p)).status, 403);
  const signedOut = async (p: Promise<unknown>) => assert.equal((await errorOf(p)).status, 401);

  it('an address set with a password but never proven does not make a registered user', async () => {
    const squatter = await ts.client().authenticateEmail(newEmail(), password('a'), true);
    await denied(teamOf(squatter));
    const linked = await ts.newSession();
    await ts.client().linkEmail(linked, { email: newEmail(), password: password('b') });
    await denied(teamOf(linked));
  });

  it('the owner signing in by code takes over a squatted account: the password and sessions set up before are revoked', async () => {
    const email = newEmail();
    const squatter = await ts.client().authenticateEmail(email, password('c'), true);
    const signedIn = await call('verify_auth_code', { email, code: await requestCode(email) });
    assert.equal(signedIn.user_id, squatter.user_id);
    assert.equal(signedIn.created, false);
    // The squatter's password, session and refresh token are dead.
    assert.equal((await errorOf(ts.client().authenticateEmail(email, password('c'), false))).status, 401);
    await signedOut(ts.client().getAccount(squatter));
    await signedOut(ts.client().sessionRefresh(squatter));
    // The owner is a registered user and may set a password of their own.
    const owner = Session.restore(signedIn.access_token, signedIn.refresh_token);
    assert.ok((await teamOf(owner)).id);
    await ts.client().linkEmail(owner, { email, password: 'owner-password-1' });
    assert.equal((await ts.client().authenticateEmail(email, 'owner-password-1', false)).user_id, owner.user_id);
    assert.ok((await teamOf(owner)).id, 'setting a password keeps the address proven');
  });

  it('linking an address follows the same rule: the proof drops the linked device and its sessions', async () => {
    const email = newEmail();
    const device = `device-${crypto.randomUUID()}`;
    const guestSession = await ts.client().authenticateDevice(device, true);
    await ts.client().linkEmail(guestSession, { email, password: password('d') });
    const signedIn = await call('verify_auth_code', { email, code: await requestCode(email) });
    assert.equal(signedIn.user_id, guestSession.user_id);
    await signedOut(ts.client().getAccount(guestSession));
    const again = await ts.client().authenticateDevice(device, true);
    assert.notEqual(again.user_id, guestSession.user_id, 'the device no longer opens the owner\'s account');
    assert.equal((await errorOf(ts.client().authenticateEmail(email, password('d'), false))).status, 401);
  });

  it('registration: the code entered in the new account confirms it and keeps its password', async () => {
    const email = newEmail();
    const fresh = await ts.client().authenticateEmail(email, 'my-own-password', true, `user_${crypto.randomUUID().slice(0, 8)}`);
    await denied(teamOf(fresh));
    const confirmed = await call('verify_auth_code', { email, code: await requestCode(email) }, fresh);
    assert.equal(confirmed.user_id, fresh.user_id);
    assert.equal(confirmed.username, fresh.username);
    assert.equal((await ts.client().getAccount(fresh)).user?.display_name, fresh.username, 'shown by the chosen username');
    assert.equal((await ts.client().getAccount(fresh)).user?.lang_tag, 'ru-RU');
    // Nothing was revoked: the session in hand, the password and the new tokens all work.
    assert.equal((await ts.client().getAccount(fresh)).email, email);
    assert.equal((await ts.client().authenticateEmail(email, 'my-own-password', false)).user_id, fresh.user_id);
    assert.ok((await teamOf(Session.restore(confirmed.access_token, confirmed.refresh_token))).id);
  });

  it('an address changed by linking is not proven until a code confirms it', async () => {
    const first = newEmail();
    const signedIn = await call('verify_auth_code', { email: first, code: await requestCode(first) });
    const owner = Session.restore(signedIn.access_token, signedIn.refresh_token);
    assert.ok((await teamOf(owner)).id);
    const second = newEmail();
    await ts.client().linkEmail(owner, { email: second, password: 'owner-password-2' });
    await denied(teamOf(owner));
    await call('verify_auth_code', { email: second, code: await requestCode(second) }, owner);
    assert.ok((await teamOf(owner)).id);
  });
});

describe('sign-in by password', () => {
  const login = (email: string, password: string) => call('login_password', { email, password });

  it('signs in a proven account with its password; an unproven one signs in as not verified', async () => {
    const email = newEmail();
    const fresh = await ts.client().authenticateEmail(email, 'my-own-password', true);
    const unproven = await login(email, 'my-own-password');
    assert.equal(unproven.user_id, fresh.user_id);
    assert.equal(unproven.verified, false);
    await call('verify_auth_code', { email, code: await requestCode(email) }, fresh);
    const proven = await login(email.toUpperCase(), 'my-own-password');
    assert.equal(proven.verified, true);
    assert.equal(proven.created, false);
    const session = Session.restore(proven.access_token, proven.refresh_token);
    assert.equal((await ts.client().getAccount(session)).email, email);
  });

  it('answers an unknown address, a wrong password and an account without one alike', async () => {
    const withPassword = newEmail();
    await ts.client().authenticateEmail(withPassword, 'the-right-password', true);
    const byCode = newEmail();
    await call('verify_auth_code', { email: byCode, code: await requestCode(byCode) });
    const same = { status: 401, code: 16, message: 'Неверный адрес электронной почты или пароль.' };
    assert.deepEqual(await refusal('login_password', { email: newEmail(), password: 'whatever-password' }), same);
    assert.deepEqual(await refusal('login_password', { email: withPassword, password: 'a-wrong-password' }), same);
    assert.deepEqual(await refusal('login_password', { email: byCode, password: 'whatever-password' }), same);
    assert.equal((await refusal('login_password', { email: withPassword, password: '' })).message, 'Пароль: введите пароль.');
    assert.equal((await refusal('login_password', { email: 'not-an-address', password: 'x' })).code, 3);
  });

  it('slows down repeated failures for an address, known or not, with the wait in Russian', async () => {
    const known = newEmail();
    await ts.client().authenticateEmail(known, 'the-right-password', true);
    for (const email of [known, newEmail()]) {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await refusal('login_password', { email, password: 'a-wrong-password' }));
      const limited = answers.filter((a) => a.status === 429);
      assert.ok(limited.length >= 1, JSON.stringify(answers));
      assert.match(limited[0].message, /^Слишком много неудачных попыток входа\. Попробуйте через \d+ с\.$/);
    }
  });
});
