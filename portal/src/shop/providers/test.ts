// The built-in test provider (SHOP_PROVIDER=test, the default): no money moves, and every payment counts
// as paid 1.5 s after its creation. It keeps no state of its own: a test payment is the shop's row, so
// its answer is the same on every node and after a restart. A timer per payment tells the shop once the
// 1.5 s have passed; the timers are bounded (past MAX_TIMERS the payment is confirmed when its owner
// asks for it, get_payment). Timers do not survive a restart: at start, pending test payments older
// than 1.5 s are confirmed at once and younger ones get a timer for the rest.
import type { Db, Logger } from '@tribuna/server';
import { amountOf } from '../packs.ts';
import { pendingPayments, testPaymentState, type PendingPayment } from '../store.ts';
import type { Notify, PaymentProvider } from './provider.ts';

export const TEST_CONFIRM_DELAY_MS = 1500;
const MAX_TIMERS = 1000;
const PAGE = 100;
/** How soon a timer that fired before its payment was due tries again. */
const RETRY_MS = 50;

export function testProvider(db: Db, notify: Notify, logger: Logger): PaymentProvider {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  // The shop is told once the database's clock says the payment is due. A timer can fire a little before
  // that (a timer's clock is the event loop's, the age the database's): then it is armed again.
  const confirm = (id: string) => {
    const p = (async () => {
      const state = await testPaymentState(db, id, TEST_CONFIRM_DELAY_MS);
      if (state?.status !== 'pending') return;
      if (!state.due) confirmLater(id, RETRY_MS);
      else await notify(id);
    })()
      .catch((err) => logger.error('shop: test payment confirmation failed', { payment: id, err }))
      .finally(() => running.delete(p));
    running.add(p);
    return p;
  };
  const confirmLater = (id: string, delayMs: number) => {
    if (stopped || timers.has(id) || timers.size >= MAX_TIMERS) return;
    const t = setTimeout(() => {
      timers.delete(id);
      void confirm(id);
    }, Math.max(0, delayMs));
    timers.set(id, t);
  };

  return {
    name: 'test',
    testMode: true,

    async create(p) {
      confirmLater(p.paymentId, TEST_CONFIRM_DELAY_MS);
      return { id: p.paymentId, status: 'pending', paid: false, amount: p.amount, metadata: { payment_id: p.paymentId } };
    },

    async fetch(id) {
      const row = await testPaymentState(db, id, TEST_CONFIRM_DELAY_MS);
      if (!row) return undefined;
      return {
        id,
        status: row.due ? 'succeeded' : 'pending',
        paid: row.due,
        amount: amountOf(row.price, row.currency),
        metadata: { payment_id: row.id },
      };
    },

    async start() {
      let after: PendingPayment | undefined;
      for (;;) {
        const page = await pendingPayments(db, 'test', PAGE, after);
        for (const p of page) {
          if (p.age_ms >= TEST_CONFIRM_DELAY_MS) await confirm(p.provider_payment_id);
          else confirmLater(p.provider_payment_id, TEST_CONFIRM_DELAY_MS - p.age_ms);
        }
        if (page.length < PAGE) return;
        after = page[page.length - 1];
      }
    },

    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.all(running);
    },
  };
}
