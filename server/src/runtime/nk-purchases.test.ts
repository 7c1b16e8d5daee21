// The `nk` facade's purchases and subscriptions, called from a test module's RPCs: validation on a
// user's behalf (Apple's stand-in, Facebook Instant signed here), listing, lookups.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { errorOf, startAppleIap, startTestServer, type TestAppleIap, type TestServer, type TestSession } from '../testing/index.ts';
import type { RuntimeModule } from './types.ts';

const FB_SECRET = 'facebook-app-secret';
const HOUR = 3600_000;

const purchaseModule: RuntimeModule = {
  name: 'nk-purchases-test',
  init(initializer, nk) {
    const call = (id: string, fn: (a: Record<string, unknown>) => Promise<unknown>) =>
      initializer.registerRpc(id, async (_ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'))) ?? null));
    const str = (v: unknown) => v as string;
    call('apple', (a) => nk.purchaseValidateApple(str(a.userId), str(a.receipt), a.persist as boolean | undefined));
    call('google', (a) => nk.purchaseValidateGoogle(str(a.userId), str(a.purchase)));
    call('huawei', (a) => nk.purchaseValidateHuawei(str(a.userId), str(a.purchase), str(a.signature)));
    call('facebook', (a) => nk.purchaseValidateFacebookInstant(str(a.userId), str(a.signedRequest)));
    call('list', (a) => nk.purchasesList(a.userId as string | undefined, a.limit as number | undefined, a.cursor as string | undefined));
    call('by_tx', (a) => nk.purchaseGetByTransactionId(str(a.transactionId)));
    call('sub_apple', (a) => nk.subscriptionValidateApple(str(a.userId), str(a.receipt)));
    call('sub_google', (a) => nk.subscriptionValidateGoogle(str(a.userId), str(a.receipt)));
    call('subs', (a) => nk.subscriptionsList(a.userId as string | undefined, a.limit as number | undefined, a.cursor as string | undefined));
    call('sub_by_product', (a) => nk.subscriptionGetByProductId(str(a.userId), str(a.productId)));
  },
};

let ts: TestServer;
let apple: TestAppleIap;
let operator: TestSession;

before(async () => {
  apple = await startAppleIap('apple-shared-secret');
  ts = await startTestServer({
    modules: [purchaseModule],
    env: {
      APPLE_IAP_SHARED_PASSWORD: 'apple-shared-secret',
      APPLE_IAP_PRODUCTION_URL: apple.productionUrl,
      APPLE_IAP_SANDBOX_URL: apple.sandboxUrl,
      FACEBOOK_INSTANT_APP_SECRET: FB_SECRET,
    },
  });
  operator = await ts.newSession();
});
after(async () => {
  await ts.close();
  await apple.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rpc = async (id: string, args: object): Promise<any> => (await ts.client().rpc(operator, id, args)).payload;
const refusal = (id: string, args: object) => errorOf(ts.client().rpc(operator, id, args));

function signedRequest(payload: Record<string, unknown>): string {
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${crypto.createHmac('sha256', FB_SECRET).update(p).digest('base64url')}.${p}`;
}

describe('nk purchases', () => {
  it('purchaseValidateApple stores for the user; a replay is seenBefore; purchaseGetByTransactionId finds it', async () => {
    const s = await ts.newSession();
    const tx = `tx-${crypto.randomUUID()}`;
    const receipt = apple.addReceipt({ in_app: [{ product_id: 'coins', transaction_id: tx, purchase_date_ms: String(Date.now()) }] });
    const [p] = await rpc('apple', { userId: s.user_id, receipt });
    assert.equal(p.userId, s.user_id);
    assert.equal(p.transactionId, tx);
    assert.equal(p.seenBefore, false);
    const [again] = await rpc('apple', { userId: s.user_id, receipt });
    assert.equal(again.seenBefore, true);
    const found = await rpc('by_tx', { transactionId: tx });
    assert.equal(found.productId, 'coins');
    assert.equal(found.userId, s.user_id);
    assert.equal(await rpc('by_tx', { transactionId: 'unknown' }), null);
  });

  it('purchaseValidateFacebookInstant, and purchasesList of one user or of all, with a cursor', async () => {
    const s = await ts.newSession();
    for (let i = 0; i < 3; i++) {
      const payload = { algorithm: 'HMAC-SHA256', payment_id: `pay-${crypto.randomUUID()}`, product_id: `fb_${i}`, purchase_time: 1_700_000_000 + i };
      await rpc('facebook', { userId: s.user_id, signedRequest: signedRequest(payload) });
    }
    const first = await rpc('list', { userId: s.user_id, limit: 2 });
    assert.deepEqual(first.validatedPurchases.map((p: { productId: string }) => p.productId), ['fb_2', 'fb_1']);
    const second = await rpc('list', { userId: s.user_id, limit: 2, cursor: first.cursor });
    assert.deepEqual(second.validatedPurchases.map((p: { productId: string }) => p.productId), ['fb_0']);
    assert.equal(second.cursor, undefined);
    const everyone = await rpc('list', { limit: 1000 });
    assert.ok(everyone.validatedPurchases.length >= 4);
  });

  it('subscriptionValidateApple, subscriptionsList and subscriptionGetByProductId', async () => {
    const s = await ts.newSession();
    const original = `orig-${crypto.randomUUID()}`;
    const end = Date.now() + HOUR;
    const receipt = apple.addReceipt({
      in_app: [],
      latest_receipt_info: [{ product_id: 'pro', transaction_id: `${original}-0`, original_transaction_id: original, purchase_date_ms: String(Date.now()), expires_date_ms: String(end) }],
    });
    const sub = await rpc('sub_apple', { userId: s.user_id, receipt });
    assert.equal(sub.originalTransactionId, original);
    assert.equal(sub.active, true);
    const list = await rpc('subs', { userId: s.user_id });
    assert.equal(list.validatedSubscriptions.length, 1);
    assert.equal((await rpc('sub_by_product', { userId: s.user_id, productId: 'pro' })).originalTransactionId, original);
    const missing = await refusal('sub_by_product', { userId: s.user_id, productId: 'none' });
    assert.equal(missing.status, 404);
  });

  it('a store without keys, and a bad user id, are refused', async () => {
    const s = await ts.newSession();
    const google = await refusal('google', { userId: s.user_id, purchase: '{}' });
    assert.equal(google.body.message, 'Google IAP is not configured.');
    const huawei = await refusal('huawei', { userId: s.user_id, purchase: '{}', signature: 'x' });
    assert.equal(huawei.body.message, 'Huawei IAP is not configured.');
    const sub = await refusal('sub_google', { userId: s.user_id, receipt: '{}' });
    assert.equal(sub.body.message, 'Google IAP is not configured.');
    assert.equal((await refusal('apple', { userId: 'not-a-uuid', receipt: 'x' })).status, 400);
  });
});
