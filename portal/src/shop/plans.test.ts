// The shop's lookups are served by indexes: a webhook finds a payment by the provider's id, and the test
// provider pages its pending payments at start in order, without a sort.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { pagePlans, registered } from '../testing.ts';
import { paymentByProviderId, pendingPayments, testPaymentState } from './store.ts';

let ts: TestServer;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  const user = await registered(ts);
  await ts.app.nk.db.execute(
    `INSERT INTO payment (id, user_id, pack_id, coins, price, currency, method, provider, provider_payment_id, status, create_time)
     SELECT gen_random_uuid(), $1, 'coins_100', 100, 100, 'RUB', 'card', CASE WHEN i % 2 = 0 THEN 'test' ELSE 'yookassa' END,
            gen_random_uuid()::text, CASE WHEN i % 3 = 0 THEN 'succeeded' ELSE 'pending' END, now() - i * interval '1 second'
     FROM generate_series(1, 60) AS i`,
    [user.user_id],
  );
  await ts.app.nk.db.execute('ANALYZE payment');
});
after(() => ts.close());

describe('shop query plans', () => {
  it('finds a payment by its provider’s id through the provider index', async () => {
    // Run twice, as pagePlans runs a listing: the lookups of a webhook and of the test provider.
    const plans = await pagePlans(ts.app.nk.db, async (db, cursor) => {
      await paymentByProviderId(db, 'yookassa', 'x');
      await testPaymentState(db, 'x', 1500);
      return cursor ? {} : { cursor: 'again' };
    });
    assert.equal(plans.length, 4);
    for (const plan of plans) assert.match(plan, /Index Scan using payment_provider_idx/, plan);
  });

  it('pages pending test payments oldest first from the partial index, without a sort', async () => {
    const plans = await pagePlans(ts.app.nk.db, async (db, cursor) => {
      const page = await pendingPayments(db, 'test', 5, cursor ? JSON.parse(cursor) : undefined);
      return page.length === 5 ? { cursor: JSON.stringify(page[4]) } : {};
    });
    assert.equal(plans.length, 2);
    for (const plan of plans) {
      assert.match(plan, /payment_pending_idx/, plan);
      assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
    }
  });
});
