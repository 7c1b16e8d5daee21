// In-app purchases through the official client, against loopback stand-ins of Apple, Google Play and
// Huawei speaking their protocols, and Facebook Instant signed requests made here with the app secret.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  errorOf, startAppleIap, startGooglePlay, startHuaweiIap, startTestServer,
  type TestAppleIap, type TestGooglePlay, type TestHuaweiIap, type TestServer, type TestSession,
} from '../testing/index.ts';

const APPLE_PASSWORD = 'apple-shared-secret';
const FB_SECRET = 'facebook-app-secret';
const PKG = 'com.tribuna.app';
const STORE = { apple: undefined, google: 1, huawei: 2, facebook: 3 };

let ts: TestServer;
let apple: TestAppleIap;
let google: TestGooglePlay;
let huawei: TestHuaweiIap;

before(async () => {
  [apple, google, huawei] = await Promise.all([startAppleIap(APPLE_PASSWORD), startGooglePlay(), startHuaweiIap()]);
  ts = await startTestServer({
    env: {
      APPLE_IAP_SHARED_PASSWORD: APPLE_PASSWORD,
      APPLE_IAP_PRODUCTION_URL: apple.productionUrl,
      APPLE_IAP_SANDBOX_URL: apple.sandboxUrl,
      GOOGLE_IAP_CLIENT_EMAIL: google.clientEmail,
      // As a JSON key file's private_key often arrives: newlines escaped.
      GOOGLE_IAP_PRIVATE_KEY: google.privateKey.replace(/\n/g, '\\n'),
      GOOGLE_IAP_TOKEN_URL: google.tokenUrl,
      GOOGLE_IAP_API_URL: google.apiUrl,
      HUAWEI_IAP_CLIENT_ID: huawei.clientId,
      HUAWEI_IAP_CLIENT_SECRET: huawei.clientSecret,
      HUAWEI_IAP_PUBLIC_KEY: huawei.publicKey,
      HUAWEI_IAP_TOKEN_URL: huawei.tokenUrl,
      HUAWEI_IAP_VERIFY_URL: huawei.verifyUrl,
      FACEBOOK_INSTANT_APP_SECRET: FB_SECRET,
    },
  });
});
after(async () => {
  await ts.close();
  await Promise.all([apple.close(), google.close(), huawei.close()]);
});

const id = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
const ms = (d: Date) => String(d.getTime());
const T0 = new Date('2026-03-01T10:00:00Z');

async function rejects(p: Promise<unknown>, status: number, message?: string | RegExp) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
  return e;
}

function appleReceipt(items: Array<{ product: string; tx: string; time?: Date }>, sandbox = false): string {
  return apple.addReceipt({
    sandbox,
    in_app: items.map((i) => ({ product_id: i.product, transaction_id: i.tx, original_transaction_id: i.tx, purchase_date_ms: ms(i.time ?? T0) })),
  });
}

function googlePurchase(product: string, state = 0, time = T0): string {
  const token = id('gtok');
  google.addProduct(PKG, product, token, { purchaseTimeMillis: ms(time), purchaseState: state, consumptionState: 0, orderId: id('GPA'), productId: product });
  return JSON.stringify({ productId: product, packageName: PKG, purchaseToken: token, orderId: 'x' });
}

function huaweiPurchase(product: string, answer?: Parameters<TestHuaweiIap['addPurchase']>[1]): { data: string; signature: string; orderId: string } {
  const orderId = id('hw-order');
  const purchase = { orderId, productId: product, purchaseToken: id('hw-token'), purchaseTime: T0.getTime(), purchaseState: 0, purchaseType: 0 };
  huawei.addPurchase(purchase, answer);
  const data = JSON.stringify(purchase);
  return { data, signature: huawei.sign(data), orderId };
}

function signedRequest(payload: Record<string, unknown>, secret = FB_SECRET): string {
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${crypto.createHmac('sha256', secret).update(p).digest('base64url')}.${p}`;
}

const fbPayload = (product: string, paymentId = id('fb-pay')) => ({
  algorithm: 'HMAC-SHA256', app_id: '123', payment_id: paymentId, product_id: product, purchase_time: Math.floor(T0.getTime() / 1000),
  purchase_token: id('fbtok'), is_consumed: false,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function listOwn(s: TestSession, limit?: number, cursor?: string): Promise<any> {
  const q = new URLSearchParams();
  if (limit !== undefined) q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  const res = await fetch(`${ts.url}/v2/iap/purchase?${q}`, { headers: { Authorization: `Bearer ${s.token}` } });
  assert.equal(res.status, 200);
  return res.json();
}

describe('Apple purchases', () => {
  it('validates a receipt: its purchases, stored, then seen before on replay', async () => {
    const s = await ts.newSession();
    const tx = id('apple-tx');
    const receipt = appleReceipt([{ product: 'coins_100', tx }]);
    const first = (await ts.client().validatePurchaseApple(s, receipt)).validated_purchases!;
    assert.equal(first.length, 1);
    assert.equal(first[0].product_id, 'coins_100');
    assert.equal(first[0].transaction_id, tx);
    assert.equal(first[0].user_id, s.user_id);
    assert.equal(first[0].store, STORE.apple, 'APPLE_APP_STORE is 0, left out');
    assert.equal(first[0].environment, 2);
    assert.equal(first[0].purchase_time, '2026-03-01T10:00:00Z');
    assert.equal(first[0].seen_before, undefined);
    assert.ok(first[0].create_time);
    assert.equal(JSON.parse(first[0].provider_response!).status, 0);

    const again = (await ts.client().validatePurchaseApple(s, receipt)).validated_purchases!;
    assert.equal(again.length, 1);
    assert.equal(again[0].seen_before, true);
    assert.equal(again[0].create_time, first[0].create_time);
    assert.equal((await listOwn(s)).validated_purchases.length, 1, 'stored once');
  });

  it('retries a sandbox receipt at the sandbox (status 21007)', async () => {
    const s = await ts.newSession();
    const before = { ...apple.calls };
    const receipt = appleReceipt([{ product: 'gems', tx: id('apple-sb') }], true);
    const [p] = (await ts.client().validatePurchaseApple(s, receipt)).validated_purchases!;
    assert.equal(p.environment, 1);
    assert.equal(apple.calls.production - before.production, 1);
    assert.equal(apple.calls.sandbox - before.sandbox, 1);
  });

  it('refuses an empty or unknown receipt with 400', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validatePurchaseApple(s, ''), 400, 'Receipt cannot be empty.');
    await rejects(ts.client().validatePurchaseApple(s, 'bm90IGEgcmVjZWlwdA=='), 400, 'Invalid Apple receipt (status 21002).');
  });

  it('persist false validates without storing', async () => {
    const s = await ts.newSession();
    const tx = id('apple-np');
    const receipt = appleReceipt([{ product: 'coins_5', tx }]);
    const [p] = (await ts.client().validatePurchaseApple(s, receipt, false)).validated_purchases!;
    assert.equal(p.transaction_id, tx);
    assert.equal(p.create_time, undefined);
    assert.equal((await listOwn(s)).validated_purchases, undefined);
    const [stored] = (await ts.client().validatePurchaseApple(s, receipt)).validated_purchases!;
    assert.equal(stored.seen_before, undefined, 'not seen before: the first validation stored nothing');
  });

  it('stores the same receipt once when it is sent many times at once', async () => {
    const s = await ts.newSession();
    const tx = id('apple-race');
    const receipt = appleReceipt([{ product: 'coins_race', tx }]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ts.client().validatePurchaseApple(s, receipt)));
    const seen = answers.map((a) => a.validated_purchases![0].seen_before === true);
    assert.equal(seen.filter((x) => !x).length, 1, 'exactly one validation stored it');
    const listed = (await listOwn(s)).validated_purchases;
    assert.equal(listed.length, 1);
    assert.equal(listed[0].transaction_id, tx);
  });

  it('a receipt replayed by another user is seen before and stays the first user\'s', async () => {
    const [a, b] = [await ts.newSession(), await ts.newSession()];
    const receipt = appleReceipt([{ product: 'coins_shared', tx: id('apple-shared') }]);
    await ts.client().validatePurchaseApple(a, receipt);
    const [p] = (await ts.client().validatePurchaseApple(b, receipt)).validated_purchases!;
    assert.equal(p.seen_before, true);
    assert.equal(p.user_id, a.user_id);
    assert.equal((await listOwn(b)).validated_purchases, undefined);
  });
});

describe('Google purchases', () => {
  it('validates with a service account token; replay is seen before', async () => {
    const s = await ts.newSession();
    const purchase = googlePurchase('sword');
    const [p] = (await ts.client().validatePurchaseGoogle(s, purchase)).validated_purchases!;
    assert.equal(p.store, STORE.google);
    assert.equal(p.product_id, 'sword');
    assert.equal(p.transaction_id, JSON.parse(purchase).purchaseToken);
    assert.equal(p.environment, 2);
    assert.equal(p.seen_before, undefined);
    const [again] = (await ts.client().validatePurchaseGoogle(s, purchase)).validated_purchases!;
    assert.equal(again.seen_before, true);
    assert.ok(google.tokensIssued() >= 1);
  });

  it('reads Unity\'s receipt wrapping the purchase', async () => {
    const s = await ts.newSession();
    const inner = googlePurchase('shield');
    const unity = JSON.stringify({ Store: 'GooglePlay', TransactionID: 'x', Payload: JSON.stringify({ json: inner, signature: 'sig' }) });
    const [p] = (await ts.client().validatePurchaseGoogle(s, unity)).validated_purchases!;
    assert.equal(p.product_id, 'shield');
  });

  it('refuses an empty, malformed, unknown, cancelled or mismatched purchase with 400', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validatePurchaseGoogle(s, ''), 400, 'Purchase cannot be empty.');
    await rejects(ts.client().validatePurchaseGoogle(s, '{not json'), 400, /productId, packageName and purchaseToken/);
    const unknown = JSON.stringify({ productId: 'sword', packageName: PKG, purchaseToken: 'nope' });
    await rejects(ts.client().validatePurchaseGoogle(s, unknown), 400, /does not know this purchase token/);
    await rejects(ts.client().validatePurchaseGoogle(s, googlePurchase('axe', 1)), 400, /cancelled/);
    const token = id('gmis');
    google.addProduct(PKG, 'bow', token, { purchaseTimeMillis: ms(T0), purchaseState: 0, productId: 'arrow' });
    await rejects(ts.client().validatePurchaseGoogle(s, JSON.stringify({ productId: 'bow', packageName: PKG, purchaseToken: token })), 400, /product does not match/);
  });

  it('persist false stores nothing', async () => {
    const s = await ts.newSession();
    const [p] = (await ts.client().validatePurchaseGoogle(s, googlePurchase('potion'), false)).validated_purchases!;
    assert.equal(p.product_id, 'potion');
    assert.equal((await listOwn(s)).validated_purchases, undefined);
    assert.equal(google.tokensIssued(), 1, 'one access token served every call');
  });
});

describe('Huawei purchases', () => {
  it('checks the signature, confirms with the order service; replay is seen before', async () => {
    const s = await ts.newSession();
    const h = huaweiPurchase('hw_coins');
    const [p] = (await ts.client().validatePurchaseHuawei(s, h.data, h.signature)).validated_purchases!;
    assert.equal(p.store, STORE.huawei);
    assert.equal(p.transaction_id, h.orderId);
    assert.equal(p.environment, 1, 'purchaseType 0 is the sandbox');
    const [again] = (await ts.client().validatePurchaseHuawei(s, h.data, h.signature)).validated_purchases!;
    assert.equal(again.seen_before, true);
  });

  it('refuses a wrong signature, an empty one, an unknown token and a mismatched product with 400', async () => {
    const s = await ts.newSession();
    const h = huaweiPurchase('hw_gems');
    await rejects(ts.client().validatePurchaseHuawei(s, h.data, ''), 400, 'Signature cannot be empty.');
    await rejects(ts.client().validatePurchaseHuawei(s, h.data, huawei.sign(`${h.data} `)), 400, /signature does not match/);
    const unknown = JSON.stringify({ orderId: 'o', productId: 'hw_gems', purchaseToken: 'unknown' });
    await rejects(ts.client().validatePurchaseHuawei(s, unknown, huawei.sign(unknown)), 400, /response code 5/);
    const forged = JSON.stringify({ ...JSON.parse(h.data), productId: 'hw_diamonds' });
    await rejects(ts.client().validatePurchaseHuawei(s, forged, huawei.sign(forged)), 400, /product does not match/);
  });

  it('believes the order service\'s answer only with its signature: SHA256WithRSA or /PSS; a changed answer is 503 and stores nothing', async () => {
    const s = await ts.newSession();
    const pss = huaweiPurchase('hw_pss', { algorithm: 'SHA256WithRSA/PSS' });
    const [p] = (await ts.client().validatePurchaseHuawei(s, pss.data, pss.signature)).validated_purchases!;
    assert.equal(p.transaction_id, pss.orderId);
    const changed = huaweiPurchase('hw_changed', { forged: true });
    await rejects(ts.client().validatePurchaseHuawei(s, changed.data, changed.signature), 503, /signature does not match/);
    const own = (await listOwn(s)).validated_purchases.map((v: { transaction_id: string }) => v.transaction_id);
    assert.deepEqual(own, [pss.orderId]);
  });
});

describe('Facebook Instant purchases', () => {
  it('checks the signed request offline; replay is seen before; persist false stores nothing', async () => {
    const s = await ts.newSession();
    const payload = fbPayload('fb_coins');
    const [p] = (await ts.client().validatePurchaseFacebookInstant(s, signedRequest(payload))).validated_purchases!;
    assert.equal(p.store, STORE.facebook);
    assert.equal(p.transaction_id, payload.payment_id);
    assert.equal(p.purchase_time, '2026-03-01T10:00:00Z');
    const [again] = (await ts.client().validatePurchaseFacebookInstant(s, signedRequest(payload))).validated_purchases!;
    assert.equal(again.seen_before, true);
    const [loose] = (await ts.client().validatePurchaseFacebookInstant(s, signedRequest(fbPayload('fb_gems')), false)).validated_purchases!;
    assert.equal(loose.product_id, 'fb_gems');
    assert.equal((await listOwn(s)).validated_purchases.length, 1);
  });

  it('an id another store used already is a new purchase: ids are kept per store', async () => {
    const s = await ts.newSession();
    const shared = String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
    await ts.client().validatePurchaseApple(s, appleReceipt([{ product: 'coins', tx: shared }]));
    const [p] = (await ts.client().validatePurchaseFacebookInstant(s, signedRequest(fbPayload('fb_coins', shared)))).validated_purchases!;
    assert.equal(p.seen_before, undefined);
    assert.deepEqual((await listOwn(s)).validated_purchases.map((x: { store?: number }) => x.store ?? 0).sort(), [0, 3]);
  });

  it('refuses an empty, malformed or wrongly signed request with 400', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validatePurchaseFacebookInstant(s, ''), 400, 'Signed request cannot be empty.');
    await rejects(ts.client().validatePurchaseFacebookInstant(s, 'no-dot-here'), 400, /"<signature>.<payload>"/);
    await rejects(ts.client().validatePurchaseFacebookInstant(s, signedRequest(fbPayload('x'), 'other-secret')), 400, /signature does not match/);
  });
});

describe('listing purchases', () => {
  it('lists the caller\'s own purchases newest first, page by page with a cursor', async () => {
    const s = await ts.newSession();
    const other = await ts.newSession();
    const txs = Array.from({ length: 5 }, (_, i) => ({ product: `p${i}`, tx: id(`list-${i}`), time: new Date(T0.getTime() + i * 60_000) }));
    await ts.client().validatePurchaseApple(s, appleReceipt(txs));
    await ts.client().validatePurchaseApple(other, appleReceipt([{ product: 'p', tx: id('other') }]));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listOwn(s, 2, cursor);
      seen.push(...page.validated_purchases.map((p: { transaction_id: string }) => p.transaction_id));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    assert.deepEqual(seen, txs.map((t) => t.tx).reverse());
    assert.equal(pages, 3);
    const bad = await fetch(`${ts.url}/v2/iap/purchase?cursor=bogus`, { headers: { Authorization: `Bearer ${s.token}` } });
    assert.equal(bad.status, 400);
    const tooMany = await fetch(`${ts.url}/v2/iap/purchase?limit=1001`, { headers: { Authorization: `Bearer ${s.token}` } });
    assert.equal(tooMany.status, 400);
  });

  it('needs a session', async () => {
    const res = await fetch(`${ts.url}/v2/iap/purchase/apple`, { method: 'POST', body: '{"receipt":"x"}' });
    assert.equal(res.status, 401);
    assert.equal((await fetch(`${ts.url}/v2/iap/purchase`)).status, 401);
  });
});
