// Apple's verifyReceipt: a receipt goes to production with the app's shared secret; one of the sandbox
// (status 21007) goes again to the sandbox. The answer lists the receipt's purchases (receipt.in_app)
// and, for auto-renewable subscriptions, their latest renewals (latest_receipt_info).
import type { AppleIapConfig } from '../config-purchases.ts';
import { invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import {
  callStore, field, isObject, msTime, Store, StoreEnvironment, unavailable,
  type StorePurchase, type StoreSubscription,
} from './iap-store.ts';

const SANDBOX_RECEIPT = 21007;
const NAME = 'The App Store';

interface AppleItem {
  product_id?: unknown;
  transaction_id?: unknown;
  original_transaction_id?: unknown;
  purchase_date_ms?: unknown;
  expires_date_ms?: unknown;
  cancellation_date_ms?: unknown;
}

interface AppleAnswer {
  environment: StoreEnvironment;
  items: AppleItem[];
  latest: AppleItem[];
  raw: string;
}

export class AppleIap {
  private readonly config: AppleIapConfig;
  private readonly timeoutMs: number;
  private readonly logger: Logger;

  constructor(config: AppleIapConfig, timeoutMs: number, logger: Logger) {
    this.config = config;
    this.timeoutMs = timeoutMs;
    this.logger = logger;
  }

  private async post(url: string, receipt: string) {
    const body = JSON.stringify({ 'receipt-data': receipt, password: this.config.sharedPassword, 'exclude-old-transactions': true });
    const answer = await callStore(NAME, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, this.timeoutMs, this.logger);
    if (answer.status !== 200 || !isObject(answer.json) || typeof answer.json.status !== 'number') {
      this.logger.error('app store answered unexpectedly', { status: answer.status });
      throw unavailable(`${NAME} failed to validate the receipt. Try again later.`);
    }
    return { json: answer.json, raw: answer.text };
  }

  private async verify(receipt: string): Promise<AppleAnswer> {
    let { json, raw } = await this.post(this.config.productionUrl, receipt);
    if (json.status === SANDBOX_RECEIPT) ({ json, raw } = await this.post(this.config.sandboxUrl, receipt));
    const status = json.status as number;
    if (status !== 0) {
      // 21005 and 21100-21199: Apple's own trouble; the rest: the receipt (or our shared secret) is refused.
      if (status === 21005 || (status >= 21100 && status <= 21199)) throw unavailable(`${NAME} failed to validate the receipt (status ${status}). Try again later.`);
      if (status === 21004) this.logger.error('app store refused the shared secret', { status });
      throw invalid(`Invalid Apple receipt (status ${status}).`);
    }
    const r = isObject(json.receipt) ? json.receipt : {};
    const list = (v: unknown): AppleItem[] => (Array.isArray(v) ? v.filter(isObject) : []);
    return {
      environment: json.environment === 'Sandbox' ? StoreEnvironment.Sandbox : StoreEnvironment.Production,
      items: list(r.in_app),
      latest: list(json.latest_receipt_info),
      raw,
    };
  }

  /** The receipt's one-time purchases (items without an expiry: those are subscriptions). */
  async purchases(receipt: string): Promise<StorePurchase[]> {
    const a = await this.verify(receipt);
    const out: StorePurchase[] = [];
    for (const item of a.items) {
      if (item.expires_date_ms !== undefined) continue;
      const productId = field(item as Record<string, unknown>, 'product_id');
      const transactionId = field(item as Record<string, unknown>, 'transaction_id', 128);
      const purchaseTime = msTime(item.purchase_date_ms);
      if (!productId || !transactionId || !purchaseTime) throw invalid('Invalid Apple receipt: a purchase lacks its product, transaction or time.');
      out.push({
        store: Store.Apple,
        productId,
        transactionId,
        purchaseTime,
        environment: a.environment,
        refundTime: msTime(item.cancellation_date_ms),
        providerResponse: a.raw,
      });
    }
    return out;
  }

  /** The receipt's subscription: its latest renewal (the one that expires last). */
  async subscription(receipt: string): Promise<StoreSubscription> {
    const a = await this.verify(receipt);
    let best: { item: AppleItem; expires: Date } | undefined;
    for (const item of [...a.latest, ...a.items]) {
      const expires = msTime(item.expires_date_ms);
      if (expires && (!best || expires > best.expires)) best = { item, expires };
    }
    if (!best) throw invalid('Invalid Apple receipt: it holds no subscription.');
    const item = best.item as Record<string, unknown>;
    const productId = field(item, 'product_id');
    const originalTransactionId = field(item, 'original_transaction_id', 128) ?? field(item, 'transaction_id', 128);
    const purchaseTime = msTime(item.purchase_date_ms);
    if (!productId || !originalTransactionId || !purchaseTime) throw invalid('Invalid Apple receipt: the subscription lacks its product, transaction or time.');
    return {
      store: Store.Apple,
      productId,
      originalTransactionId,
      purchaseTime,
      expireTime: best.expires,
      environment: a.environment,
      refundTime: msTime(item.cancellation_date_ms),
      providerResponse: a.raw,
    };
  }
}
