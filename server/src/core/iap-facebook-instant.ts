// Facebook Instant Games payments: the signed request is "<signature>.<payload>", both base64url; the
// signature is HMAC-SHA256 of the encoded payload with the app secret, checked here with no call out.
import crypto from 'node:crypto';
import { invalid } from '../errors.ts';
import { field, isObject, Store, StoreEnvironment, type StorePurchase } from './iap-store.ts';

const MALFORMED = 'Invalid Facebook Instant signed request: it must be "<signature>.<payload>" in base64url.';
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export function facebookInstantPurchase(appSecret: string, signedRequest: string): StorePurchase {
  const parts = signedRequest.split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]) || !B64URL.test(parts[1])) throw invalid(MALFORMED);
  const [sigPart, payloadPart] = parts;
  const sig = Buffer.from(sigPart, 'base64url');
  const expected = crypto.createHmac('sha256', appSecret).update(payloadPart).digest();
  if (sig.length !== expected.length || !crypto.timingSafeEqual(sig, expected)) {
    throw invalid('Invalid Facebook Instant signed request: the signature does not match.');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw invalid(MALFORMED);
  }
  if (!isObject(payload)) throw invalid(MALFORMED);
  if (typeof payload.algorithm === 'string' && payload.algorithm.toUpperCase() !== 'HMAC-SHA256') {
    throw invalid('Invalid Facebook Instant signed request: the algorithm must be HMAC-SHA256.');
  }
  const productId = field(payload, 'product_id');
  const paymentId = field(payload, 'payment_id', 256) ?? (typeof payload.payment_id === 'number' ? String(payload.payment_id) : undefined);
  const seconds = Number(payload.purchase_time);
  if (!productId || !paymentId || !Number.isFinite(seconds) || seconds <= 0) {
    throw invalid('Invalid Facebook Instant signed request: payment_id, product_id and purchase_time are required.');
  }
  return {
    store: Store.FacebookInstant,
    productId,
    transactionId: paymentId,
    purchaseTime: new Date(seconds * 1000),
    environment: StoreEnvironment.Unknown,
    refundTime: null,
    providerResponse: JSON.stringify(payload),
  };
}
