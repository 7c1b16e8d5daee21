// Sign-in: a 6-digit code sent by e-mail, and Google (authorization-code redirect flow).
import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError, Code, failedPrecondition, invalid, permissionDenied, resourceExhausted, unauthenticated, type Nk } from '@tribuna/server';
import { rpc } from '../lib/rpc.ts';
import { BYTE_LIMITS, TEXT_LIMITS } from '../lib/text-limits.ts';
import { clock, issueCode, prune, saveState, takeState, verifyCode, withdrawCode, type Issued, type Verified } from './store.ts';

const CALLBACK_PATH = '/auth/google/callback';
// google_auth_url stores a state per call: bounded per client address (the runtime's shared limit store).
const STATE_REQUESTS = { name: 'portal.google_states_per_address', limit: 30, windowMs: 10 * 60_000 };

// The server's own e-mail rules (10-255 bytes) apply when the account is created: check them before mailing.
const email = z
  .string({ error: 'Укажите адрес электронной почты.' })
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.email, 'Адрес электронной почты слишком длинный.')
  .pipe(z.email({ error: 'Введите корректный адрес электронной почты.' }))
  .refine((s) => Buffer.byteLength(s) >= 10, 'Адрес электронной почты слишком короткий.');

const password = z.string({ error: 'Введите пароль.' }).min(1, 'Введите пароль.').max(BYTE_LIMITS.password, 'Пароль слишком длинный.');

const WRONG_PASSWORD = 'Неверный адрес электронной почты или пароль.';

const code = z.string({ error: 'Введите код из письма.' }).trim().regex(/^\d{6}$/, 'Код должен состоять из 6 цифр.');

function isCallback(s: string): boolean {
  const u = URL.parse(s);
  return !!u && (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname === CALLBACK_PATH
    && !u.username && !u.password && !u.search && !u.hash;
}

const redirectUri = z
  .string({ error: 'Укажите адрес возврата.' })
  .max(2048, 'Адрес возврата слишком длинный.')
  .refine(isCallback, `Адрес возврата должен быть абсолютным адресом http(s) с путём ${CALLBACK_PATH}.`);

const minutes = (sec: number) => Math.ceil(sec / 60);
const LIMITS: Record<Extract<Issued, { ok: false }>['refusal'], (sec: number) => string> = {
  resend: (sec) => `Код уже отправлен. Новый можно запросить через ${sec} с.`,
  'email-hour': (sec) => `Слишком много запросов кода для этого адреса. Попробуйте через ${minutes(sec)} мин.`,
  'ip-hour': (sec) => `Слишком много запросов кода с вашего адреса. Попробуйте через ${minutes(sec)} мин.`,
};

const REFUSED: Record<Exclude<Verified, 'ok'>, () => AppError> = {
  wrong: () => invalid('Неверный код'),
  exhausted: () => invalid('Неверный код. Попытки исчерпаны — запросите новый код.'),
  spent: () => failedPrecondition('Слишком много неверных попыток. Запросите новый код.'),
  expired: () => failedPrecondition('Срок действия кода истёк. Запросите новый код.'),
  missing: () => failedPrecondition('Код не найден или уже использован. Запросите новый код.'),
};

function mail(codeText: string) {
  const text = [
    `Ваш код входа в Трибуну: ${codeText}`,
    '',
    'Код действует 10 минут. Введите его на странице входа.',
    'Если вы не запрашивали код, просто проигнорируйте это письмо.',
  ].join('\n');
  const html = `<p>Ваш код входа в Трибуну:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${codeText}</p>`
    + '<p>Код действует 10 минут. Введите его на странице входа.</p>'
    + '<p>Если вы не запрашивали код, просто проигнорируйте это письмо.</p>';
  return { subject: `Код входа в Трибуну: ${codeText}`, text, html, kind: 'sign-in code' };
}

/** The token shape every sign-in way returns. */
function signedIn(nk: Nk, a: { userId: string; username: string; created: boolean }) {
  const t = nk.authenticateTokenGenerate(a.userId, a.username);
  return { access_token: t.token, refresh_token: t.refreshToken, user_id: a.userId, username: a.username, created: a.created };
}

/** The part of an address before @: the display name of an account that has not chosen one. */
const localPart = (address: string) => address.slice(0, address.lastIndexOf('@'));

/** The portal speaks Russian: a new account's language, until its owner picks another in the profile. */
const PORTAL_LANG = 'ru-RU';

/**
 * A new account is shown by a name from the start (the person may change it right away: the web asks) and
 * has the portal's language rather than the game server's default 'en'.
 */
async function welcomeNewAccount(nk: Nk, userId: string, displayName?: string): Promise<void> {
  await nk.accountUpdateId(userId, { langTag: PORTAL_LANG, ...(displayName ? { displayName: [...displayName].slice(0, 255).join('') } : {}) });
}

/**
 * The client's e-mail sign-in, with one answer for an unknown address and a wrong password (the server's
 * own tells them apart, as the Nakama API does) and the wait of the attempt limits in Russian.
 */
async function checkPassword(nk: Nk, address: string, secret: string, clientIp: string) {
  try {
    return await nk.authenticateEmail(address, secret, clientIp);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === Code.NotFound || err.code === Code.Unauthenticated) throw unauthenticated(WRONG_PASSWORD);
    if (err.code === Code.ResourceExhausted) {
      const sec = /(\d+) s/.exec(err.message)?.[1];
      throw resourceExhausted(`Слишком много неудачных попыток входа. Попробуйте ${sec ? `через ${sec} с` : 'позже'}.`);
    }
    if (err.code === Code.PermissionDenied) throw permissionDenied('Учётная запись заблокирована.');
    throw err;
  }
}

/** Google's failures in Russian, keeping their codes; the server has logged the details. */
async function google<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === Code.Unauthenticated) throw unauthenticated('Google не подтвердил вход. Попробуйте войти ещё раз.');
    if (err.code === Code.Unavailable) throw new AppError(Code.Unavailable, 'Вход через Google сейчас недоступен. Попробуйте позже.');
    if (err.code === Code.FailedPrecondition) throw failedPrecondition('Вход через Google не настроен.');
    throw err;
  }
}

export const authRpcs = [
  // Any session (the web calls it with its guest session). Limits: per address 1 a minute and 5 an hour,
  // 20 an hour per client address.
  rpc('request_auth_code', 'session', z.object({ email }), async ({ input, ctx, nk }) => {
    await prune(nk.db);
    const issued = await issueCode(nk.db, input.email, ctx.clientIp || 'unknown');
    if (!issued.ok) throw resourceExhausted(LIMITS[issued.refusal](issued.retryAfterSec), issued.retryAfterSec);
    try {
      await nk.mailSend({ to: input.email, ...mail(issued.code) });
    } catch (err) {
      await withdrawCode(nk.db, input.email, issued.hash);
      if (err instanceof AppError && err.code === Code.Unavailable) {
        throw new AppError(Code.Unavailable, 'Не удалось отправить письмо с кодом. Попробуйте позже.');
      }
      throw err;
    }
    return { success: true, message: 'Код отправлен на вашу почту' };
  }, { limit: 'write' }),

  // Any session. Five wrong tries per code. Success proves the address: called from the account that
  // holds it (registration: e-mail and password, then the code), it confirms that account and keeps its
  // password; otherwise it signs in or creates the account of the address, taking over one whose address
  // was never proven (its password, other credentials and sessions are revoked).
  rpc('verify_auth_code', 'session', z.object({ email, code }), async ({ input, userId, nk }) => {
    const outcome = await verifyCode(nk.db, input.email, input.code);
    if (outcome !== 'ok') throw REFUSED[outcome]();
    if (await nk.emailConfirm(userId, input.email)) {
      // Registration: the account is shown by the username its owner chose, until they name it.
      const own = await nk.accountGetId(userId);
      if (!own.user.displayName) await welcomeNewAccount(nk, userId, own.user.username);
      else if (own.user.langTag === 'en') await welcomeNewAccount(nk, userId);
      return signedIn(nk, { userId, username: own.user.username, created: false });
    }
    const account = await nk.authenticateVerifiedEmail(input.email);
    if (account.created) await welcomeNewAccount(nk, account.userId, localPart(input.email));
    return signedIn(nk, account);
  }, { limit: 'write' }),

  // Any session (the web calls it with its guest session). E-mail and password, limited per account and per
  // client address by the server. An address never proven by a code signs in with `verified: false`: the
  // web then asks for the code (request_auth_code and verify_auth_code with that session) before using it.
  rpc('login_password', 'session', z.object({ email, password }), async ({ input, ctx, nk }) => {
    const account = await checkPassword(nk, input.email, input.password, ctx.clientIp || 'unknown');
    const verified = (await nk.accountKind(account.userId)) === 'registered';
    return { ...signedIn(nk, account), verified };
  }, { limit: 'write' }),

  // Anyone. The state is kept server-side for 10 minutes and bound to the redirect URI.
  rpc('google_auth_url', 'public', z.object({ redirect_uri: redirectUri }), async ({ input, ctx, nk }) => {
    if (!nk.googleConfigured()) return { enabled: false };
    const states = nk.sharedRateLimiter(STATE_REQUESTS.name, STATE_REQUESTS.limit, STATE_REQUESTS.windowMs);
    if (!(await states.hit(ctx.clientIp || 'unknown', clock.now()))) {
      throw resourceExhausted('Слишком много попыток входа через Google. Попробуйте позже.');
    }
    await prune(nk.db);
    const state = crypto.randomBytes(32).toString('base64url');
    await saveState(nk.db, state, input.redirect_uri);
    const url = await google(() => nk.googleAuthorizationUrl(input.redirect_uri, state));
    return { enabled: true, url };
  }, { limit: 'write' }),

  // Anyone (right after the redirect, maybe with a guest session). The state is used up even on failure.
  rpc(
    'google_login',
    'public',
    z.object({
      code: z.string({ error: 'Код авторизации Google не найден.' }).min(1, 'Код авторизации Google не найден.').max(4096),
      redirect_uri: redirectUri,
      state: z.string({ error: 'Параметр state не найден.' }).min(1, 'Параметр state не найден.').max(256),
    }),
    async ({ input, nk }) => {
      if (!nk.googleConfigured()) throw failedPrecondition('Вход через Google не настроен.');
      if (!(await takeState(nk.db, input.state, input.redirect_uri))) {
        throw invalid('Сеанс входа через Google устарел или недействителен. Начните вход заново.');
      }
      const profile = await google(() => nk.googleExchangeCode(input.code, input.redirect_uri));
      const account = await nk.authenticateProvider('google_id', profile.sub, true, undefined, {
        displayName: profile.name || (profile.email ? localPart(profile.email) : undefined),
        avatarUrl: profile.picture ?? undefined,
      });
      if (account.created) await welcomeNewAccount(nk, account.userId);
      return signedIn(nk, account);
    },
    { limit: 'write' },
  ),
];
