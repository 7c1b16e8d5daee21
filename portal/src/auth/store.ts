// Sign-in codes, their send limits and Google states. Every time comes from `clock`, so tests can move it.
import crypto from 'node:crypto';
import type { Db } from '@tribuna/server';

/** The module's clock (ms since the epoch); tests replace now() instead of waiting. */
export const clock = { now: (): number => Date.now() };

const CODE_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
const CODES_PER_EMAIL_HOUR = 5;
const CODES_PER_IP_HOUR = 20;
const MAX_WRONG_TRIES = 5;
const STATE_TTL_MS = 10 * 60_000;
const HOUR_MS = 3600_000;

export type Issued =
  | { ok: true; code: string; hash: string }
  | { ok: false; refusal: 'resend' | 'email-hour' | 'ip-hour'; retryAfterSec: number };

export type Verified = 'ok' | 'wrong' | 'exhausted' | 'spent' | 'expired' | 'missing';

/** request_auth_code's answer. */
export interface AuthCodeSent {
  success: boolean;
  message: string;
}

/** verify_auth_code's and google_login's answer: the signed-in account's tokens. */
export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user_id: string;
  username: string;
  created: boolean;
}

/** google_auth_url's answer: the provider's page to send the browser to, when Google sign-in is on. */
export interface GoogleAuthUrl {
  enabled: boolean;
  url?: string;
}

interface CodeRow {
  code_hash: string | null;
  salt: string | null;
  expires_at: Date | null;
  attempts: number;
  sent_at: Date | null;
  window_start: Date | null;
  window_count: number;
}

interface WindowRow {
  window_start: Date | null;
  window_count: number;
}

const hashCode = (salt: string, email: string, code: string) =>
  crypto.createHmac('sha256', Buffer.from(salt, 'hex')).update(`${email}\n${code}`).digest('hex');

const secondsUntil = (ms: number, now: number) => Math.max(1, Math.ceil((ms - now) / 1000));

/** Count in the hourly window that starts at window_start; 0 once the hour has passed. */
function inWindow(row: WindowRow | undefined, now: number): number {
  return row?.window_start && row.window_start.getTime() > now - HOUR_MS ? row.window_count : 0;
}

/**
 * Creates a new 6-digit code for email, replacing any earlier one, unless a limit says no.
 * Rows are created first and then locked, so concurrent requests for one address queue up.
 */
export async function issueCode(db: Db, email: string, clientIp: string): Promise<Issued> {
  const now = clock.now();
  const at = new Date(now);
  return db.tx(async (q): Promise<Issued> => {
    await q.execute('INSERT INTO auth_code_ips (client_ip) VALUES ($1) ON CONFLICT DO NOTHING', [clientIp]);
    const ip = (await q.query<WindowRow>('SELECT window_start, window_count FROM auth_code_ips WHERE client_ip = $1 FOR UPDATE', [clientIp]))[0];
    const ipCount = inWindow(ip, now);
    if (ipCount >= CODES_PER_IP_HOUR) {
      return { ok: false, refusal: 'ip-hour', retryAfterSec: secondsUntil(ip.window_start!.getTime() + HOUR_MS, now) };
    }
    await q.execute('INSERT INTO auth_codes (email) VALUES ($1) ON CONFLICT DO NOTHING', [email]);
    const row = (await q.query<CodeRow>('SELECT * FROM auth_codes WHERE email = $1 FOR UPDATE', [email]))[0];
    if (row.sent_at && row.sent_at.getTime() > now - RESEND_AFTER_MS) {
      return { ok: false, refusal: 'resend', retryAfterSec: secondsUntil(row.sent_at.getTime() + RESEND_AFTER_MS, now) };
    }
    const emailCount = inWindow(row, now);
    if (emailCount >= CODES_PER_EMAIL_HOUR) {
      return { ok: false, refusal: 'email-hour', retryAfterSec: secondsUntil(row.window_start!.getTime() + HOUR_MS, now) };
    }

    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = crypto.randomBytes(16).toString('hex');
    const hash = hashCode(salt, email, code);
    await q.execute(
      `UPDATE auth_code_ips SET window_start = $2, window_count = $3 WHERE client_ip = $1`,
      [clientIp, ipCount === 0 ? at : ip.window_start, ipCount + 1],
    );
    await q.execute(
      `UPDATE auth_codes SET code_hash = $2, salt = $3, expires_at = $4, attempts = 0, sent_at = $5,
         window_start = $6, window_count = $7
       WHERE email = $1`,
      [email, hash, salt, new Date(now + CODE_TTL_MS), at, emailCount === 0 ? at : row.window_start, emailCount + 1],
    );
    return { ok: true, code, hash };
  });
}

/** Takes back a code whose mail could not be sent, so the address may ask again at once. */
export async function withdrawCode(db: Db, email: string, hash: string): Promise<void> {
  await db.execute(
    'UPDATE auth_codes SET code_hash = NULL, salt = NULL, expires_at = NULL, sent_at = NULL WHERE email = $1 AND code_hash = $2',
    [email, hash],
  );
}

/**
 * Checks a code: a match consumes it; a wrong try counts, and the last allowed one invalidates it.
 * Wrong tries are committed, so the outcome is returned rather than thrown.
 */
export async function verifyCode(db: Db, email: string, code: string): Promise<Verified> {
  const now = clock.now();
  return db.tx(async (q): Promise<Verified> => {
    const row = (await q.query<CodeRow>('SELECT * FROM auth_codes WHERE email = $1 FOR UPDATE', [email]))[0];
    if (!row || !row.code_hash || !row.salt || !row.expires_at) {
      return row && row.attempts >= MAX_WRONG_TRIES ? 'spent' : 'missing';
    }
    if (row.expires_at.getTime() <= now) {
      await q.execute('UPDATE auth_codes SET code_hash = NULL, salt = NULL, expires_at = NULL WHERE email = $1', [email]);
      return 'expired';
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(row.salt, email, code), 'hex');
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) {
      await q.execute('UPDATE auth_codes SET code_hash = NULL, salt = NULL, expires_at = NULL, attempts = 0 WHERE email = $1', [email]);
      return 'ok';
    }
    const attempts = row.attempts + 1;
    if (attempts >= MAX_WRONG_TRIES) {
      await q.execute('UPDATE auth_codes SET code_hash = NULL, salt = NULL, expires_at = NULL, attempts = $2 WHERE email = $1', [email, attempts]);
      return 'exhausted';
    }
    await q.execute('UPDATE auth_codes SET attempts = $2 WHERE email = $1', [email, attempts]);
    return 'wrong';
  });
}

export async function saveState(db: Db, state: string, redirectUri: string): Promise<void> {
  await db.execute('INSERT INTO auth_google_states (state, redirect_uri, expires_at) VALUES ($1, $2, $3)', [
    state,
    redirectUri,
    new Date(clock.now() + STATE_TTL_MS),
  ]);
}

/** Uses up a state: true when it was handed out for this redirect URI and has not expired. */
export async function takeState(db: Db, state: string, redirectUri: string): Promise<boolean> {
  const rows = await db.query<{ redirect_uri: string; expires_at: Date }>(
    'DELETE FROM auth_google_states WHERE state = $1 RETURNING redirect_uri, expires_at',
    [state],
  );
  return rows.length === 1 && rows[0].redirect_uri === redirectUri && rows[0].expires_at.getTime() > clock.now();
}

let lastPrune = 0;

/** Drops rows no limit or code needs any more; at most once a minute. */
export async function prune(db: Db): Promise<void> {
  const now = clock.now();
  if (Math.abs(now - lastPrune) < 60_000) return;
  lastPrune = now;
  const at = new Date(now);
  const hourAgo = new Date(now - HOUR_MS);
  await db.execute(
    `DELETE FROM auth_codes WHERE (window_start IS NULL OR window_start <= $1)
       AND (expires_at IS NULL OR expires_at <= $2) AND (sent_at IS NULL OR sent_at <= $1)`,
    [hourAgo, at],
  );
  await db.execute('DELETE FROM auth_code_ips WHERE window_start IS NULL OR window_start <= $1', [hourAgo]);
  await db.execute('DELETE FROM auth_google_states WHERE expires_at <= $1', [at]);
}
