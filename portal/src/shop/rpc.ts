// The coin shop: five packs of coins for roubles, bought through the payment provider of the module
// settings (SHOP_PROVIDER: the test provider by default, or YooKassa). Coins are credited by the server
// only once the provider confirms the payment, once per payment (service.ts).
import { z } from 'zod';
import { notFound, permissionDenied, resourceExhausted } from '@tribuna/server';
import { rpc, uuid } from '../lib/rpc.ts';
import { METHODS, PACKS, packById, type CoinPack } from './packs.ts';
import { shopOf } from './service.ts';
import { getPayment, paymentOf, type Payment, type PaymentMethod } from './store.ts';

export interface CoinPackList {
  packs: readonly CoinPack[];
  methods: readonly PaymentMethod[];
  /** Payments are made with the test provider: no money moves. */
  test_mode: boolean;
}

/** A payment just started: with YooKassa, confirmation_url is where the user pays. */
export type StartedPayment = Pick<Payment, 'payment_id' | 'status' | 'confirmation_url' | 'test_mode'>;

/** Payments one user may start in 10 minutes: each one is a request to the provider. */
const PAYMENTS_PER_10_MINUTES = 20;
const NOT_FOUND = 'Платёж не найден.';

const packField = z
  .string({ error: 'укажите пакет коинов.' })
  .refine((id) => packById(id) !== undefined, 'нет такого пакета коинов.')
  .transform((id) => packById(id)!);
const methodField = z.enum(METHODS, { error: "ожидалось 'card', 'yoomoney' или 'sbp'." }).default('card');
/** A path of this site to come back to from the provider's page: /buyCoins unless another is given. */
const returnPathField = z
  .string({ error: 'ожидался путь на сайте, например /buyCoins.' })
  .max(200, 'не длиннее 200 символов.')
  .refine((p) => /^\/(?![/\\])[^\s#\\]*$/.test(p), 'ожидался путь на сайте, например /buyCoins.')
  .default('/buyCoins');

export const shopRpcs = [
  // Anyone: the packs, and whether the shop is in test mode (no money moves).
  rpc('list_coin_packs', 'public', z.object({}), async ({ nk }): Promise<CoinPackList> => ({
    packs: PACKS,
    methods: METHODS,
    test_mode: shopOf(nk).provider.testMode,
  })),

  // Registered users: a payment for a pack. With YooKassa, confirmation_url is the provider's page the
  // user is sent to; with the test provider the payment is confirmed by itself 1.5 s later.
  rpc(
    'create_payment',
    'registered',
    z.object({ pack_id: packField, method: methodField, return_path: returnPathField }),
    async ({ input, userId, nk }): Promise<StartedPayment> => {
      const limiter = nk.sharedRateLimiter('portal.shop_payments_per_user', PAYMENTS_PER_10_MINUTES, 600_000);
      if (!(await limiter.hit(userId))) throw resourceExhausted('Слишком много платежей подряд. Попробуйте через несколько минут.');
      const shop = shopOf(nk);
      const p = paymentOf(await shop.create(userId, input.pack_id, input.method, input.return_path));
      return { payment_id: p.payment_id, status: p.status, confirmation_url: p.confirmation_url, test_mode: p.test_mode };
    },
    { limit: 'create' },
  ),

  // Registered users: their own payment (another's is not found). A pending one is checked with the provider first.
  rpc('get_payment', 'registered', z.object({ payment_id: uuid }), async ({ input, userId, nk }): Promise<Payment> => {
    const row = await getPayment(nk.db, input.payment_id);
    if (!row || row.user_id !== userId) throw notFound(NOT_FOUND);
    return paymentOf(await shopOf(nk).check(row));
  }),

  // YooKassa's HTTP notifications, posted to /v2/rpc/yookassa_webhook?http_key=…&unwrap: the HTTP key in
  // that address is the secret, and any session is refused. The body only names the payment: it is read
  // back from YooKassa's API before anything changes.
  rpc(
    'yookassa_webhook',
    'public',
    z.object({
      type: z.string().max(64).optional(),
      event: z.string({ error: 'ожидалось название события.' }).max(64, 'не длиннее 64 символов.'),
      object: z.object({ id: z.string({ error: 'ожидался идентификатор платежа.' }).min(1).max(64) }, { error: 'ожидался объект платежа.' }),
    }),
    async ({ input, ctx, nk }) => {
      if (ctx.userId) throw permissionDenied('Уведомления платёжного сервиса принимаются только с ключом сервера.');
      const shop = shopOf(nk);
      if (shop.provider.name !== 'yookassa') throw notFound('Оплата через ЮKassa не подключена.');
      // Refunds and other events are acknowledged and left alone: the shop acts on payments only.
      if (input.event.startsWith('payment.')) await shop.notified(input.object.id);
      return {};
    },
    { limit: 'write' },
  ),
];
