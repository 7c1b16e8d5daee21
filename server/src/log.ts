// The server's logger: pino, one JSON object per line ({"level","time","msg", fields...}), or pino-pretty's
// coloured lines in development. Every line logged while a request or a socket message is handled carries
// that request's id (reqId) or that socket's id (sid), through AsyncLocalStorage.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import pino, { type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether a line at this level is written (the level never changes while the server runs). */
  isLevelEnabled?(level: Exclude<LogLevel, 'silent'>): boolean;
}

/** The server's own logger: also flushes what its asynchronous destination still holds. */
interface ServerLogger extends Logger {
  isLevelEnabled(level: Exclude<LogLevel, 'silent'>): boolean;
  /** Writes out the lines still buffered (before the process exits). */
  flush(): void;
}

/** What the lines logged in a scope carry: a request's id and user, or a socket session's. */
export interface LogScope {
  readonly reqId?: string;
  readonly sid?: string;
  readonly uid?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs fn with every line it causes (synchronously or later in its promises) carrying the scope's fields. */
export function inLogScope<T>(scope: LogScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** Runs fn outside any scope: for what a request starts that outlives it (a match's loop). */
export function outsideLogScope<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/** What a line outside any scope adds: nothing (and nothing is made for it). */
const NO_SCOPE = Object.freeze({});

// Built only when a line is written in a scope (pino merges the line's fields into it): the scope objects
// themselves (a request) hold more than their ids.
function scopeFields(): object {
  const s = scopes.getStore();
  if (s === undefined) return NO_SCOPE;
  const out: Record<string, string> = {};
  if (s.reqId !== undefined) out.reqId = s.reqId;
  if (s.sid !== undefined) out.sid = s.sid;
  if (s.uid !== undefined) out.uid = s.uid;
  return out;
}

/**
 * Fields whose values are always replaced: a second net, since callers never pass secrets in the first
 * place. Named paths only: a wildcard path ('*.token') makes every line cost twenty times more.
 */
const SECRET_KEYS = [
  'token', 'refresh_token', 'refreshToken', 'password', 'http_key', 'httpKey', 'authorization', 'cookie',
  'server_key', 'serverKey', 'secret', 'code', 'code_verifier', 'privateKey', 'private_key', 'auth', 'p256dh', 'subject', 'text', 'html',
];
const SECRET_PATHS = [
  'keys.auth', 'keys.p256dh', 'headers.authorization', 'headers.cookie', 'body.password', 'body.token', 'body.refresh_token',
  'session.token', 'session.refresh_token', 'subscription.auth', 'subscription.p256dh', 'mail.subject', 'mail.text', 'mail.html',
];

interface LogOptions {
  /** json (the default) or pretty (pino-pretty, for a developer's terminal). */
  format?: LogFormat;
  /**
   * Where lines go: stdout by default (asynchronously: flush() before exiting), a file path (appended,
   * synchronously) or a stream (synchronously).
   */
  to?: string | DestinationStream;
}

type Pretty = typeof import('pino-pretty');

export function createLogger(level: LogLevel = 'info', opts: LogOptions = {}): ServerLogger {
  let dest: DestinationStream;
  let flush = () => {};
  if (opts.format === 'pretty') {
    // Loaded only here: production and tests never need it.
    const pretty = createRequire(import.meta.url)('pino-pretty') as Pretty;
    dest = pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: typeof opts.to === 'string' ? opts.to : 1 });
  } else if (opts.to === undefined || typeof opts.to === 'string') {
    const boom = pino.destination(opts.to === undefined ? { dest: 1, sync: false } : { dest: opts.to, append: true, sync: true, mkdir: true });
    dest = boom;
    flush = () => {
      try {
        boom.flushSync();
      } catch {
        // Nothing written yet, or the descriptor is gone: nothing to flush.
      }
    };
  } else {
    dest = opts.to;
  }
  const p = pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }) },
      mixin: scopeFields,
      mixinMergeStrategy: (fields, scope) => (scope === NO_SCOPE ? fields : Object.assign(scope, fields)),
      redact: { paths: [...SECRET_KEYS, ...SECRET_PATHS], censor: '[redacted]' },
    },
    dest,
  );
  return {
    debug: (msg, fields) => (fields === undefined ? p.debug(msg) : p.debug(fields, msg)),
    info: (msg, fields) => (fields === undefined ? p.info(msg) : p.info(fields, msg)),
    warn: (msg, fields) => (fields === undefined ? p.warn(msg) : p.warn(fields, msg)),
    error: (msg, fields) => (fields === undefined ? p.error(msg) : p.error(fields, msg)),
    isLevelEnabled: (l) => p.isLevelEnabled(l),
    flush,
  };
}
