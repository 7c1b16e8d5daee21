// Subscriptions through the official client: Apple receipts with their renewals and Google Play's
// subscriptions API (loopback stand-ins), expiry and active state, lookup by product, listing.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  errorOf, startAppleIap, startGooglePlay, startTestServer,
  type TestAppleIap, type TestGooglePlay, type TestServer,
} from '../testing/index.ts';

const APPLE_PASSWORD = 'apple-shared-secret';
const PKG = 'com.tribuna.app';
const HOUR = 3600_000;

let ts: TestServer;
let apple: TestAppleIap;
let google: TestGooglePlay;

before(async () => {
  [apple, google] = await Promise.all([startAppleIap(APPLE_PASSWORD), startGooglePlay()]);
  ts = await startTestServer({
    env: {
      APPLE_IAP_SHARED_PASSWORD: APPLE_PASSWORD,
      APPLE_IAP_PRODUCTION_URL: apple.productionUrl,
      APPLE_IAP_SANDBOX_URL: apple.sandboxUrl,
      GOOGLE_IAP_CLIENT_EMAIL: google.clientEmail,
      GOOGLE_IAP_PRIVATE_KEY: google.privateKey,
      GOOGLE_IAP_TOKEN_URL: google.tokenUrl,
      GOOGLE_IAP_API_URL: google.apiUrl,
    },
  });
});
after(async () => {
  await ts.close();
  await Promise.all([apple.close(), google.close()]);
});

const id = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
const ms = (t: number) => String(t);
const iso = (t: number) => new Date(Math.floor(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');

async function rejects(p: Promise<unknown>, status: number, message?: string | RegExp) {
  const e = await errorOf(p);
  assert.equal(e.status, status, JSON.stringify(e.body));
  if (typeof message === 'string') assert.equal(e.body.message, message);
  else if (message) assert.match(String(e.body.message), message);
}

/** An Apple receipt of a subscription: its first purchase and its renewals, each a month's period ending at `ends`. */
function appleSubscription(product: string, original: string, ends: number[], start = Date.now() - 30 * 24 * HOUR): string {
  const items = ends.map((end, i) => ({
    product_id: product,
    transaction_id: `${original}-${i}`,
    original_transaction_id: original,
    purchase_date_ms: ms(i === 0 ? start : ends[i - 1]),
    expires_date_ms: ms(end),
  }));
  return apple.addReceipt({ in_app: items.slice(0, 1), latest_receipt_info: items });
}

function googleSubscription(product: string, start: number, expiry: number, token = id('gsub')): string {
  google.addSubscription(PKG, product, token, { startTimeMillis: ms(start), expiryTimeMillis: ms(expiry), autoRenewing: true, paymentState: 1, orderId: id('GPA') });
  return JSON.stringify({ productId: product, packageName: PKG, purchaseToken: token });
}

describe('Apple subscriptions', () => {
  it('validates a receipt: the latest renewal, its expiry, active; stored and found by product', async () => {
    const s = await ts.newSession();
    const original = id('apple-orig');
    const end = Date.now() + 5 * 24 * HOUR;
    const receipt = appleSubscription('premium_monthly', original, [Date.now() - 25 * 24 * HOUR, end]);
    const { validated_subscription: v } = await ts.client().validateSubscriptionApple(s, receipt);
    assert.ok(v);
    assert.equal(v.product_id, 'premium_monthly');
    assert.equal(v.original_transaction_id, original);
    assert.equal(v.expiry_time, iso(end));
    assert.equal(v.active, true);
    assert.equal(v.user_id, s.user_id);
    assert.equal(v.environment, 2);
    assert.ok(v.create_time);

    const found = await ts.client().getSubscription(s, 'premium_monthly');
    assert.equal(found.original_transaction_id, original);
    assert.equal(found.active, true);
    await rejects(ts.client().getSubscription(s, 'no_such_product'), 404, 'Subscription not found.');
  });

  it('an expired subscription is stored inactive; a renewal moves the stored expiry', async () => {
    const s = await ts.newSession();
    const original = id('apple-exp');
    const lapsed = Date.now() - HOUR;
    const old = await ts.client().validateSubscriptionApple(s, appleSubscription('vip', original, [lapsed]));
    assert.equal(old.validated_subscription!.active, undefined, 'false is left out');
    assert.equal(old.validated_subscription!.expiry_time, iso(lapsed));

    const renewed = Date.now() + 29 * 24 * HOUR;
    const now = await ts.client().validateSubscriptionApple(s, appleSubscription('vip', original, [lapsed, renewed]));
    assert.equal(now.validated_subscription!.active, true);
    assert.equal(now.validated_subscription!.create_time, old.validated_subscription!.create_time, 'the same stored subscription');
    const listed = await ts.client().listSubscriptions(s);
    assert.equal(listed.validated_subscriptions!.length, 1);
    assert.equal(listed.validated_subscriptions![0].expiry_time, iso(renewed));
  });

  it('refuses an empty receipt, one without a subscription, and persist false stores nothing', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validateSubscriptionApple(s, ''), 400, 'Receipt cannot be empty.');
    const plain = apple.addReceipt({ in_app: [{ product_id: 'coins', transaction_id: id('t'), purchase_date_ms: ms(Date.now()) }] });
    await rejects(ts.client().validateSubscriptionApple(s, plain), 400, /holds no subscription/);
    const { validated_subscription: v } = await ts.client().validateSubscriptionApple(s, appleSubscription('trial', id('o'), [Date.now() + HOUR]), false);
    assert.equal(v!.active, true);
    assert.equal(v!.create_time, undefined);
    assert.equal((await ts.client().listSubscriptions(s)).validated_subscriptions, undefined);
    await rejects(ts.client().getSubscription(s, 'trial'), 404);
  });

  it('stores the same receipt once when it is sent many times at once', async () => {
    const s = await ts.newSession();
    const receipt = appleSubscription('race_monthly', id('apple-race'), [Date.now() + HOUR]);
    const all = await Promise.all(Array.from({ length: 6 }, () => ts.client().validateSubscriptionApple(s, receipt)));
    assert.ok(all.every((a) => a.validated_subscription!.product_id === 'race_monthly'));
    assert.equal((await ts.client().listSubscriptions(s)).validated_subscriptions!.length, 1);
  });
});

describe('Google subscriptions', () => {
  it('validates with the subscriptions API: start, expiry, active', async () => {
    const s = await ts.newSession();
    const start = Date.now() - 2 * 24 * HOUR;
    const expiry = Date.now() + 28 * 24 * HOUR;
    const receipt = googleSubscription('gold', start, expiry);
    const { validated_subscription: v } = await ts.client().validateSubscriptionGoogle(s, receipt);
    assert.equal(v!.store, 1);
    assert.equal(v!.original_transaction_id, JSON.parse(receipt).purchaseToken);
    assert.equal(v!.purchase_time, iso(start));
    assert.equal(v!.expiry_time, iso(expiry));
    assert.equal(v!.active, true);
    assert.equal((await ts.client().getSubscription(s, 'gold')).expiry_time, iso(expiry));
  });

  it('an unknown token is 400; a lapsed subscription is inactive', async () => {
    const s = await ts.newSession();
    await rejects(ts.client().validateSubscriptionGoogle(s, JSON.stringify({ productId: 'gold', packageName: PKG, purchaseToken: 'nope' })), 400);
    const { validated_subscription: v } = await ts.client().validateSubscriptionGoogle(s, googleSubscription('silver', Date.now() - 40 * 24 * HOUR, Date.now() - HOUR));
    assert.equal(v!.active, undefined);
  });
});

describe('listing subscriptions', () => {
  it('lists the caller\'s own, newest first, with a cursor (POST as the client does, and GET)', async () => {
    const s = await ts.newSession();
    const other = await ts.newSession();
    const base = Date.now() - 10 * 24 * HOUR;
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const token = id(`gl-${i}`);
      tokens.push(token);
      await ts.client().validateSubscriptionGoogle(s, googleSubscription(`plan_${i}`, base + i * HOUR, Date.now() + HOUR, token));
    }
    await ts.client().validateSubscriptionGoogle(other, googleSubscription('plan_x', base, Date.now() + HOUR));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ts.client().listSubscriptions(s, cursor, 2);
      seen.push(...page.validated_subscriptions!.map((v) => v.original_transaction_id!));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    assert.deepEqual(seen, [...tokens].reverse());
    assert.equal(pages, 3);
    const res = await fetch(`${ts.url}/v2/iap/subscription?limit=10`, { headers: { Authorization: `Bearer ${s.token}` } });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { validated_subscriptions: unknown[] }).validated_subscriptions.length, 5);
    await rejects(ts.client().listSubscriptions(s, 'bogus'), 400);
  });

  it('needs a session', async () => {
    assert.equal((await fetch(`${ts.url}/v2/iap/subscription`, { method: 'POST', body: '{}' })).status, 401);
    assert.equal((await fetch(`${ts.url}/v2/iap/subscription/gold`)).status, 401);
    assert.equal((await fetch(`${ts.url}/v2/iap/subscription/apple`, { method: 'POST', body: '{"receipt":"x"}' })).status, 401);
  });
});
