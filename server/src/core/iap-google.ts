// The Google Play Developer API. The service account signs a JWT (RS256) that the OAuth token endpoint
// exchanges for an access token (kept until shortly before it expires); with it, purchases.products.get
// and purchases.subscriptions.get confirm a purchase token.
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { GoogleIapConfig } from '../config-purchases.ts';
import { invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import {
  AccessToken, callStore, field, isObject, msTime, Store, StoreEnvironment, unavailable,
  type StorePurchase, type StoreSubscription,
} from './iap-store.ts';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const NAME = 'Google Play';
const BAD_PURCHASE = 'Google purchase must be JSON holding productId, packageName and purchaseToken.';

/** What a client sends: Play's purchase JSON, or Unity's receipt wrapping it ({"Payload": "{\"json\": ...}"}). */
interface GoogleReceipt {
  productId: string;
  packageName: string;
  purchaseToken: string;
}

function parseGoogleReceipt(text: string): GoogleReceipt {
  let v: unknown = text;
  // At most three layers, each JSON text: Unity's receipt, its Payload, the purchase's json.
  for (let depth = 0; depth < 6; depth++) {
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        throw invalid(BAD_PURCHASE);
      }
      continue;
    }
    if (!isObject(v)) break;
    const productId = field(v, 'productId');
    const packageName = field(v, 'packageName', 256);
    const purchaseToken = field(v, 'purchaseToken', 4096);
    if (productId && packageName && purchaseToken) return { productId, packageName, purchaseToken };
    v = v.json ?? v.Payload;
  }
  throw invalid(BAD_PURCHASE);
}

export class GooglePlay {
  private readonly config: GoogleIapConfig;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly key: crypto.KeyObject;
  private readonly token: AccessToken;

  constructor(config: GoogleIapConfig, timeoutMs: number, logger: Logger) {
    this.config = config;
    this.timeoutMs = timeoutMs;
    this.logger = logger;
    this.key = crypto.createPrivateKey(config.privateKey);
    this.token = new AccessToken(NAME, config.tokenUrl, () => this.assertion(), timeoutMs, logger);
  }

  /** The signed assertion the token endpoint exchanges for an access token. */
  private async assertion(): Promise<URLSearchParams> {
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.config.clientEmail)
      .setAudience(this.config.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(this.key);
    return new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
  }

  private async get(kind: 'products' | 'subscriptions', r: GoogleReceipt): Promise<{ json: Record<string, unknown>; raw: string }> {
    const path = `/androidpublisher/v3/applications/${encodeURIComponent(r.packageName)}/purchases/${kind}/` +
      `${encodeURIComponent(r.productId)}/tokens/${encodeURIComponent(r.purchaseToken)}`;
    const token = await this.token.get();
    const a = await callStore(NAME, this.config.apiUrl + path, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }, this.timeoutMs, this.logger);
    if (a.status === 401) this.token.forget();
    if (a.status === 200 && isObject(a.json)) return { json: a.json, raw: a.text };
    if (a.status === 400 || a.status === 404 || a.status === 410) throw invalid(`Invalid Google purchase: ${NAME} does not know this purchase token for ${r.productId}.`);
    this.logger.error('google play answered unexpectedly', { status: a.status });
    throw unavailable(`${NAME} failed to validate the purchase. Try again later.`);
  }

  async purchase(text: string): Promise<StorePurchase> {
    const r = parseGoogleReceipt(text);
    const { json, raw } = await this.get('products', r);
    if (json.productId !== undefined && json.productId !== r.productId) throw invalid('Invalid Google purchase: the product does not match the purchase.');
    if (json.purchaseState !== undefined && json.purchaseState !== 0) {
      throw invalid(`Invalid Google purchase: it is ${json.purchaseState === 2 ? 'pending' : 'cancelled'}.`);
    }
    const purchaseTime = msTime(json.purchaseTimeMillis);
    if (!purchaseTime) throw unavailable(`${NAME} sent a purchase without its time.`);
    return {
      store: Store.Google,
      productId: r.productId,
      transactionId: r.purchaseToken,
      purchaseTime,
      // purchaseType 0 is a test purchase (a licence tester's); absent for a real one.
      environment: json.purchaseType === 0 ? StoreEnvironment.Sandbox : StoreEnvironment.Production,
      refundTime: null,
      providerResponse: raw,
    };
  }

  async subscription(text: string): Promise<StoreSubscription> {
    const r = parseGoogleReceipt(text);
    const { json, raw } = await this.get('subscriptions', r);
    const purchaseTime = msTime(json.startTimeMillis);
    const expireTime = msTime(json.expiryTimeMillis);
    if (!purchaseTime || !expireTime) throw unavailable(`${NAME} sent a subscription without its times.`);
    return {
      store: Store.Google,
      productId: r.productId,
      originalTransactionId: r.purchaseToken,
      purchaseTime,
      expireTime,
      environment: json.purchaseType === 0 ? StoreEnvironment.Sandbox : StoreEnvironment.Production,
      refundTime: null,
      providerResponse: raw,
    };
  }
}
