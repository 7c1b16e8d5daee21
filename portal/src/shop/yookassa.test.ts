// The coin shop with YooKassa, against a stand-in speaking its HTTP API on 127.0.0.1: payments created
// with Basic auth and an idempotency key, the user sent to the confirmation page and back, completion by
// the webhook (whose body is never believed: the payment is read back from the API) or by a status check
// on return, exactly one credit per payment, and refusals of what is not the shop's order.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import type { Logger } from '@tribuna/server';
import { Code, eventually, fails, startPortal, type Portal } from '../testing.ts';
import { startFakeYookassa, type FakeYookassa } from '../testing-yookassa.ts';
import { yookassaProvider } from './providers/yookassa.ts';
import { getPayment } from './store.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
let fake: FakeYookassa;
let portal: Portal;
let alice: Session;
let webhook: string;

const settings = () => ({
  SHOP_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: fake.shopId,
  YOOKASSA_SECRET_KEY: fake.secretKey,
  YOOKASSA_API_URL: fake.apiUrl,
  PUBLIC_URL: 'https://tribuna.example',
});
const coins = async (s: Session) => (await portal.call(s, 'get_wallet', {})).wallet.COIN;
const buy = (s: Session, input: object) => portal.call(s, 'create_payment', input);
const payment = (s: Session, id: string) => portal.call(s, 'get_payment', { payment_id: id });
const providerIdOf = async (id: string) => (await getPayment(portal.ts.app.nk.db, id))!.provider_payment_id!;
const post = (body: unknown, url = webhook) => fetch(url, { method: 'POST', body: JSON.stringify(body) });

/** A new user with a pending payment for 500 coins and its id at YooKassa; no notification is sent until webhookUrl is set. */
async function pendingPurchase(): Promise<{ user: Session; id: string; yid: string }> {
  const user = await portal.registered();
  const { payment_id: id } = await buy(user, { pack_id: 'coins_500' });
  return { user, id, yid: await providerIdOf(id) };
}

before(async () => {
  fake = await startFakeYookassa();
  portal = await startPortal(settings());
  webhook = `${portal.ts.url}/v2/rpc/yookassa_webhook?http_key=${portal.ts.config.httpKey}&unwrap`;
  alice = await portal.registered();
});
after(async () => {
  await portal.close();
  await fake.close();
});

describe('YooKassa payments', () => {
  it('creates the payment at YooKassa with Basic auth and the payment id as the idempotency key', async () => {
    assert.equal((await portal.call(alice, 'list_coin_packs', {})).test_mode, false);
    const started = await buy(alice, { pack_id: 'coins_500', method: 'yoomoney', return_path: '/buyCoins?from=header' });
    const yid = await providerIdOf(started.payment_id);
    assert.deepEqual(started, {
      payment_id: started.payment_id,
      status: 'pending',
      confirmation_url: fake.payments.get(yid)!.confirmation.confirmation_url,
      test_mode: false,
    });
    const request = fake.requests.at(-1)!;
    assert.deepEqual([request.method, request.path, request.authorized, request.idempotenceKey], ['POST', '/v3/payments', true, started.payment_id]);
    assert.deepEqual(request.body, {
      amount: { value: '450.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `https://tribuna.example/buyCoins?from=header&payment=${started.payment_id}` },
      payment_method_data: { type: 'yoo_money' },
      description: '500 коинов на портале «Трибуна»',
      metadata: { payment_id: started.payment_id },
    });
    const pending = await payment(alice, started.payment_id);
    assert.deepEqual([pending.status, pending.test_mode, pending.confirmation_url], ['pending', false, started.confirmation_url]);
  });

  it('credits the coins when the payer pays on YooKassa’s page and YooKassa notifies the webhook', async () => {
    fake.webhookUrl = webhook;
    try {
      const user = await portal.registered();
      const { payment_id, confirmation_url } = await buy(user, { pack_id: 'coins_1000', method: 'card' });
      const back = await fetch(confirmation_url, { redirect: 'manual' });
      assert.equal(back.status, 302);
      assert.equal(back.headers.get('location'), `https://tribuna.example/buyCoins?payment=${payment_id}`);
      assert.equal(await coins(user), 1000);
      const paid = await payment(user, payment_id);
      assert.deepEqual([paid.status, 'confirmation_url' in paid], ['succeeded', false]);
      const ledger = (await portal.call(user, 'get_wallet_ledger', {})).items;
      assert.deepEqual(ledger.map((i: { changeset: object; metadata: object }) => [i.changeset, i.metadata]), [
        [{ COIN: 1000 }, { payment_id, pack_id: 'coins_1000', provider: 'yookassa', provider_payment_id: await providerIdOf(payment_id) }],
      ]);
    } finally {
      fake.webhookUrl = undefined;
    }
  });

  it('completes by a status check when the user returns, without a notification: paid or canceled', async () => {
    const paid = await pendingPurchase();
    await fake.settle(paid.yid, 'succeeded');
    await eventually(() => payment(paid.user, paid.id), (p) => p.status === 'succeeded');
    assert.equal(await coins(paid.user), 500);
    assert.ok(fake.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${paid.yid}` && r.authorized));

    const canceled = await pendingPurchase();
    await fake.settle(canceled.yid, 'canceled');
    await eventually(() => payment(canceled.user, canceled.id), (p) => p.status === 'canceled');
    assert.equal(await coins(canceled.user), 0);
  });

  it('believes no notification: one saying succeeded of a payment YooKassa has pending credits nothing', async () => {
    const { user, id, yid } = await pendingPurchase();
    const forged = { ...fake.payments.get(yid)!, status: 'succeeded', paid: true };
    assert.equal((await post({ type: 'notification', event: 'payment.succeeded', object: forged })).status, 200);
    assert.equal((await getPayment(portal.ts.app.nk.db, id))!.status, 'pending');
    assert.equal(await coins(user), 0);
    assert.ok(fake.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${yid}`));
  });

  it('credits once when the notification of a paid payment is replayed ten times at once and more after', async () => {
    const { user, id, yid } = await pendingPurchase();
    await fake.settle(yid, 'succeeded');
    fake.webhookUrl = webhook;
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fake.notify(yid)));
      assert.deepEqual(answers.map((a) => a.status), Array(10).fill(200));
      for (let i = 0; i < 10; i++) assert.equal((await fake.notify(yid)).status, 200);
    } finally {
      fake.webhookUrl = undefined;
    }
    assert.equal(await coins(user), 500);
    const credits = (await portal.call(user, 'get_wallet_ledger', {})).items.filter((i: { metadata: { payment_id?: string } }) => i.metadata.payment_id === id);
    assert.equal(credits.length, 1);
  });

  it('refuses a confirmation of another amount, currency or order, and of a payment it never made', async () => {
    for (const change of [{ amount: { value: '1.00', currency: 'RUB' } }, { amount: { value: '450.00', currency: 'USD' } }, { metadata: { payment_id: crypto.randomUUID() } }]) {
      const { user, id, yid } = await pendingPurchase();
      Object.assign(fake.payments.get(yid)!, change, { status: 'succeeded', paid: true });
      const res = await post({ type: 'notification', event: 'payment.succeeded', object: { id: yid } });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: {}, code: Code.Precondition, message: 'Платёж у платёжного сервиса не совпадает с заказом: коины не начислены.' });
      assert.equal((await getPayment(portal.ts.app.nk.db, id))!.status, 'pending');
      assert.equal(await coins(user), 0);
    }
    const unknown = await post({ type: 'notification', event: 'payment.succeeded', object: { id: crypto.randomUUID() } });
    assert.deepEqual([unknown.status, ((await unknown.json()) as { message: string }).message], [404, 'Платёж не найден.']);
  });

  it('takes notifications with the HTTP key only, refuses malformed ones and leaves other events alone', async () => {
    const { yid } = await pendingPurchase();
    const body = { type: 'notification', event: 'payment.succeeded', object: { id: yid } };
    await fails(portal.call(alice, 'yookassa_webhook', body), 403, 'Уведомления платёжного сервиса принимаются только с ключом сервера.');
    assert.equal((await post(body, `${portal.ts.url}/v2/rpc/yookassa_webhook?unwrap`)).status, 401);
    assert.equal((await post(body, `${portal.ts.url}/v2/rpc/yookassa_webhook?http_key=wrong-key&unwrap`)).status, 401);
    const malformed = await post({ type: 'notification', event: 'payment.succeeded' });
    assert.deepEqual([malformed.status, ((await malformed.json()) as { message: string }).message], [400, 'Объект уведомления: ожидался объект платежа.']);
    assert.equal((await post({ type: 'notification', event: 'refund.succeeded', object: { id: crypto.randomUUID() } })).status, 200);
  });

  it('gets the same payment for a repeated request with one idempotency key, and a refusal for another body', async () => {
    const provider = yookassaProvider({ shopId: fake.shopId, secretKey: fake.secretKey, apiUrl: fake.apiUrl }, quiet);
    const request = { paymentId: crypto.randomUUID(), amount: { value: '100.00', currency: 'RUB' }, method: 'sbp' as const, description: '100 коинов', returnUrl: 'https://tribuna.example/buyCoins' };
    const first = await provider.create(request);
    assert.deepEqual(await provider.create(request), first);
    await assert.rejects(provider.create({ ...request, amount: { value: '450.00', currency: 'RUB' } }), (e: Error & { code?: number }) => e.code === Code.Unavailable);
    assert.deepEqual(await provider.fetch(first.id), first);
    assert.equal(await provider.fetch(crypto.randomUUID()), undefined);
  });
});

describe('YooKassa with a wrong secret key', () => {
  it('refuses to start a payment (503) and leaves none pending', async () => {
    const wrong = await startPortal({ ...settings(), YOOKASSA_SECRET_KEY: 'wrong_key' });
    try {
      const user = await wrong.registered();
      await fails(wrong.call(user, 'create_payment', { pack_id: 'coins_100' }), 503, 'Платёжный сервис сейчас недоступен. Попробуйте позже.');
      assert.equal(fake.requests.at(-1)!.authorized, false);
      const rows = await wrong.ts.app.nk.db.query<{ status: string }>('SELECT status FROM payment WHERE user_id = $1', [user.user_id]);
      assert.deepEqual(rows.map((r) => r.status), ['canceled']);
    } finally {
      await wrong.close();
    }
  });
});
