// The coin shop with the test provider (the default): the packs, payments confirmed by the provider
// 1.5 s after creation and credited once, however many confirmations arrive, refusals, and the test
// payments a stopped server left behind.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import type { Db } from '@tribuna/server';
import { freshDb, startTestServer } from '@tribuna/server/testing';
import portalModule from '../index.ts';
import { Code, eventually, fails, registered, startPortal, type Portal } from '../testing.ts';
import { shopOf } from './service.ts';
import { getPayment, insertPayment, setProviderPayment } from './store.ts';

let portal: Portal;
let alice: Session;
let bob: Session;
let guest: Session;

const coins = async (s: Session) => (await portal.call(s, 'get_wallet', {})).wallet.COIN;
const buy = (s: Session, input: object) => portal.call(s, 'create_payment', input);
const payment = (s: Session, id: string) => portal.call(s, 'get_payment', { payment_id: id });
const purchases = async (s: Session, paymentId: string) =>
  (await portal.call(s, 'get_wallet_ledger', { limit: 100 })).items.filter((i: { metadata: { payment_id?: string } }) => i.metadata.payment_id === paymentId);

/** A pending test payment of user's for 100 coins, created `ageMs` ago, written as the shop writes one (no timer runs for it). */
async function pendingTestPayment(db: Db, userId: string, ageMs: number): Promise<string> {
  const id = crypto.randomUUID();
  await insertPayment(db, { id, user_id: userId, pack_id: 'coins_100', coins: 100, price: 100, currency: 'RUB', method: 'card', provider: 'test' });
  await setProviderPayment(db, id, id, undefined);
  await db.execute(`UPDATE payment SET create_time = now() - $2 * interval '1 millisecond' WHERE id = $1`, [id, ageMs]);
  return id;
}

before(async () => {
  portal = await startPortal();
  [alice, bob, guest] = await Promise.all([portal.registered(), portal.registered(), portal.guest()]);
});
after(() => portal.close());

describe('list_coin_packs', () => {
  it('lists the five packs with their savings, the methods and the test mode, to anyone', async () => {
    const answer = await portal.call(guest, 'list_coin_packs', {});
    assert.deepEqual(answer, {
      packs: [
        { id: 'coins_100', coins: 100, price: 100, currency: 'RUB', saving_percent: 0 },
        { id: 'coins_500', coins: 500, price: 450, currency: 'RUB', saving_percent: 10 },
        { id: 'coins_1000', coins: 1000, price: 800, currency: 'RUB', saving_percent: 20 },
        { id: 'coins_2500', coins: 2500, price: 1800, currency: 'RUB', saving_percent: 28 },
        { id: 'coins_5000', coins: 5000, price: 3500, currency: 'RUB', saving_percent: 30 },
      ],
      methods: ['card', 'yoomoney', 'sbp'],
      test_mode: true,
    });
    assert.deepEqual(await portal.withKey('list_coin_packs', {}), answer);
  });
});

describe('create_payment and get_payment', () => {
  it('credits the pack’s coins once the test provider confirms, once, with the payment in the ledger', async () => {
    const started = await buy(alice, { pack_id: 'coins_500', method: 'sbp' });
    assert.deepEqual(Object.keys(started).sort(), ['payment_id', 'status', 'test_mode']);
    assert.equal(started.status, 'pending');
    assert.equal(started.test_mode, true);
    const pending = await payment(alice, started.payment_id);
    assert.deepEqual({ ...pending, create_time: undefined }, {
      payment_id: started.payment_id, status: pending.status, pack_id: 'coins_500', coins: 500, price: 450, currency: 'RUB',
      method: 'sbp', test_mode: true, create_time: undefined,
    });
    const done = await eventually(() => payment(alice, started.payment_id), (p) => p.status === 'succeeded');
    assert.equal(done.coins, 500);
    assert.equal(await coins(alice), 500);
    // Asked again, nothing more is credited.
    await payment(alice, started.payment_id);
    assert.equal(await coins(alice), 500);
    const [row] = await purchases(alice, started.payment_id);
    assert.deepEqual([row.changeset, row.metadata], [
      { COIN: 500 },
      { payment_id: started.payment_id, pack_id: 'coins_500', provider: 'test', provider_payment_id: started.payment_id },
    ]);
    assert.equal((await purchases(alice, started.payment_id)).length, 1);
  });

  it('is confirmed by the provider’s own timer, with nobody asking', async () => {
    const carol = await portal.registered();
    const { payment_id } = await buy(carol, { pack_id: 'coins_100' });
    await eventually(() => coins(carol), (n) => n === 100);
    assert.equal((await getPayment(portal.ts.app.nk.db, payment_id))!.method, 'card');
  });

  it('is confirmed by its timer even when the timer fires before the database says the payment is due', async () => {
    // The timer runs on the event loop's clock, the 1.5 s on the database's: moving the creation 300 ms
    // later makes the timer fire early; it is armed again rather than leaving the payment pending.
    const erin = await portal.registered();
    const { payment_id } = await buy(erin, { pack_id: 'coins_100' });
    await portal.ts.app.nk.db.execute(`UPDATE payment SET create_time = create_time + interval '300 milliseconds' WHERE id = $1`, [payment_id]);
    await eventually(() => getPayment(portal.ts.app.nk.db, payment_id), (p) => p!.status === 'succeeded');
    assert.equal(await coins(erin), 100);
  });

  it('credits once when ten confirmations of one payment arrive at once and more after', async () => {
    const dave = await portal.registered();
    const id = await pendingTestPayment(portal.ts.app.nk.db, dave.user_id!, 5000);
    const shop = shopOf(portal.ts.app.nk);
    const settled = await Promise.all(Array.from({ length: 10 }, () => shop.notified(id)));
    assert.ok(settled.every((p) => p.status === 'succeeded'));
    for (let i = 0; i < 10; i++) await shop.notified(id);
    assert.equal(await coins(dave), 100);
    assert.equal((await purchases(dave, id)).length, 1);
  });

  it('credits nothing before the provider confirms, and nothing for a payment it never made', async () => {
    const erin = await portal.registered();
    const id = await pendingTestPayment(portal.ts.app.nk.db, erin.user_id!, 0);
    const shop = shopOf(portal.ts.app.nk);
    assert.equal((await shop.notified(id)).status, 'pending');
    await assert.rejects(shop.notified(crypto.randomUUID()), (e: Error & { code?: number }) => e.code === Code.NotFound);
    assert.equal(await coins(erin), 0);
  });

  it('shows a payment to its owner only', async () => {
    const { payment_id } = await buy(alice, { pack_id: 'coins_100' });
    await fails(payment(bob, payment_id), 404, 'Платёж не найден.');
    await fails(payment(bob, crypto.randomUUID()), 404, 'Платёж не найден.');
    await fails(payment(alice, 'p-1'), 400, 'Платёж: ожидался идентификатор (UUID).');
    await fails(portal.call(guest, 'get_payment', { payment_id }), 403);
  });

  it('refuses guests, server calls and bad input, creating nothing', async () => {
    const frank = await registered(portal.ts);
    await fails(buy(guest, { pack_id: 'coins_100' }), 403);
    await fails(portal.withKey('create_payment', { pack_id: 'coins_100' }), 401);
    for (const [input, message] of [
      [{}, 'Пакет коинов: укажите пакет коинов.'],
      [{ pack_id: 'coins_700' }, 'Пакет коинов: нет такого пакета коинов.'],
      [{ pack_id: 'coins_100', method: 'cash' }, "Способ оплаты: ожидалось 'card', 'yoomoney' или 'sbp'."],
      [{ pack_id: 'coins_100', return_path: 'https://evil.example/' }, 'Страница возврата: ожидался путь на сайте, например /buyCoins.'],
      [{ pack_id: 'coins_100', return_path: '//evil.example/' }, 'Страница возврата: ожидался путь на сайте, например /buyCoins.'],
      [{ pack_id: 'coins_100', return_path: '/\\evil.example' }, 'Страница возврата: ожидался путь на сайте, например /buyCoins.'],
      [{ pack_id: 'coins_100', return_path: '/buy Coins' }, 'Страница возврата: ожидался путь на сайте, например /buyCoins.'],
    ] as const) {
      await fails(buy(frank, input), 400, message, Code.Invalid);
    }
    const [{ n }] = await portal.ts.app.nk.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment WHERE user_id = $1', [frank.user_id]);
    assert.equal(n, 0);
  });

  it('lets one user start 20 payments in 10 minutes', async () => {
    const gina = await portal.registered();
    for (let i = 0; i < 20; i++) await buy(gina, { pack_id: 'coins_100' });
    await fails(buy(gina, { pack_id: 'coins_100' }), 429, 'Слишком много платежей подряд. Попробуйте через несколько минут.');
    await buy(alice, { pack_id: 'coins_100' });
  });

  it('answers the webhook of YooKassa only when YooKassa is the provider', async () => {
    await fails(portal.withKey('yookassa_webhook', { event: 'payment.succeeded', object: { id: crypto.randomUUID() } }), 404, 'Оплата через ЮKassa не подключена.');
  });
});

describe('test payments across a restart', () => {
  it('confirms at start those older than 1.5 s, the younger ones once their time comes, and cancels those cut short', async () => {
    const fresh = await freshDb([portalModule]);
    // Both servers share the database; closing the first must not close it.
    const db: Db = { ...fresh.db, close: async () => {} };
    let ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], db });
    try {
      const user = await registered(ts);
      const old = await pendingTestPayment(db, user.user_id!, 60_000);
      const young = await pendingTestPayment(db, user.user_id!, 0);
      // A creation cut short (the process killed before the provider's payment was recorded): nobody was
      // sent to pay it, and nothing would ever settle it.
      const cut = crypto.randomUUID();
      await insertPayment(db, { id: cut, user_id: user.user_id!, pack_id: 'coins_500', coins: 500, price: 450, currency: 'RUB', method: 'card', provider: 'test' });
      await ts.close();

      ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], db });
      assert.equal((await getPayment(db, old))!.status, 'succeeded');
      assert.equal((await getPayment(db, cut))!.status, 'canceled');
      await eventually(() => getPayment(db, young), (p) => p!.status === 'succeeded');
      const wallet = JSON.parse((await ts.client().getAccount(user)).wallet!);
      assert.deepEqual(wallet, { COIN: 200 });
    } finally {
      await ts.close();
      await fresh.db.close();
      await fresh.drop();
    }
  });
});
