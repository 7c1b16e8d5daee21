// Sign-in providers of the configuration (README: Sign-in providers): each is on once its ids and keys are
// set; its endpoints default to the provider's own, so tests point them at loopback stand-ins.
import { ConfigError, int, optional, str, url, type Env } from './config-read.ts';

export interface AppleConfig {
  /** The app's bundle id (or Services ID): the audience of its ID tokens. */
  bundleId: string;
  keysUrl: string;
  issuer: string;
}

export interface FacebookConfig {
  appId: string;
  /** With it every Graph call carries appsecret_proof, so tokens of other apps are refused by Facebook. */
  appSecret: string | undefined;
  graphUrl: string;
  /** Limited Login's ID tokens: their keys and issuer. */
  keysUrl: string;
  issuer: string;
}

export interface FacebookInstantConfig {
  appSecret: string;
}

export interface GameCenterConfig {
  /** Bundle ids whose players may sign in: a signature made for another game is refused. */
  bundleIds: string[];
  /** Hosts the signing key may be fetched from (a host or any subdomain of it). */
  keyHosts: string[];
}

export interface SteamConfig {
  publisherKey: string;
  appId: string;
  apiUrl: string;
}

export interface SignInConfig {
  /** Outgoing calls to a provider give up after this long; the caller gets Unavailable. */
  timeoutMs: number;
  /** A token naming a key the cached key set lacks fetches the set again, at most this often. */
  keysRefetchMs: number;
  /** Key sets are fetched again after this long in any case. */
  keysMaxAgeMs: number;
  apple: AppleConfig | undefined;
  facebook: FacebookConfig | undefined;
  facebookInstant: FacebookInstantConfig | undefined;
  gameCenter: GameCenterConfig | undefined;
  steam: SteamConfig | undefined;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A provider's endpoint: https, or http on a loopback host outside production (the tests' stand-ins). */
function endpoint(env: Env, name: string, fallback: string, production: boolean): string {
  const v = (url(env, name, ['https:', 'http:']) ?? fallback).replace(/\/$/, '');
  const u = new URL(v);
  if (u.protocol === 'http:' && (production || !LOOPBACK.has(u.hostname))) {
    throw new ConfigError(name, 'must be an https URL (http only on a loopback host outside production)');
  }
  return v;
}

function both(env: Env, a: string, b: string): [string, string] | undefined {
  const x = optional(env, a);
  const y = optional(env, b);
  if (x && !y) throw new ConfigError(b, `must be set when ${a} is set`);
  if (y && !x) throw new ConfigError(a, `must be set when ${b} is set`);
  return x && y ? [x, y] : undefined;
}

function items(env: Env, name: string, valid: RegExp, what: string): string[] {
  const out = str(env, name, '').split(',').map((x) => x.trim()).filter(Boolean);
  const bad = out.find((x) => !valid.test(x));
  if (bad !== undefined) throw new ConfigError(name, `must be a comma-separated list of ${what}, got "${bad}"`);
  return [...new Set(out)];
}

const BUNDLE_ID = /^[A-Za-z0-9.-]{1,255}$/;

export function signInSettings(env: Env, production: boolean): SignInConfig {
  const appleBundle = optional(env, 'APPLE_BUNDLE_ID');
  if (appleBundle !== undefined && !BUNDLE_ID.test(appleBundle)) throw new ConfigError('APPLE_BUNDLE_ID', `is not a bundle id: "${appleBundle}"`);

  const facebookAppId = optional(env, 'FACEBOOK_APP_ID');
  if (facebookAppId !== undefined && !/^\d{1,32}$/.test(facebookAppId)) throw new ConfigError('FACEBOOK_APP_ID', 'must be the app\'s numeric id');

  const gameCenterBundles = items(env, 'GAMECENTER_BUNDLE_IDS', BUNDLE_ID, 'bundle ids');
  const keyHosts = items(env, 'GAMECENTER_KEY_HOSTS', /^[a-z0-9.-]+$/i, 'host names').map((h) => h.toLowerCase());
  if (production && keyHosts.some((h) => h !== 'apple.com' && !h.endsWith('.apple.com'))) {
    throw new ConfigError('GAMECENTER_KEY_HOSTS', 'may only name apple.com hosts when NODE_ENV=production');
  }

  const steam = both(env, 'STEAM_PUBLISHER_KEY', 'STEAM_APP_ID');
  if (steam && !/^\d{1,12}$/.test(steam[1])) throw new ConfigError('STEAM_APP_ID', 'must be the app\'s numeric id');
  if (steam && !/^[A-Za-z0-9]{8,128}$/.test(steam[0])) throw new ConfigError('STEAM_PUBLISHER_KEY', 'must be a Web API publisher key (letters and digits)');

  const facebookInstantSecret = optional(env, 'FACEBOOK_INSTANT_APP_SECRET');

  return {
    timeoutMs: int(env, 'SIGN_IN_TIMEOUT_MS', 10_000, 100, 120_000),
    keysRefetchMs: int(env, 'SIGN_IN_KEYS_REFETCH_MS', 30_000, 0, 3_600_000),
    keysMaxAgeMs: int(env, 'SIGN_IN_KEYS_MAX_AGE_MS', 3_600_000, 1000, 7 * 86_400_000),
    apple: appleBundle
      ? {
          bundleId: appleBundle,
          keysUrl: endpoint(env, 'APPLE_KEYS_URL', 'https://appleid.apple.com/auth/keys', production),
          issuer: str(env, 'APPLE_ISSUER', 'https://appleid.apple.com'),
        }
      : undefined,
    facebook: facebookAppId
      ? {
          appId: facebookAppId,
          appSecret: optional(env, 'FACEBOOK_APP_SECRET'),
          graphUrl: endpoint(env, 'FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v19.0', production),
          keysUrl: endpoint(env, 'FACEBOOK_KEYS_URL', 'https://limited.facebook.com/.well-known/oauth/openid/jwks', production),
          issuer: str(env, 'FACEBOOK_ISSUER', 'https://www.facebook.com'),
        }
      : undefined,
    facebookInstant: facebookInstantSecret ? { appSecret: facebookInstantSecret } : undefined,
    gameCenter: gameCenterBundles.length
      ? { bundleIds: gameCenterBundles, keyHosts: keyHosts.length ? keyHosts : ['apple.com'] }
      : undefined,
    steam: steam
      ? { publisherKey: steam[0], appId: steam[1], apiUrl: endpoint(env, 'STEAM_API_URL', 'https://partner.steam-api.com', production) }
      : undefined,
  };
}
