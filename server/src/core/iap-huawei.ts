// Huawei IAP. The purchase data the app received is first checked offline against its signature with
// the app's public key (SHA256withRSA); then the order service's verifyToken confirms the purchase
// token, called with an app-level access token (OAuth client credentials, kept until it expires), and its
// answer is checked against its own signature with the same key before it is believed.
import crypto from 'node:crypto';
import type { HuaweiIapConfig } from '../config-purchases.ts';
import { invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import { AccessToken, callStore, field, isObject, msTime, Store, StoreEnvironment, unavailable, type StorePurchase } from './iap-store.ts';

const NAME = 'Huawei IAP';

export class HuaweiIap {
  private readonly config: HuaweiIapConfig;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly publicKey: crypto.KeyObject;
  private readonly token: AccessToken;

  constructor(config: HuaweiIapConfig, timeoutMs: number, logger: Logger) {
    this.config = config;
    this.timeoutMs = timeoutMs;
    this.logger = logger;
    this.publicKey = crypto.createPublicKey({ key: Buffer.from(config.publicKey, 'base64'), format: 'der', type: 'spki' });
    const credentials = new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret });
    this.token = new AccessToken(NAME, config.tokenUrl, () => Promise.resolve(credentials), timeoutMs, logger);
  }

  /**
   * Whether signature (base64) is the app key's signature of data, by Huawei's signatureAlgorithm:
   * SHA256WithRSA (PKCS #1 v1.5, the default) or SHA256WithRSA/PSS (MGF1 with SHA-256, 32-byte salt).
   */
  private signed(data: string, signature: unknown, algorithm: unknown = 'SHA256WithRSA'): boolean {
    if (typeof signature !== 'string' || signature.length > 4096) return false;
    const sig = Buffer.from(signature, 'base64');
    if (sig.length === 0) return false;
    if (algorithm === 'SHA256WithRSA/PSS') {
      return crypto.verify('sha256', Buffer.from(data), { key: this.publicKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, sig);
    }
    if (algorithm !== 'SHA256WithRSA') return false;
    return crypto.verify('sha256', Buffer.from(data), this.publicKey, sig);
  }

  /** purchaseData: the app's InAppPurchaseData JSON; signature: its base64 signature. */
  async purchase(purchaseData: string, signature: string): Promise<StorePurchase> {
    if (!this.signed(purchaseData, signature)) throw invalid('Invalid Huawei purchase: the signature does not match the purchase data.');
    let data: unknown;
    try {
      data = JSON.parse(purchaseData);
    } catch {
      data = undefined;
    }
    if (!isObject(data)) throw invalid('Invalid Huawei purchase: the purchase data is not a JSON object.');
    const productId = field(data, 'productId');
    const purchaseToken = field(data, 'purchaseToken', 4096);
    const orderId = field(data, 'orderId', 256);
    if (!productId || !purchaseToken || !orderId) throw invalid('Invalid Huawei purchase: productId, purchaseToken and orderId are required.');

    const token = await this.token.get();
    const a = await callStore(NAME, this.config.verifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`APPAT:${token}`).toString('base64')}`,
      },
      body: JSON.stringify({ purchaseToken, productId }),
    }, this.timeoutMs, this.logger);
    if (a.status === 401) this.token.forget();
    if (a.status !== 200 || !isObject(a.json)) {
      this.logger.error('huawei answered unexpectedly', { status: a.status });
      throw unavailable(`${NAME} failed to validate the purchase. Try again later.`);
    }
    const code = a.json.responseCode;
    if (code !== '0') throw invalid(`Invalid Huawei purchase (response code ${typeof code === 'string' ? code.slice(0, 16) : '?'}).`);
    const tokenData = a.json.purchaseTokenData;
    if (typeof tokenData !== 'string') throw unavailable(`${NAME} sent no purchase data.`);
    // The order service signs what it confirms with the app's IAP key, as the app's own purchase data is.
    if (!this.signed(tokenData, a.json.dataSignature, a.json.signatureAlgorithm)) {
      this.logger.error('huawei answer signature does not match', { algorithm: String(a.json.signatureAlgorithm ?? '').slice(0, 32) });
      throw unavailable(`${NAME} sent an answer whose signature does not match. Try again later.`);
    }
    let confirmed: unknown;
    try {
      confirmed = JSON.parse(tokenData);
    } catch {
      confirmed = undefined;
    }
    if (!isObject(confirmed)) throw unavailable(`${NAME} sent no purchase data.`);
    if (confirmed.productId !== productId) throw invalid('Invalid Huawei purchase: the product does not match the purchase.');
    if (confirmed.purchaseState !== undefined && confirmed.purchaseState !== 0) throw invalid('Invalid Huawei purchase: it is not paid.');
    const purchaseTime = msTime(confirmed.purchaseTime) ?? msTime(data.purchaseTime);
    if (!purchaseTime) throw unavailable(`${NAME} sent a purchase without its time.`);
    return {
      store: Store.Huawei,
      productId,
      transactionId: orderId,
      purchaseTime,
      // purchaseType 0 marks a sandbox purchase; a real one has none.
      environment: confirmed.purchaseType === 0 ? StoreEnvironment.Sandbox : StoreEnvironment.Production,
      refundTime: null,
      providerResponse: a.text,
    };
  }
}
