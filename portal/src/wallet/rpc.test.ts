// The coin wallet's RPCs, through the official client: balances as account.wallet shows them, a ledger
// row per change, spends that never overdraw (also fifty at once) and grants by the server alone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { errorOf } from '@tribuna/server/testing';
import { allPages, Code, fails, startPortal, type Portal } from '../testing.ts';

let portal: Portal;
let alice: Session;
let bob: Session;
let guest: Session;

const wallet = async (s: Session) => (await portal.call(s, 'get_wallet', {})).wallet;
const grant = (s: Session, amount: number, extra: object = {}) => portal.withKey('add_currency', { user_id: s.user_id, amount, ...extra });
const spend = (s: Session, amount: number, extra: object = {}) => portal.call(s, 'spend_currency', { amount, ...extra });
const ledger = (s: Session, input: object = {}) => portal.call(s, 'get_wallet_ledger', input);

before(async () => {
  portal = await startPortal();
  [alice, bob, guest] = await Promise.all([portal.registered(), portal.registered(), portal.guest()]);
});
after(() => portal.close());

describe('get_wallet and add_currency', () => {
  it('shows a new user 0 coins, and what the server grants, as account.wallet does', async () => {
    assert.deepEqual(await wallet(alice), { COIN: 0 });
    assert.deepEqual(await grant(alice, 500, { reason: 'Приз турнира' }), { wallet: { COIN: 500 } });
    assert.deepEqual(await grant(alice, 7, { currency: 'GEM' }), { wallet: { COIN: 500, GEM: 7 } });
    assert.deepEqual(await wallet(alice), { COIN: 500, GEM: 7 });
    const account = await portal.ts.client().getAccount(alice);
    assert.deepEqual(JSON.parse(account.wallet!), { COIN: 500, GEM: 7 });
    const { items } = await ledger(alice);
    assert.deepEqual(items.map((i: { changeset: object; metadata: object }) => [i.changeset, i.metadata]), [
      [{ GEM: 7 }, {}],
      [{ COIN: 500 }, { reason: 'Приз турнира' }],
    ]);
    assert.ok(!Number.isNaN(Date.parse(items[0].create_time)));
  });

  it('lets only the server grant: every session is refused, a guest’s too', async () => {
    const before = await wallet(bob);
    for (const s of [alice, bob, guest]) {
      await fails(portal.call(s, 'add_currency', { user_id: bob.user_id, amount: 100 }), 403, 'Начислять валюту может только сервер.');
    }
    assert.deepEqual(await wallet(bob), before);
  });

  it('refuses bad grants with the field named, and an unknown user, changing nothing', async () => {
    const before = await wallet(bob);
    for (const [input, message] of [
      [{ user_id: 'bob', amount: 1 }, 'Пользователь: ожидался идентификатор (UUID).'],
      [{ user_id: bob.user_id }, 'Сумма: ожидалось целое число от 1 до 1000000000.'],
      [{ user_id: bob.user_id, amount: 0 }, 'Сумма: ожидалось целое число от 1 до 1000000000.'],
      [{ user_id: bob.user_id, amount: -5 }, 'Сумма: ожидалось целое число от 1 до 1000000000.'],
      [{ user_id: bob.user_id, amount: 1.5 }, 'Сумма: ожидалось целое число от 1 до 1000000000.'],
      [{ user_id: bob.user_id, amount: '10' }, 'Сумма: ожидалось целое число от 1 до 1000000000.'],
      [{ user_id: bob.user_id, amount: 1, currency: 'coin' }, /^Валюта: ожидался код валюты/],
      [{ user_id: bob.user_id, amount: 1, reason: 'x'.repeat(201) }, 'Назначение: не длиннее 200 символов.'],
    ] as const) {
      const e = await errorOf(portal.withKey('add_currency', input));
      assert.equal(e.status, 400);
      if (typeof message === 'string') assert.equal(e.body.message, message);
      else assert.match(String(e.body.message), message);
    }
    const e = await errorOf(portal.withKey('add_currency', { user_id: '00000000-0000-4000-8000-000000000001', amount: 1 }));
    assert.deepEqual([e.status, e.body.message], [404, 'Пользователь не найден.']);
    assert.deepEqual(await wallet(bob), before);
  });

  it('shows the wallet to registered users only', async () => {
    await fails(portal.call(guest, 'get_wallet', {}), 403);
    await fails(portal.call(guest, 'get_wallet_ledger', {}), 403);
    await fails(portal.withKey('get_wallet', {}), 401);
  });
});

describe('spend_currency', () => {
  it('spends from the caller’s own wallet, with the reason in the ledger', async () => {
    const carol = await portal.registered();
    await grant(carol, 100);
    assert.deepEqual(await spend(carol, 30, { reason: 'Премиальный шаблон' }), { wallet: { COIN: 70 } });
    assert.deepEqual(await spend(carol, 70), { wallet: { COIN: 0 } });
    assert.deepEqual((await ledger(carol)).items.map((i: { changeset: object; metadata: object }) => [i.changeset, i.metadata]), [
      [{ COIN: -70 }, {}],
      [{ COIN: -30 }, { reason: 'Премиальный шаблон' }],
      [{ COIN: 100 }, {}],
    ]);
  });

  it('refuses a spend the balance cannot cover, whole, and bad input, changing nothing', async () => {
    const dave = await portal.registered();
    await grant(dave, 50);
    await fails(spend(dave, 51), 400, 'Недостаточно коинов на счёте.', Code.Precondition);
    await fails(spend(dave, 1, { currency: 'GEM' }), 400, 'Недостаточно средств в валюте GEM.', Code.Precondition);
    await fails(spend(dave, 0), 400, 'Сумма: ожидалось целое число от 1 до 1000000000.', Code.Invalid);
    await fails(spend(dave, -10), 400, 'Сумма: ожидалось целое число от 1 до 1000000000.', Code.Invalid);
    await fails(spend(dave, 1, { currency: '' }), 400, /^Валюта: /, Code.Invalid);
    await fails(spend(dave, 1, { reason: 'Шаблон\nсайта' }), 400, 'Назначение: недопустимые символы.', Code.Invalid);
    await fails(portal.call(guest, 'spend_currency', { amount: 1 }), 403);
    assert.deepEqual(await wallet(dave), { COIN: 50 });
    assert.equal((await ledger(dave)).items.length, 1);
  });

  it('never overdraws under 50 spends at once: as many succeed as the balance covers', async () => {
    const erin = await portal.registered();
    await grant(erin, 30);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(erin, 1, { reason: 'Пакет статистики' })));
    const refused = results.filter((r) => r.status === 'rejected');
    assert.equal(results.length - refused.length, 30);
    for (const r of refused) {
      const e = await errorOf(Promise.reject((r as PromiseRejectedResult).reason));
      assert.deepEqual([e.body.code, e.body.message], [Code.Precondition, 'Недостаточно коинов на счёте.']);
    }
    assert.deepEqual(await wallet(erin), { COIN: 0 });
    const items = await allPages((cursor) => ledger(erin, { limit: 100, cursor }), 'items', 100);
    assert.equal(items.filter((i) => i.changeset.COIN === -1).length, 30);
    assert.equal(items.length, 31);
  });
});

describe('get_wallet_ledger', () => {
  it('pages the caller’s own ledger newest first and shows nobody else’s', async () => {
    const frank = await portal.registered();
    for (let i = 1; i <= 5; i++) await grant(frank, i);
    const items = await allPages((cursor) => ledger(frank, { limit: 2, cursor }), 'items', 2);
    assert.deepEqual(items.map((i) => i.changeset.COIN), [5, 4, 3, 2, 1]);
    assert.equal((await ledger(frank, { limit: 2 })).items.length, 2);
    const others = (await ledger(bob)).items.map((i: { id: string }) => i.id);
    assert.ok(items.every((i) => !others.includes(i.id)));
  });

  it('refuses a bad cursor and page size', async () => {
    await fails(ledger(alice, { cursor: 'not-a-cursor' }), 400, 'Страница списка: курсор недействителен.');
    await fails(ledger(alice, { limit: 101 }), 400, /^Размер страницы: /);
    await fails(ledger(alice, { limit: 0 }), 400, /^Размер страницы: /);
  });
});
