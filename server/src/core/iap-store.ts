// What every store client shares: the stores' and environments' numbers (api.proto's StoreProvider and
// StoreEnvironment), what a validation yields, and one way to call a store over HTTP.
import { AppError, Code } from '../errors.ts';
import type { Logger } from '../log.ts';

export const Store = { Apple: 0, Google: 1, Huawei: 2, FacebookInstant: 3 } as const;
export type Store = (typeof Store)[keyof typeof Store];

export const StoreEnvironment = { Unknown: 0, Sandbox: 1, Production: 2 } as const;
export type StoreEnvironment = (typeof StoreEnvironment)[keyof typeof StoreEnvironment];

/** A purchase as its store confirmed it. */
export interface StorePurchase {
  store: Store;
  productId: string;
  transactionId: string;
  purchaseTime: Date;
  environment: StoreEnvironment;
  refundTime: Date | null;
  /** The store's answer, as JSON text. */
  providerResponse: string;
}

/** A subscription as its store confirmed it: renewals share the original transaction id. */
export interface StoreSubscription {
  store: Store;
  productId: string;
  originalTransactionId: string;
  purchaseTime: Date;
  expireTime: Date;
  environment: StoreEnvironment;
  refundTime: Date | null;
  providerResponse: string;
}

export const unavailable = (message: string) => new AppError(Code.Unavailable, message);

export interface StoreAnswer {
  status: number;
  text: string;
  /** The body as JSON, undefined when it is not JSON. */
  json: unknown;
}

/**
 * One request to a store, cut after timeoutMs. A store that cannot be reached (refused, reset, timed
 * out) is Unavailable with `what` named; any HTTP answer is returned for the caller to judge.
 */
export async function callStore(what: string, url: string, init: RequestInit, timeoutMs: number, logger: Logger): Promise<StoreAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    logger.error('store could not be reached', { store: what, url: new URL(url).origin, err: (err as Error).message });
    throw unavailable(`${what} could not be reached. Try again later.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** A time in milliseconds since the epoch, as stores send it (a number or a numeric string); null when absent or bad. */
export function msTime(v: unknown): Date | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n > 0 ? new Date(n) : null;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-empty string field of at most max characters, or undefined. */
export function field(o: Record<string, unknown>, k: string, max = 512): string | undefined {
  const v = o[k];
  return typeof v === 'string' && v !== '' && v.length <= max ? v : undefined;
}

/** A token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * A store's OAuth access token, shared by concurrent calls: asked for once by `body` at `url` (a form:
 * client credentials or a signed assertion), kept until shortly before it expires, and forgotten after a
 * failure or when the store refuses it (forget()).
 */
export class AccessToken {
  private entry: { value: Promise<string>; until: number } | undefined;
  private readonly what: string;
  private readonly url: string;
  private readonly body: () => Promise<URLSearchParams>;
  private readonly timeoutMs: number;
  private readonly logger: Logger;

  constructor(what: string, url: string, body: () => Promise<URLSearchParams>, timeoutMs: number, logger: Logger) {
    this.what = what;
    this.url = url;
    this.body = body;
    this.timeoutMs = timeoutMs;
    this.logger = logger;
  }

  get(): Promise<string> {
    if (!this.entry || Date.now() >= this.entry.until) {
      const entry = { value: Promise.resolve(''), until: Number.POSITIVE_INFINITY };
      entry.value = this.fetch(entry);
      this.entry = entry;
      entry.value.catch(() => {
        if (this.entry === entry) this.entry = undefined;
      });
    }
    return this.entry.value;
  }

  forget(): void {
    this.entry = undefined;
  }

  private async fetch(entry: { until: number }): Promise<string> {
    const a = await callStore(this.what, this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: await this.body(),
    }, this.timeoutMs, this.logger);
    const j = isObject(a.json) ? a.json : {};
    if (a.status !== 200 || typeof j.access_token !== 'string') {
      this.logger.error('store token refused', { store: this.what, status: a.status, error: typeof j.error === 'string' ? j.error.slice(0, 64) : undefined });
      throw unavailable(a.status >= 500 ? `${this.what} failed to issue a token. Try again later.` : `${this.what} refused the server's credentials.`);
    }
    const expiresIn = typeof j.expires_in === 'number' ? j.expires_in * 1000 : 3600_000;
    entry.until = Date.now() + Math.max(0, expiresIn - TOKEN_MARGIN_MS);
    return j.access_token;
  }
}
