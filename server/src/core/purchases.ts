// In-app purchases and subscriptions: each store's client validates, and what it confirms is stored
// once, keyed by its store and transaction id (a subscription by its original one). A replayed receipt answers the
// stored purchase with seen_before; `persist` false validates without storing.
import type { PurchasesConfig } from '../config-purchases.ts';
import type { Db } from '../db/index.ts';
import type { PurchaseRecord, SubscriptionRecord } from '../encode.ts';
import { failedPrecondition, invalid, notFound, resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { LimitStore, RateLimit } from '../realtime/bus.ts';
import { AppleIap } from './iap-apple.ts';
import { facebookInstantPurchase } from './iap-facebook-instant.ts';
import { GooglePlay } from './iap-google.ts';
import { HuaweiIap } from './iap-huawei.ts';
import type { StorePurchase, StoreSubscription } from './iap-store.ts';
import { decodeCursor, encodeCursor, isCursorTime } from './cursor.ts';
import { checkLimit } from './validate.ts';

// Upstream Nakama's messages.
const NOT_CONFIGURED = {
  apple: 'Apple IAP is not configured.',
  google: 'Google IAP is not configured.',
  huawei: 'Huawei IAP is not configured.',
  facebookInstant: 'Facebook Instant IAP is not configured.',
};
// Apple's receipts run to tens of kilobytes; anything past this is no receipt.
const MAX_RECEIPT = 200_000;

export interface PurchasePage {
  purchases: PurchaseRecord[];
  cursor?: string;
}

export interface SubscriptionPage {
  subscriptions: SubscriptionRecord[];
  cursor?: string;
}

interface PurchaseRow {
  transaction_id: string;
  user_id: string;
  store: number;
  product_id: string;
  environment: number;
  purchase_time: Date;
  refund_time: Date | null;
  provider_response: string;
  create_time: Date;
  update_time: Date;
  t: string;
}

interface SubscriptionRow extends Omit<PurchaseRow, 'transaction_id'> {
  original_transaction_id: string;
  expire_time: Date;
}

const CURSOR_TIME = `to_char(purchase_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t`;
const PURCHASE_COLUMNS = `transaction_id, user_id, store, product_id, environment, purchase_time, refund_time,
  provider_response, create_time, update_time, ${CURSOR_TIME}`;
const SUBSCRIPTION_COLUMNS = `original_transaction_id, user_id, store, product_id, environment, purchase_time,
  expire_time, refund_time, provider_response, create_time, update_time, ${CURSOR_TIME}`;

const purchaseRecord = (r: PurchaseRow, seenBefore = false): PurchaseRecord => ({
  userId: r.user_id,
  store: Number(r.store),
  productId: r.product_id,
  transactionId: r.transaction_id,
  purchaseTime: r.purchase_time,
  environment: Number(r.environment),
  refundTime: r.refund_time,
  providerResponse: r.provider_response,
  createTime: r.create_time,
  updateTime: r.update_time,
  seenBefore,
});

const subscriptionRecord = (r: SubscriptionRow): SubscriptionRecord => ({
  userId: r.user_id,
  store: Number(r.store),
  productId: r.product_id,
  originalTransactionId: r.original_transaction_id,
  purchaseTime: r.purchase_time,
  expireTime: r.expire_time,
  environment: Number(r.environment),
  refundTime: r.refund_time,
  providerResponse: r.provider_response,
  createTime: r.create_time,
  updateTime: r.update_time,
});

/** A listing's cursor: the last row's purchase time (as CURSOR_TIME writes it), store and id. */
const isAfter = (v: unknown): v is [string, number, string] =>
  Array.isArray(v) && v.length === 3 && isCursorTime(v[0]) && Number.isInteger(v[1]) && v[1] >= 0 && v[1] <= 32767 &&
  typeof v[2] === 'string' && v[2] !== '' && v[2].length <= 4096;

function required(value: string | undefined, message: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(message);
  if (value.length > MAX_RECEIPT) throw invalid(`${message.split(' ')[0]} is too long.`);
  return value;
}

export class Purchases {
  private readonly db: Db;
  private readonly config: PurchasesConfig;
  private readonly apple: AppleIap | undefined;
  private readonly google: GooglePlay | undefined;
  private readonly huawei: HuaweiIap | undefined;
  private readonly validations: RateLimit;

  constructor(db: Db, config: PurchasesConfig, limits: LimitStore, logger: Logger) {
    this.db = db;
    this.config = config;
    this.apple = config.apple && new AppleIap(config.apple, config.timeoutMs, logger);
    this.google = config.google && new GooglePlay(config.google, config.timeoutMs, logger);
    this.huawei = config.huawei && new HuaweiIap(config.huawei, config.timeoutMs, logger);
    this.validations = limits.rate('iap.validations_per_user', config.validationsPerUserMinute, 60);
  }

  /** Before a user's own validation (REST): counts it, refused past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE. */
  async admit(userId: string): Promise<void> {
    const r = await this.validations.consume(userId);
    if (!r.allowed) {
      throw resourceExhausted(`Too many purchase validations: at most ${this.config.validationsPerUserMinute} a minute. Try again in ${r.retryAfterSec} s.`, r.retryAfterSec);
    }
  }

  private store<T>(client: T | undefined, name: keyof typeof NOT_CONFIGURED): T {
    if (!client) throw failedPrecondition(NOT_CONFIGURED[name]);
    return client;
  }

  async validateApple(userId: string, receipt: string, persist = true): Promise<PurchaseRecord[]> {
    const apple = this.store(this.apple, 'apple');
    return this.keep(userId, await apple.purchases(required(receipt, 'Receipt cannot be empty.')), persist);
  }

  async validateGoogle(userId: string, purchase: string, persist = true): Promise<PurchaseRecord[]> {
    const google = this.store(this.google, 'google');
    return this.keep(userId, [await google.purchase(required(purchase, 'Purchase cannot be empty.'))], persist);
  }

  async validateHuawei(userId: string, purchase: string, signature: string, persist = true): Promise<PurchaseRecord[]> {
    const huawei = this.store(this.huawei, 'huawei');
    const data = required(purchase, 'Purchase cannot be empty.');
    const sig = required(signature, 'Signature cannot be empty.');
    return this.keep(userId, [await huawei.purchase(data, sig)], persist);
  }

  async validateFacebookInstant(userId: string, signedRequest: string, persist = true): Promise<PurchaseRecord[]> {
    const fb = this.store(this.config.facebookInstant, 'facebookInstant');
    return this.keep(userId, [facebookInstantPurchase(fb.appSecret, required(signedRequest, 'Signed request cannot be empty.'))], persist);
  }

  async validateSubscriptionApple(userId: string, receipt: string, persist = true): Promise<SubscriptionRecord> {
    const apple = this.store(this.apple, 'apple');
    return this.keepSubscription(userId, await apple.subscription(required(receipt, 'Receipt cannot be empty.')), persist);
  }

  async validateSubscriptionGoogle(userId: string, receipt: string, persist = true): Promise<SubscriptionRecord> {
    const google = this.store(this.google, 'google');
    return this.keepSubscription(userId, await google.subscription(required(receipt, 'Receipt cannot be empty.')), persist);
  }

  /**
   * Stores each purchase unless its transaction is stored already (the primary key decides, so two
   * validations at once store it once); a stored one is answered as stored, seen_before.
   */
  private async keep(userId: string, found: StorePurchase[], persist: boolean): Promise<PurchaseRecord[]> {
    if (!persist) {
      return found.map((p) => ({ ...p, userId, createTime: null, updateTime: null, seenBefore: false }));
    }
    const out: PurchaseRecord[] = [];
    for (const p of found) {
      const inserted = await this.db.query<PurchaseRow>(
        `INSERT INTO purchases (transaction_id, user_id, store, product_id, environment, purchase_time, refund_time, provider_response)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (store, transaction_id) DO NOTHING RETURNING ${PURCHASE_COLUMNS}`,
        [p.transactionId, userId, p.store, p.productId, p.environment, p.purchaseTime, p.refundTime, p.providerResponse],
      );
      if (inserted[0]) {
        out.push(purchaseRecord(inserted[0]));
        continue;
      }
      const [stored] = await this.db.query<PurchaseRow>(
        `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE store = $1 AND transaction_id = $2`, [p.store, p.transactionId]);
      out.push(purchaseRecord(stored, true));
    }
    return out;
  }

  /**
   * Stores a subscription, or brings the stored one up to date (a renewal moves its expiry). One owned
   * by another user is answered as stored, unchanged.
   */
  private async keepSubscription(userId: string, s: StoreSubscription, persist: boolean): Promise<SubscriptionRecord> {
    if (!persist) return { ...s, userId, createTime: null, updateTime: null };
    const rows = await this.db.query<SubscriptionRow>(
      `INSERT INTO subscriptions (original_transaction_id, user_id, store, product_id, environment, purchase_time, expire_time, refund_time, provider_response)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (store, original_transaction_id) DO UPDATE SET product_id = EXCLUDED.product_id, environment = EXCLUDED.environment,
         purchase_time = EXCLUDED.purchase_time, expire_time = EXCLUDED.expire_time, refund_time = EXCLUDED.refund_time,
         provider_response = EXCLUDED.provider_response, update_time = now()
       WHERE subscriptions.user_id = EXCLUDED.user_id
       RETURNING ${SUBSCRIPTION_COLUMNS}`,
      [s.originalTransactionId, userId, s.store, s.productId, s.environment, s.purchaseTime, s.expireTime, s.refundTime, s.providerResponse],
    );
    if (rows[0]) return subscriptionRecord(rows[0]);
    const [stored] = await this.db.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE store = $1 AND original_transaction_id = $2`, [s.store, s.originalTransactionId]);
    return subscriptionRecord(stored);
  }

  /** A user's purchases (every user's when userId is null), newest first; limit 1-1000. */
  async list(userId: string | null, limit = 100, cursor?: string): Promise<PurchasePage> {
    const rows = await this.page<PurchaseRow>('purchases', 'transaction_id', PURCHASE_COLUMNS, userId, limit, cursor);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page.at(-1);
    return { purchases: page.map((r) => purchaseRecord(r)), cursor: more && last ? encodeCursor([last.t, Number(last.store), last.transaction_id]) : undefined };
  }

  async listSubscriptions(userId: string | null, limit = 100, cursor?: string): Promise<SubscriptionPage> {
    const rows = await this.page<SubscriptionRow>('subscriptions', 'original_transaction_id', SUBSCRIPTION_COLUMNS, userId, limit, cursor);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page.at(-1);
    return {
      subscriptions: page.map(subscriptionRecord),
      cursor: more && last ? encodeCursor([last.t, Number(last.store), last.original_transaction_id]) : undefined,
    };
  }

  private async page<R>(table: string, id: string, columns: string, userId: string | null, limit: number, cursor?: string): Promise<R[]> {
    checkLimit(limit, 1, 1000);
    const params: unknown[] = [];
    const where: string[] = [];
    if (userId !== null) {
      params.push(userId);
      where.push(`user_id = $${params.length}`);
    }
    if (cursor) {
      const [t, store, after] = decodeCursor(cursor, isAfter);
      params.push(t, store, after);
      const n = params.length;
      where.push(`(purchase_time, store, ${id}) < ($${n - 2}::timestamp AT TIME ZONE 'UTC', $${n - 1}::smallint, $${n})`);
    }
    params.push(limit + 1);
    return this.db.query<R>(
      `SELECT ${columns} FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY purchase_time DESC, store DESC, ${id} DESC LIMIT $${params.length}`,
      params,
    );
  }

  async byTransactionId(transactionId: string): Promise<PurchaseRecord | undefined> {
    if (typeof transactionId !== 'string' || transactionId === '') throw invalid('Transaction ID cannot be empty.');
    // Two stores' ids may coincide: the first stored is answered.
    const [row] = await this.db.query<PurchaseRow>(
      `SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE transaction_id = $1 ORDER BY create_time, store LIMIT 1`, [transactionId]);
    return row && purchaseRecord(row);
  }

  /** The user's subscription to a product: the one that expires last. */
  async subscriptionByProduct(userId: string, productId: string): Promise<SubscriptionRecord> {
    if (typeof productId !== 'string' || productId === '') throw invalid('Product ID cannot be empty.');
    const [row] = await this.db.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = $1 AND product_id = $2 ORDER BY expire_time DESC LIMIT 1`,
      [userId, productId],
    );
    if (!row) throw notFound('Subscription not found.');
    return subscriptionRecord(row);
  }
}
