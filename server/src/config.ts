// The only reader of process.env. Every variable is typed, validated at start and documented in README.md.
import os from 'node:os';
import path from 'node:path';
import { proxyList } from './client-ip.ts';
import type { LogFormat, LogLevel } from './log.ts';
import { moduleSettings } from './config-modules.ts';
import { purchaseSettings, type PurchasesConfig } from './config-purchases.ts';
import { signInSettings, type SignInConfig } from './config-sign-in.ts';
import { ConfigError, int, optional, str, url, type Env } from './config-read.ts';

export { ConfigError } from './config-read.ts';
export type { AppleConfig, FacebookConfig, FacebookInstantConfig, GameCenterConfig, SignInConfig, SteamConfig } from './config-sign-in.ts';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  serverKey: string;
  httpKey: string;
  sessionEncryptionKey: string;
  refreshEncryptionKey: string;
  tokenExpirySec: number;
  refreshTokenExpirySec: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: LogLevel;
  /** json, or pretty for a developer's terminal (LOG_FORMAT; by default pretty only outside production on a TTY). */
  logFormat: LogFormat;
  production: boolean;
  maxRequestSizeBytes: number;
  maxMessageSizeBytes: number;
  /** Bytes of request bodies the server holds while receiving them, across all requests. */
  maxBodyBytesInFlight: number;
  /** A request body that sends nothing for this long is dropped. */
  bodyIdleTimeoutMs: number;
  /** A client that has not sent a request's whole head (line and headers) within this long is disconnected. */
  headersTimeoutMs: number;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed; none by default. */
  trustedProxies: string[];
  webDist: string | undefined;
  /** The site's address as visitors reach it (link previews' absolute URLs); else each request's Host. */
  publicUrl: string | undefined;
  modules: string[];
  /** Google sign-in (OpenID Connect); undefined when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset. */
  google: GoogleConfig | undefined;
  /** In-app purchase validation: each store's keys and endpoints (README: Purchases and subscriptions). */
  purchases: PurchasesConfig;
  /** Apple, Facebook, Facebook Instant, Game Center and Steam sign-in (README: Sign-in providers). */
  signIn: SignInConfig;
  /** Limits on what one user may create, how fast anyone may write, and on image decoding. */
  limits: Limits;
  /** This node's name: the ids of parties and authoritative matches made here end with it. */
  nodeName: string;
  /** On SIGTERM/SIGINT, how long in-flight requests and closing sockets are waited for before they are cut. */
  drainTimeoutMs: number;
  /** Redis of a cluster (REDIS_URL): with it the node shares its realtime work with the other nodes. */
  redisUrl: string | undefined;
  /** Prefix of the cluster's keys and channels in Redis (REDIS_PREFIX): clusters sharing one Redis differ in it. */
  redisPrefix: string;
  matchmaker: MatchmakerConfig;
  video: VideoConfig;
  /** Settings handed to runtime modules as `ctx.env` and `nk.env`, as upstream's runtime.env (README: Module settings). */
  runtimeEnv: Readonly<Record<string, string>>;
  /** Bearer token of GET /metrics (METRICS_TOKEN); metrics are off without it. */
  metricsToken: string | undefined;
}

export interface MatchmakerConfig {
  /** How often waiting tickets are matched. */
  intervalMs: number;
  /** Intervals a ticket with min_count below max_count waits for more players before settling for fewer. */
  maxIntervals: number;
  /** Tickets one session (or one party) may have waiting at once. */
  maxTickets: number;
}

export interface VideoConfig {
  /** Largest upload, in bytes. */
  maxBytes: number;
  /** Videos one user may have, unfinished uploads included (failed ones do not count). */
  perUser: number;
  /** Uploads one user may start in an hour. */
  uploadsPerUserHour: number;
  /** Longest accepted video, in seconds (ffprobe's duration). */
  maxDurationSec: number;
  /** Longest accepted side, in pixels (ffprobe's width and height). */
  maxSide: number;
  /** Encodings running at once across every node. */
  concurrency: number;
  /** Tries of one encoding before the video is marked failed. */
  maxAttempts: number;
  /** Time limit of one ffmpeg run, in seconds; of one ffprobe run, a tenth of it (at least 10 s). */
  encodeTimeoutSec: number;
  /** SVT-AV1 preset (0 slowest .. 13 fastest). */
  av1Preset: number;
  /** x264 preset name (ultrafast .. veryslow). */
  h264Preset: string;
  /** How long a signed video address stays valid, in seconds (at least this, at most twice). */
  urlTtlSec: number;
  /** Unfinished uploads untouched this long are removed, in hours. */
  uploadExpiryHours: number;
}

export interface Limits {
  /** Accounts that may be created from one client address in an hour (device, custom id, e-mail). */
  accountsPerAddressHour: number;
  /** Teams a user may have created (deleted ones do not count). */
  teamsPerUser: number;
  /** Players a user may have created. */
  playersPerUser: number;
  /** Uploads a user may start in an hour. */
  uploadsPerUserHour: number;
  /** Stored bytes of a user's uploads. */
  uploadQuotaBytes: number;
  /** Largest input image, in pixels (width × height), refused before decoding. */
  imageMaxPixels: number;
  /** Images decoded at once; further uploads wait in a queue. */
  imageDecodeConcurrency: number;
  /** Uploads that may wait for a decoder; past that they are refused as Unavailable. */
  imageDecodeQueue: number;
  /** Writes (RPCs that change something) one user may make in a minute. */
  writesPerUserMinute: number;
  /** Writes that may come from one client address in a minute, whoever makes them. */
  writesPerAddressMinute: number;
  /** Creations of one kind (news, matches, teams, ...) one user may make in an hour. */
  creationsPerUserHour: number;
  /** Likes and ratings one user may give in a minute. */
  reactionsPerUserMinute: number;
  /** Chat messages (sent or edited, by RPC or on the socket) one user may write in a minute. */
  chatMessagesPerUserMinute: number;
  /** Bytes of chat messages one user may have stored in a day. */
  chatBytesPerUserDay: number;
  /** News items one user may publish in a day. */
  newsPerUserDay: number;
  /** Chats one user may create in a day. */
  chatsPerUserDay: number;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Discovery is at <issuer>/.well-known/openid-configuration. */
  issuer: string;
}

const DEFAULT_KEYS = {
  SERVER_KEY: 'defaultkey',
  HTTP_KEY: 'defaulthttpkey',
  SESSION_ENCRYPTION_KEY: 'defaultencryptionkey',
  REFRESH_ENCRYPTION_KEY: 'defaultrefreshencryptionkey',
} as const;


// The built web app of this repository, served at / unless WEB_DIST says otherwise.
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

function x264Preset(v: string): string {
  if (!X264_PRESETS.includes(v)) throw new ConfigError('VIDEO_H264_PRESET', `must be one of ${X264_PRESETS.join(', ')}`);
  return v;
}

function key(env: Env, name: keyof typeof DEFAULT_KEYS, production: boolean): string {
  const v = str(env, name, DEFAULT_KEYS[name]);
  if (v.length < 8) throw new ConfigError(name, 'must be at least 8 characters long');
  if (/[\s:]/.test(v)) throw new ConfigError(name, 'must not contain spaces or colons');
  if (production && v === DEFAULT_KEYS[name]) {
    throw new ConfigError(name, 'must be set to a secret value when NODE_ENV=production (the default is public)');
  }
  return v;
}

/** PUBLIC_URL: the site's http(s) origin (the app is served at its root). */
function publicUrl(env: Env): string | undefined {
  const v = url(env, 'PUBLIC_URL', ['https:', 'http:']);
  if (v === undefined) return undefined;
  const u = new URL(v);
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/') {
    throw new ConfigError('PUBLIC_URL', `must be the site's origin alone, like https://tribuna.example, got "${v}"`);
  }
  return u.origin;
}

const levels: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/**
 * A node name from a host name and port: the host's letters, digits, '_' and '-', then the port.
 * @internal
 */
export function defaultNodeName(hostname: string, port: number): string {
  const host = hostname.split('.')[0].replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 56) || 'node';
  return `${host}-${port}`;
}

/** Where the database is: all that a backup or a restore reads of the configuration. */
export function loadStorageConfig(env: Env = process.env, cwd = process.cwd()): Pick<Config, 'dataDir' | 'databaseUrl'> {
  return {
    dataDir: path.resolve(cwd, str(env, 'DATA_DIR', './data')),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
  };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';

  const host = str(env, 'HOST', '127.0.0.1');
  if (!/^[\w.:-]+$/.test(host)) throw new ConfigError('HOST', `is not a host name or address: "${host}"`);
  const port = int(env, 'PORT', 7350, 0, 65535);
  const site = publicUrl(env);

  const { dataDir, databaseUrl } = loadStorageConfig(env, cwd);
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = str(env, 'MAIL_FROM', 'Трибуна <no-reply@tribuna.local>');
  if (!/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom.trim())) {
    throw new ConfigError('MAIL_FROM', `must be an e-mail address, optionally with a name ("Name <a@b.c>"), got "${mailFrom}"`);
  }

  const logLevel = str(env, 'LOG_LEVEL', 'info') as LogLevel;
  if (!levels.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${levels.join(', ')}`);
  const logFormat = str(env, 'LOG_FORMAT', production || !process.stdout.isTTY ? 'json' : 'pretty') as LogFormat;
  if (logFormat !== 'json' && logFormat !== 'pretty') throw new ConfigError('LOG_FORMAT', 'must be json or pretty');

  const sessionEncryptionKey = key(env, 'SESSION_ENCRYPTION_KEY', production);
  const refreshEncryptionKey = key(env, 'REFRESH_ENCRYPTION_KEY', production);
  if (sessionEncryptionKey === refreshEncryptionKey) {
    throw new ConfigError('REFRESH_ENCRYPTION_KEY', 'must differ from SESSION_ENCRYPTION_KEY');
  }

  const tokenExpirySec = int(env, 'TOKEN_EXPIRY_SEC', 7200, 1, 365 * 86400);
  const refreshTokenExpirySec = int(env, 'REFRESH_TOKEN_EXPIRY_SEC', 30 * 86400, 1, 5 * 365 * 86400);
  if (refreshTokenExpirySec < tokenExpirySec) {
    throw new ConfigError('REFRESH_TOKEN_EXPIRY_SEC', `must not be shorter than TOKEN_EXPIRY_SEC (${tokenExpirySec})`);
  }

  const trustedProxies = str(env, 'TRUSTED_PROXIES', '').split(',').map((p) => p.trim()).filter(Boolean);
  try {
    proxyList(trustedProxies);
  } catch (err) {
    throw new ConfigError('TRUSTED_PROXIES', `must be a comma-separated list of IP addresses or CIDR ranges: ${(err as Error).message}`);
  }

  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  if (redisUrl && !databaseUrl) {
    throw new ConfigError('REDIS_URL', 'needs DATABASE_URL: the nodes of a cluster share one PostgreSQL database (the embedded one belongs to one process)');
  }
  const redisPrefix = str(env, 'REDIS_PREFIX', 'tribuna:');
  if (!/^[\w.:-]{1,64}$/.test(redisPrefix)) throw new ConfigError('REDIS_PREFIX', `must be 1-64 letters, digits, '_', '-', '.' or ':', got "${redisPrefix}"`);
  // In a cluster each node needs its own name: by default the host's name and the port.
  const nodeName = str(env, 'NODE_NAME', redisUrl ? defaultNodeName(os.hostname(), port) : 'nakama');
  // It ends match and party ids ("<uuid>.<node>"): no dots, nothing a URL would escape.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(nodeName)) throw new ConfigError('NODE_NAME', `must be 1-64 letters, digits, '_' or '-', got "${nodeName}"`);

  const metricsToken = optional(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16-256 printable ASCII characters without spaces');
  }

  const webDistRaw = optional(env, 'WEB_DIST');
  const modulesRaw = str(env, 'RUNTIME_MODULES', '@tribuna/portal');
  const modules = modulesRaw.split(',').map((m) => m.trim()).filter(Boolean);
  if (modulesRaw.trim() !== 'none' && modules.some((m) => !/^[@\w./-]+$/.test(m))) {
    throw new ConfigError('RUNTIME_MODULES', 'must be a comma-separated list of module specifiers, or "none"');
  }

  const googleIssuer = (url(env, 'GOOGLE_ISSUER', ['https:', 'http:']) ?? 'https://accounts.google.com').replace(/\/$/, '');
  const googleClientId = optional(env, 'GOOGLE_CLIENT_ID');
  const googleClientSecret = optional(env, 'GOOGLE_CLIENT_SECRET');
  if (googleClientId && !googleClientSecret) throw new ConfigError('GOOGLE_CLIENT_SECRET', 'must be set when GOOGLE_CLIENT_ID is set');
  if (googleClientSecret && !googleClientId) throw new ConfigError('GOOGLE_CLIENT_ID', 'must be set when GOOGLE_CLIENT_SECRET is set');

  return {
    host,
    port,
    dataDir,
    databaseUrl,
    serverKey: key(env, 'SERVER_KEY', production),
    httpKey: key(env, 'HTTP_KEY', production),
    sessionEncryptionKey,
    refreshEncryptionKey,
    tokenExpirySec,
    refreshTokenExpirySec,
    smtpUrl,
    mailFrom,
    logLevel,
    logFormat,
    production,
    maxRequestSizeBytes: int(env, 'MAX_REQUEST_SIZE_BYTES', 262144, 1024, 64 * 1024 * 1024),
    maxMessageSizeBytes: int(env, 'MAX_MESSAGE_SIZE_BYTES', 4096, 256, 16 * 1024 * 1024),
    maxBodyBytesInFlight: int(env, 'MAX_BODY_BYTES_IN_FLIGHT', 64 * 1024 * 1024, 1024 * 1024, 16 * 1024 * 1024 * 1024),
    bodyIdleTimeoutMs: int(env, 'BODY_IDLE_TIMEOUT_MS', 10_000, 100, 300_000),
    // At most Node's request timeout (300 s), which must not be shorter.
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 300_000),
    trustedProxies,
    webDist: webDistRaw === 'none' ? undefined : path.resolve(cwd, webDistRaw ?? DEFAULT_WEB_DIST),
    publicUrl: site,
    modules: modulesRaw.trim() === 'none' ? [] : modules,
    google: googleClientId && googleClientSecret
      ? { clientId: googleClientId, clientSecret: googleClientSecret, issuer: googleIssuer }
      : undefined,
    purchases: purchaseSettings(env),
    signIn: signInSettings(env, production),
    limits: {
      accountsPerAddressHour: int(env, 'LIMIT_ACCOUNTS_PER_ADDRESS_HOUR', 30, 1, 1_000_000),
      teamsPerUser: int(env, 'LIMIT_TEAMS_PER_USER', 20, 1, 1_000_000),
      playersPerUser: int(env, 'LIMIT_PLAYERS_PER_USER', 50, 1, 1_000_000),
      uploadsPerUserHour: int(env, 'LIMIT_UPLOADS_PER_USER_HOUR', 100, 1, 1_000_000),
      uploadQuotaBytes: int(env, 'LIMIT_UPLOAD_QUOTA_BYTES', 200 * 1024 * 1024, 1, 2 ** 50),
      // sharp's own ceiling is 16383 × 16383.
      imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 40_000_000, 1, 16383 * 16383),
      imageDecodeConcurrency: int(env, 'IMAGE_DECODE_CONCURRENCY', 2, 1, 64),
      imageDecodeQueue: int(env, 'IMAGE_DECODE_QUEUE', 20, 0, 10_000),
      writesPerUserMinute: int(env, 'LIMIT_WRITES_PER_USER_MINUTE', 240, 1, 1_000_000),
      writesPerAddressMinute: int(env, 'LIMIT_WRITES_PER_ADDRESS_MINUTE', 600, 1, 1_000_000),
      creationsPerUserHour: int(env, 'LIMIT_CREATIONS_PER_USER_HOUR', 100, 1, 1_000_000),
      reactionsPerUserMinute: int(env, 'LIMIT_REACTIONS_PER_USER_MINUTE', 300, 1, 1_000_000),
      chatMessagesPerUserMinute: int(env, 'LIMIT_CHAT_MESSAGES_PER_USER_MINUTE', 60, 1, 1_000_000),
      chatBytesPerUserDay: int(env, 'LIMIT_CHAT_BYTES_PER_USER_DAY', 2 * 1024 * 1024, 1, 2 ** 40),
      newsPerUserDay: int(env, 'LIMIT_NEWS_PER_USER_DAY', 100, 1, 1_000_000),
      chatsPerUserDay: int(env, 'LIMIT_CHATS_PER_USER_DAY', 50, 1, 1_000_000),
    },
    nodeName,
    drainTimeoutMs: int(env, 'DRAIN_TIMEOUT_MS', 10_000, 0, 600_000),
    redisUrl,
    redisPrefix,
    matchmaker: {
      intervalMs: int(env, 'MATCHMAKER_INTERVAL_MS', 1000, 10, 60_000),
      maxIntervals: int(env, 'MATCHMAKER_MAX_INTERVALS', 2, 1, 1000),
      maxTickets: int(env, 'MATCHMAKER_MAX_TICKETS', 3, 1, 100),
    },
    video: {
      maxBytes: int(env, 'VIDEO_MAX_BYTES', 500 * 1024 * 1024, 1024, 2 ** 42),
      perUser: int(env, 'LIMIT_VIDEOS_PER_USER', 50, 1, 1_000_000),
      uploadsPerUserHour: int(env, 'LIMIT_VIDEO_UPLOADS_PER_USER_HOUR', 20, 1, 1_000_000),
      maxDurationSec: int(env, 'VIDEO_MAX_DURATION_SEC', 3600, 1, 86_400),
      maxSide: int(env, 'VIDEO_MAX_SIDE', 4096, 16, 16_384),
      concurrency: int(env, 'VIDEO_ENCODE_CONCURRENCY', 1, 1, 64),
      maxAttempts: int(env, 'VIDEO_ENCODE_ATTEMPTS', 3, 1, 100),
      encodeTimeoutSec: int(env, 'VIDEO_ENCODE_TIMEOUT_SEC', 3 * 3600, 5, 86_400),
      av1Preset: int(env, 'VIDEO_AV1_PRESET', 8, 0, 13),
      h264Preset: x264Preset(str(env, 'VIDEO_H264_PRESET', 'veryfast')),
      urlTtlSec: int(env, 'VIDEO_URL_TTL_SEC', 6 * 3600, 60, 30 * 86_400),
      uploadExpiryHours: int(env, 'VIDEO_UPLOAD_EXPIRY_HOURS', 24, 1, 24 * 365),
    },
    metricsToken,
    runtimeEnv: moduleSettings(env, site ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`, production),
  };
}
