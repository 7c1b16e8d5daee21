// A loopback stand-in for Google's OAuth token endpoint and the Play Developer API's purchases: the
// service account's JWT assertion is checked with its public key (RS256, issuer, audience, scope)
// before an access token is issued, and only those tokens may read the purchases registered here.
import crypto from 'node:crypto';
import { jwtVerify } from 'jose';
import { sendJson, startLoopback } from './loopback.ts';

export interface TestGooglePlay {
  /** For GOOGLE_IAP_TOKEN_URL. */
  tokenUrl: string;
  /** For GOOGLE_IAP_API_URL. */
  apiUrl: string;
  /** The service account: GOOGLE_IAP_CLIENT_EMAIL and GOOGLE_IAP_PRIVATE_KEY. */
  clientEmail: string;
  privateKey: string;
  /** What purchases.products.get answers for this package, product and token. */
  addProduct(packageName: string, productId: string, token: string, body: Record<string, unknown>): void;
  /** What purchases.subscriptions.get answers. */
  addSubscription(packageName: string, productId: string, token: string, body: Record<string, unknown>): void;
  /** Access tokens issued. */
  tokensIssued(): number;
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const PATH = /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/(products|subscriptions)\/([^/]+)\/tokens\/([^/?]+)$/;

export async function startGooglePlay(clientEmail = 'iap@tribuna-test.iam.gserviceaccount.com'): Promise<TestGooglePlay> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const purchases = new Map<string, Record<string, unknown>>();
  let tokenUrl = '';
  const server = await startLoopback(async (req, text, res) => {
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: clientEmail, audience: tokenUrl, algorithms: ['RS256'] });
        if (payload.scope !== SCOPE) return sendJson(res, 400, { error: 'invalid_scope' });
      } catch {
        return sendJson(res, 400, { error: 'invalid_grant' });
      }
      const token = crypto.randomBytes(24).toString('base64url');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const m = req.method === 'GET' ? PATH.exec(req.url ?? '') : null;
    if (!m) return sendJson(res, 404, { error: { code: 404, message: 'Not Found' } });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return sendJson(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
    }
    const [, pkg, kind, product, token] = m.map(decodeURIComponent);
    const body = purchases.get(`${kind}/${pkg}/${product}/${token}`);
    if (!body) return sendJson(res, 400, { error: { code: 400, message: 'Invalid Value' } });
    sendJson(res, 200, body);
  });
  tokenUrl = `${server.url}/token`;
  return {
    tokenUrl,
    apiUrl: server.url,
    clientEmail,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    addProduct(pkg, productId, token, body) {
      purchases.set(`products/${pkg}/${productId}/${token}`, { kind: 'androidpublisher#productPurchase', ...body });
    },
    addSubscription(pkg, productId, token, body) {
      purchases.set(`subscriptions/${pkg}/${productId}/${token}`, { kind: 'androidpublisher#subscriptionPurchase', ...body });
    },
    tokensIssued: () => tokens.size,
    close: () => server.close(),
  };
}
