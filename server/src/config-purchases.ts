// The in-app purchase settings of the configuration (README: Purchases and subscriptions): each store's
// keys, and its endpoints (the real store's by default; tests point them at loopback stand-ins).
import crypto from 'node:crypto';
import { ConfigError, int, optional, url, type Env } from './config-read.ts';

export interface AppleIapConfig {
  /** The app's shared secret (App Store Connect), sent with each receipt. */
  sharedPassword: string;
  productionUrl: string;
  /** Where a receipt of the sandbox goes when production answers 21007. */
  sandboxUrl: string;
}

export interface GoogleIapConfig {
  /** The service account's e-mail address (client_email of its JSON key). */
  clientEmail: string;
  /** The service account's private key, PEM. */
  privateKey: string;
  /** OAuth token endpoint the service account's signed assertion is exchanged at. */
  tokenUrl: string;
  /** Base of the Google Play Developer API. */
  apiUrl: string;
}

export interface HuaweiIapConfig {
  clientId: string;
  clientSecret: string;
  /** The app's IAP public key (base64 DER, as AppGallery Connect shows it), checking purchase data signatures. */
  publicKey: string;
  tokenUrl: string;
  /** The order service's verifyToken endpoint. */
  verifyUrl: string;
}

export interface PurchasesConfig {
  /** Each store is undefined until its keys are set. */
  apple: AppleIapConfig | undefined;
  google: GoogleIapConfig | undefined;
  huawei: HuaweiIapConfig | undefined;
  /** The Facebook app's secret, checking signed requests of Instant Games payments. */
  facebookInstant: { appSecret: string } | undefined;
  /** How long one call to a store may take. */
  timeoutMs: number;
  /** Validations (purchases and subscriptions) one user may ask for in a minute. */
  validationsPerUserMinute: number;
}

const HTTP = ['https:', 'http:'];

/** Both or neither of two variables. */
function pair(env: Env, a: string, b: string): [string, string] | undefined {
  const va = optional(env, a);
  const vb = optional(env, b);
  if (va && !vb) throw new ConfigError(b, `must be set when ${a} is set`);
  if (vb && !va) throw new ConfigError(a, `must be set when ${b} is set`);
  return va && vb ? [va, vb] : undefined;
}

function googleKey(raw: string): string {
  // A PEM from a JSON key file often arrives with its newlines escaped.
  const pem = raw.includes('\\n') ? raw.replace(/\\n/g, '\n') : raw;
  try {
    const key = crypto.createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  } catch (err) {
    throw new ConfigError('GOOGLE_IAP_PRIVATE_KEY', `must be the service account's RSA private key in PEM (${(err as Error).message})`);
  }
  return pem;
}

function huaweiKey(raw: string): string {
  try {
    const key = crypto.createPublicKey({ key: Buffer.from(raw, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not an RSA key');
  } catch (err) {
    throw new ConfigError('HUAWEI_IAP_PUBLIC_KEY', `must be the app's RSA public key, base64 DER (${(err as Error).message})`);
  }
  return raw;
}

export function purchaseSettings(env: Env): PurchasesConfig {
  const applePassword = optional(env, 'APPLE_IAP_SHARED_PASSWORD');
  const appleProduction = url(env, 'APPLE_IAP_PRODUCTION_URL', HTTP) ?? 'https://buy.itunes.apple.com/verifyReceipt';
  const appleSandbox = url(env, 'APPLE_IAP_SANDBOX_URL', HTTP) ?? 'https://sandbox.itunes.apple.com/verifyReceipt';

  const google = pair(env, 'GOOGLE_IAP_CLIENT_EMAIL', 'GOOGLE_IAP_PRIVATE_KEY');
  if (google && !/^[^\s@]+@[^\s@]+$/.test(google[0])) throw new ConfigError('GOOGLE_IAP_CLIENT_EMAIL', 'must be the service account\'s e-mail address');
  const googleToken = url(env, 'GOOGLE_IAP_TOKEN_URL', HTTP) ?? 'https://oauth2.googleapis.com/token';
  const googleApi = (url(env, 'GOOGLE_IAP_API_URL', HTTP) ?? 'https://androidpublisher.googleapis.com').replace(/\/$/, '');

  const huawei = pair(env, 'HUAWEI_IAP_CLIENT_ID', 'HUAWEI_IAP_CLIENT_SECRET');
  const huaweiPublic = optional(env, 'HUAWEI_IAP_PUBLIC_KEY');
  if (huawei && !huaweiPublic) throw new ConfigError('HUAWEI_IAP_PUBLIC_KEY', 'must be set when HUAWEI_IAP_CLIENT_ID is set');
  if (huaweiPublic && !huawei) throw new ConfigError('HUAWEI_IAP_CLIENT_ID', 'must be set when HUAWEI_IAP_PUBLIC_KEY is set');
  const huaweiToken = url(env, 'HUAWEI_IAP_TOKEN_URL', HTTP) ?? 'https://oauth-login.cloud.huawei.com/oauth2/v3/token';
  const huaweiVerify = url(env, 'HUAWEI_IAP_VERIFY_URL', HTTP) ?? 'https://orders-drcn.iap.hicloud.com/applications/purchases/tokens/verify';

  const facebookSecret = optional(env, 'FACEBOOK_INSTANT_APP_SECRET');

  return {
    apple: applePassword ? { sharedPassword: applePassword, productionUrl: appleProduction, sandboxUrl: appleSandbox } : undefined,
    google: google
      ? { clientEmail: google[0], privateKey: googleKey(google[1]), tokenUrl: googleToken, apiUrl: googleApi }
      : undefined,
    huawei: huawei && huaweiPublic
      ? { clientId: huawei[0], clientSecret: huawei[1], publicKey: huaweiKey(huaweiPublic), tokenUrl: huaweiToken, verifyUrl: huaweiVerify }
      : undefined,
    facebookInstant: facebookSecret ? { appSecret: facebookSecret } : undefined,
    timeoutMs: int(env, 'IAP_TIMEOUT_MS', 10_000, 100, 120_000),
    validationsPerUserMinute: int(env, 'LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE', 30, 1, 1_000_000),
  };
}
