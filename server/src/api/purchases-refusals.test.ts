// Purchases refused before or by a store: a store without keys, one that cannot be reached, one that
// fails, one that does not answer in time, and a user past the validation limit.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { errorOf, startTestServer, type TestServer } from '../testing/index.ts';
import { startLoopback } from '../testing/loopback.ts';

const LIMIT = 6;

let ts: TestServer;
let silent: http.Server;
let huaweiKey: crypto.KeyPairKeyObjectResult;

before(async () => {
  // An address where nothing listens: a server started and closed at once.
  const gone = await startLoopback(() => {});
  await gone.close();
  // A store that fails every request to /fail, and takes any other and never answers.
  silent = http.createServer((req, res) => {
    if (req.url === '/fail') res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  huaweiKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  ts = await startTestServer({
    env: {
      APPLE_IAP_SHARED_PASSWORD: 'apple-shared-secret',
      APPLE_IAP_PRODUCTION_URL: `${silentUrl}/fail`,
      // Huawei's token endpoint is not there.
      HUAWEI_IAP_CLIENT_ID: '100',
      HUAWEI_IAP_CLIENT_SECRET: 'secret',
      HUAWEI_IAP_PUBLIC_KEY: huaweiKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      HUAWEI_IAP_TOKEN_URL: `${gone.url}/oauth2/v3/token`,
      // Google's token endpoint never answers.
      GOOGLE_IAP_CLIENT_EMAIL: 'iap@example.iam.gserviceaccount.com',
      GOOGLE_IAP_PRIVATE_KEY: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
        .export({ type: 'pkcs8', format: 'pem' }).toString(),
      GOOGLE_IAP_TOKEN_URL: `${silentUrl}/token`,
      IAP_TIMEOUT_MS: '300',
      LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE: String(LIMIT),
    },
  });
});
after(async () => {
  await ts.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

async function rejects(p: Promise<unknown>, status: number, message?: string | RegExp) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
  return e;
}

describe('purchases refused', () => {
  it('a store without keys answers 400 "<store> IAP is not configured."', async () => {
    const s = await ts.newSession();
    const e = await rejects(ts.client().validatePurchaseFacebookInstant(s, 'a.b'), 400, 'Facebook Instant IAP is not configured.');
    assert.equal(e.body.code, 9, 'FailedPrecondition');
  });

  it('a store that cannot be reached answers 503, and the server stays up', async () => {
    const s = await ts.newSession();
    const data = JSON.stringify({ orderId: 'o', productId: 'p', purchaseToken: 't' });
    const signature = crypto.sign('sha256', Buffer.from(data), huaweiKey.privateKey).toString('base64');
    const e = await rejects(ts.client().validatePurchaseHuawei(s, data, signature), 503, /could not be reached/);
    assert.equal(e.body.code, 14, 'Unavailable');
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
  });

  it('a store that fails answers 503', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validatePurchaseApple(s, 'cmVjZWlwdA=='), 503, /failed to validate/);
    await rejects(ts.client().validateSubscriptionApple(s, 'cmVjZWlwdA=='), 503);
  });

  it('a store that does not answer in time answers 503', async () => {
    const s = await ts.newSession();
    const started = Date.now();
    const purchase = JSON.stringify({ productId: 'p', packageName: 'com.x', purchaseToken: 't' });
    await rejects(ts.client().validatePurchaseGoogle(s, purchase), 503, /could not be reached/);
    assert.ok(Date.now() - started < 5000);
  });

  it('a user past the validation limit answers 429 with Retry-After', async () => {
    const s = await ts.newSession();
    for (let i = 0; i < LIMIT; i++) await rejects(ts.client().validatePurchaseFacebookInstant(s, 'a.b'), 400);
    const res = await fetch(`${ts.url}/v2/iap/purchase/facebookinstant`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ signed_request: 'a.b' }),
    });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(((await res.json()) as { message: string }).message, /Too many purchase validations/);
    // Another user is not held back; listing is not a validation.
    const other = await ts.newSession();
    await rejects(ts.client().validatePurchaseFacebookInstant(other, 'a.b'), 400);
    assert.equal((await fetch(`${ts.url}/v2/iap/purchase`, { headers: { Authorization: `Bearer ${s.token}` } })).status, 200);
  });
});
