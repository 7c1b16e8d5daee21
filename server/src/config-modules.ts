// The module settings of the configuration (README: Module settings): what the portal reads as nk.env.
import os from 'node:os';
import { ConfigError, int, list, optional, str, url, type Env } from './config-read.ts';

/** LINK_SIGNING_KEY's public default: refused in production, like the server's keys. */
const DEFAULT_LINK_SIGNING_KEY = 'defaultlinksigningkey';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/**
 * What team life needs: when reminders go and how often they are looked for, the key that signs the
 * one-click answer links of reminder mails, and the site's administrators.
 */
function teamLifeSettings(env: Env, production: boolean): Record<string, string> {
  const linkKey = str(env, 'LINK_SIGNING_KEY', DEFAULT_LINK_SIGNING_KEY);
  if (linkKey.length < 16 || /\s/.test(linkKey)) throw new ConfigError('LINK_SIGNING_KEY', 'must be at least 16 characters long, without spaces');
  if (production && linkKey === DEFAULT_LINK_SIGNING_KEY) {
    throw new ConfigError('LINK_SIGNING_KEY', 'must be set to a secret value when NODE_ENV=production (the default is public)');
  }
  return {
    REMINDER_BEFORE_DEADLINE_HOURS: String(int(env, 'REMINDER_BEFORE_DEADLINE_HOURS', 24, 1, 720)),
    REMINDER_BEFORE_START_HOURS: String(int(env, 'REMINDER_BEFORE_START_HOURS', 3, 1, 168)),
    REMINDER_TICK_SEC: String(int(env, 'REMINDER_TICK_SEC', 60, 1, 3600)),
    LINK_SIGNING_KEY: linkKey,
    ADMIN_USER_IDS: list(env, 'ADMIN_USER_IDS', UUID, 'user ids (UUIDs)'),
    ADMIN_EMAILS: list(env, 'ADMIN_EMAILS', EMAIL, 'e-mail addresses'),
  };
}

/** The public push services of Chrome, Firefox, Edge and Safari: where a subscription's endpoint may point by default. */
const PUSH_SERVICES = 'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.notify.windows.com,https://web.push.apple.com';
/** An origin, its host optionally `*.`-prefixed (any subdomain); http only for a loopback host. */
const PUSH_ORIGIN = /^(?:https:\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?$/;

/** A VAPID key in base64url of the given length in bytes. */
function vapidKey(env: Env, name: string, bytes: number): string | undefined {
  const v = optional(env, name);
  if (v === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(v) || Buffer.from(v, 'base64url').length !== bytes) {
    throw new ConfigError(name, `must be ${bytes} bytes in base64url (as web-push generate-vapid-keys prints it)`);
  }
  return v;
}

/**
 * Web Push: the VAPID key pair and subject, and the origins a subscription may point to. Without the keys
 * the portal makes a pair once and keeps it in its database (in DATA_DIR with the embedded one), which
 * production refuses: a key pair lost with a database would end every device's subscription.
 */
function pushSettings(env: Env, site: string, production: boolean): Record<string, string> {
  const publicKey = vapidKey(env, 'VAPID_PUBLIC_KEY', 65);
  const privateKey = vapidKey(env, 'VAPID_PRIVATE_KEY', 32);
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError(publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY', 'must be set together with its pair');
  }
  let subject = optional(env, 'VAPID_SUBJECT');
  if (production && (publicKey === undefined || subject === undefined)) {
    throw new ConfigError(publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_SUBJECT', 'must be set when NODE_ENV=production (with VAPID_PRIVATE_KEY and VAPID_SUBJECT)');
  }
  if (subject !== undefined && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT', 'must be a mailto: address or an https: URL');
  }
  subject ??= site.startsWith('https://') ? site : 'mailto:push@tribuna.invalid';
  const out: Record<string, string> = {
    VAPID_SUBJECT: subject,
    PUSH_ALLOWED_ORIGINS: list({ PUSH_ALLOWED_ORIGINS: str(env, 'PUSH_ALLOWED_ORIGINS', PUSH_SERVICES) }, 'PUSH_ALLOWED_ORIGINS', PUSH_ORIGIN, 'https origins (a host may start with *.; http only on a loopback host)'),
  };
  if (publicKey !== undefined && privateKey !== undefined) Object.assign(out, { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
  return out;
}

/**
 * The module settings: every key is named and checked here, so a module reads only validated values.
 * SHOP_PROVIDER chooses the coin shop's payment provider; the YooKassa keys are required with it.
 * NEWS_HTML_THREADS and NEWS_HTML_QUEUE size the portal's pool of threads that sanitise news HTML: by
 * default every core but one (the event loop's), at least one. The team-life settings: teamLifeSettings.
 */
export function moduleSettings(env: Env, site: string, production: boolean): Readonly<Record<string, string>> {
  // The test provider credits coins without a payment: in production it must be chosen on purpose.
  if (production && !optional(env, 'SHOP_PROVIDER')) throw new ConfigError('SHOP_PROVIDER', 'must be set when NODE_ENV=production ("test" credits coins with no payment)');
  const provider = str(env, 'SHOP_PROVIDER', 'test');
  if (provider !== 'test' && provider !== 'yookassa') throw new ConfigError('SHOP_PROVIDER', `must be "test" or "yookassa", got "${provider}"`);
  const out: Record<string, string> = {
    SHOP_PROVIDER: provider,
    PUBLIC_URL: site,
    NEWS_HTML_THREADS: String(int(env, 'NEWS_HTML_THREADS', Math.max(1, os.availableParallelism() - 1), 1, 64)),
    NEWS_HTML_QUEUE: String(int(env, 'NEWS_HTML_QUEUE', 32, 0, 10_000)),
    ...teamLifeSettings(env, production),
    ...pushSettings(env, site, production),
  };
  if (provider === 'yookassa') {
    const shopId = optional(env, 'YOOKASSA_SHOP_ID');
    if (!shopId || !/^\d{1,20}$/.test(shopId)) throw new ConfigError('YOOKASSA_SHOP_ID', 'must be the shop\'s numeric id when SHOP_PROVIDER=yookassa');
    const secretKey = optional(env, 'YOOKASSA_SECRET_KEY');
    if (!secretKey || /\s/.test(secretKey)) throw new ConfigError('YOOKASSA_SECRET_KEY', 'must be set (without spaces) when SHOP_PROVIDER=yookassa');
    const api = url(env, 'YOOKASSA_API_URL', ['https:', 'http:']) ?? 'https://api.yookassa.ru/v3';
    Object.assign(out, { YOOKASSA_SHOP_ID: shopId, YOOKASSA_SECRET_KEY: secretKey, YOOKASSA_API_URL: api.replace(/\/+$/, '') });
  }
  return Object.freeze(out);
}
