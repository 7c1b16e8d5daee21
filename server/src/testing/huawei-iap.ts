// A loopback stand-in for Huawei IAP: the OAuth client-credentials token endpoint, and the order
// service's verifyToken (Basic "APPAT:<token>") answering purchases registered here. It holds the app's
// signing key: sign() makes the signature the app would receive with its purchase data.
import crypto from 'node:crypto';
import { sendJson, startLoopback } from './loopback.ts';

export interface TestHuaweiIap {
  /** For HUAWEI_IAP_TOKEN_URL and HUAWEI_IAP_VERIFY_URL. */
  tokenUrl: string;
  verifyUrl: string;
  clientId: string;
  clientSecret: string;
  /** For HUAWEI_IAP_PUBLIC_KEY: base64 DER. */
  publicKey: string;
  /** The base64 SHA256withRSA signature of data with the app's key. */
  sign(data: string): string;
  /**
   * Registers a purchase (InAppPurchaseData) that verifyToken confirms by its purchaseToken, its answer
   * signed by SHA256WithRSA unless `algorithm` says SHA256WithRSA/PSS; `forged`: the answer's data is
   * changed after signing (what a tampered answer would be).
   */
  addPurchase(data: Record<string, unknown>, answer?: { algorithm?: 'SHA256WithRSA' | 'SHA256WithRSA/PSS'; forged?: boolean }): void;
  close(): Promise<void>;
}

export async function startHuaweiIap(clientId = '100200300', clientSecret = 'huawei-test-secret'): Promise<TestHuaweiIap> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sign = (data: string) => crypto.sign('sha256', Buffer.from(data), privateKey).toString('base64');
  const tokens = new Set<string>();
  const signPss = (data: string) =>
    crypto.sign('sha256', Buffer.from(data), { key: privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }).toString('base64');
  const purchases = new Map<string, { data: Record<string, unknown>; algorithm: string; forged: boolean }>();
  const server = await startLoopback((req, text, res) => {
    if (req.method === 'POST' && req.url === '/oauth2/v3/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 1102, sub_error: 20003, error_description: 'invalid grant_type' });
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return sendJson(res, 401, { error: 1101, sub_error: 20001, error_description: 'invalid client' });
      }
      const token = crypto.randomBytes(24).toString('base64');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.method === 'POST' && req.url === '/applications/purchases/tokens/verify') {
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (!auth.startsWith('APPAT:') || !tokens.has(auth.slice(6))) return sendJson(res, 401, { responseCode: '6', responseMessage: 'invalid access token' });
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return sendJson(res, 200, { responseCode: '1', responseMessage: 'invalid request' });
      }
      const purchase = typeof body.purchaseToken === 'string' ? purchases.get(body.purchaseToken) : undefined;
      if (!purchase) return sendJson(res, 200, { responseCode: '5', responseMessage: 'purchaseToken not found' });
      const data = JSON.stringify(purchase.data);
      const dataSignature = purchase.algorithm === 'SHA256WithRSA/PSS' ? signPss(data) : sign(data);
      const sent = purchase.forged ? JSON.stringify({ ...purchase.data, purchaseState: 0, forged: true }) : data;
      return sendJson(res, 200, { responseCode: '0', purchaseTokenData: sent, dataSignature, signatureAlgorithm: purchase.algorithm });
    }
    sendJson(res, 404, {});
  });
  return {
    tokenUrl: `${server.url}/oauth2/v3/token`,
    verifyUrl: `${server.url}/applications/purchases/tokens/verify`,
    clientId,
    clientSecret,
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    sign,
    addPurchase(data, answer = {}) {
      purchases.set(String(data.purchaseToken), { data, algorithm: answer.algorithm ?? 'SHA256WithRSA', forged: answer.forged ?? false });
    },
    close: () => server.close(),
  };
}
