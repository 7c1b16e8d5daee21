// The shop's payments: one is created with the provider, then settled by what the provider itself says
// of it, read back with the provider's API (a notification only says when to look). Coins are credited
// in one transaction with the move from pending to succeeded, which only one confirmation can make.
import { AppError, Code, failedPrecondition, notFound, type Initializer, type Logger, type Nk, type WindowLimit } from '@tribuna/server';
import { COIN } from '../wallet/index.ts';
import { amountOf, kopecksOf, type CoinPack } from './packs.ts';
import { createProvider } from './providers/create.ts';
import type { PaymentProvider, ProviderPayment } from './providers/provider.ts';
import { cancelUnfinishedPayments, getPayment, insertPayment, paymentByProviderId, setProviderPayment, settlePayment, type PaymentMethod, type PaymentRow } from './store.ts';

const UNAVAILABLE = 'Платёжный сервис сейчас недоступен. Попробуйте позже.';
/** A payment's status is asked of the provider at most once in this time, however often its owner polls. */
const CHECK_INTERVAL_MS = 2000;

/** What in the provider's payment differs from the shop's, or undefined when it is the same payment. */
function mismatch(row: PaymentRow, remote: ProviderPayment): string | undefined {
  if (remote.id !== row.provider_payment_id) return 'another provider payment';
  if (remote.metadata.payment_id !== row.id) return 'metadata of another payment';
  if (remote.amount.currency !== row.currency) return `currency ${remote.amount.currency}`;
  if (kopecksOf(remote.amount.value) !== row.price * 100) return `amount ${remote.amount.value}`;
  return undefined;
}

/** The site's page the provider returns the user to, naming the payment (?payment=id). */
function returnUrl(site: string, path: string, paymentId: string): string {
  return `${site}${path}${path.includes('?') ? '&' : '?'}payment=${paymentId}`;
}

export class Shop {
  readonly provider: PaymentProvider;
  private readonly nk: Nk;
  private readonly logger: Logger;
  private readonly checks: WindowLimit;

  constructor(nk: Nk, logger: Logger) {
    this.nk = nk;
    this.logger = logger;
    this.checks = nk.sharedRateLimiter('portal.shop_status_checks', 1, CHECK_INTERVAL_MS);
    this.provider = createProvider(nk.env, nk.db, async (id) => void (await this.notified(id)), logger);
  }

  /** A new pending payment of userId's for a pack, created with the provider. */
  async create(userId: string, pack: CoinPack, method: PaymentMethod, returnPath: string): Promise<PaymentRow> {
    const { db } = this.nk;
    const row = await insertPayment(db, {
      id: this.nk.uuid(),
      user_id: userId,
      pack_id: pack.id,
      coins: pack.coins,
      price: pack.price,
      currency: pack.currency,
      method,
      provider: this.provider.name,
    });
    let remote: ProviderPayment;
    try {
      remote = await this.provider.create({
        paymentId: row.id,
        amount: amountOf(pack.price, pack.currency),
        method,
        description: `${pack.coins} коинов на портале «Трибуна»`,
        returnUrl: returnUrl(this.nk.env.PUBLIC_URL, returnPath, row.id),
      });
      if (!this.provider.testMode && !remote.confirmationUrl) {
        this.logger.error('shop: the provider gave no confirmation URL', { payment: row.id });
        throw new AppError(Code.Unavailable, UNAVAILABLE);
      }
    } catch (err) {
      await settlePayment(db, row.id, 'canceled');
      throw err instanceof AppError ? err : new AppError(Code.Unavailable, UNAVAILABLE);
    }
    const started = await setProviderPayment(db, row.id, remote.id, remote.confirmationUrl);
    // Canceled meanwhile by a node starting (as a creation cut short): the user is not sent to pay it.
    if (!started) throw new AppError(Code.Unavailable, UNAVAILABLE);
    return started;
  }

  /**
   * The payment as it stands, asking the provider first while it is pending (at most once in
   * CHECK_INTERVAL_MS per payment). A provider that cannot be reached leaves it as stored.
   */
  async check(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'pending' || !row.provider_payment_id) return row;
    if (!this.provider.testMode && !(await this.checks.hit(row.id))) return row;
    try {
      return await this.settle(row);
    } catch (err) {
      if (!(err instanceof AppError)) this.logger.error('shop: status check failed', { payment: row.id, err });
      return (await getPayment(this.nk.db, row.id)) ?? row;
    }
  }

  /**
   * The provider says one of its payments changed (a webhook, the test provider's timer): the payment is
   * read back from the provider and settled. NotFound for a payment the shop never made; a payment that
   * differs from the shop's is refused (FailedPrecondition) and credits nothing.
   */
  async notified(providerPaymentId: string): Promise<PaymentRow> {
    const row = await paymentByProviderId(this.nk.db, this.provider.name, providerPaymentId);
    if (!row) throw notFound('Платёж не найден.');
    return this.settle(row);
  }

  private async settle(row: PaymentRow): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const remote = await this.provider.fetch(row.provider_payment_id!);
    if (!remote) {
      this.logger.warn('shop: the provider does not know a payment', { payment: row.id, provider_payment_id: row.provider_payment_id });
      return row;
    }
    const differs = mismatch(row, remote);
    if (differs) {
      this.logger.warn('shop: confirmation refused', { payment: row.id, provider_payment_id: row.provider_payment_id, differs });
      throw failedPrecondition('Платёж у платёжного сервиса не совпадает с заказом: коины не начислены.');
    }
    if (remote.status === 'succeeded' && remote.paid) return this.credit(row);
    if (remote.status === 'canceled') return (await settlePayment(this.nk.db, row.id, 'canceled')) ?? (await getPayment(this.nk.db, row.id))!;
    return row;
  }

  /** Marks the payment succeeded and credits its coins, in one transaction; once, whoever else tries. */
  private async credit(row: PaymentRow): Promise<PaymentRow> {
    const paid = await this.nk.tx(async (tnk) => {
      const done = await settlePayment(tnk.db, row.id, 'succeeded');
      if (!done) return undefined;
      await tnk.walletUpdate(done.user_id, { [COIN]: done.coins }, {
        payment_id: done.id,
        pack_id: done.pack_id,
        provider: done.provider,
        provider_payment_id: done.provider_payment_id,
      });
      return done;
    });
    if (paid) this.logger.info('shop: coins credited', { payment: paid.id, user: paid.user_id, coins: paid.coins });
    return paid ?? (await getPayment(this.nk.db, row.id))!;
  }
}

const shops = new WeakMap<Nk, Shop>();

/**
 * Starts the shop of this server (its provider from the module settings) and picks up what its provider
 * left when the server stopped: payments whose creation a crash cut short are canceled, the provider
 * settles the others. The provider stops with the server.
 */
export async function startShop(initializer: Initializer, nk: Nk, logger: Logger): Promise<void> {
  const shop = new Shop(nk, logger);
  shops.set(nk, shop);
  initializer.registerShutdown(() => shop.provider.stop());
  if (shop.provider.testMode) logger.info('shop: test mode, coins are credited without a real payment (SHOP_PROVIDER=test)');
  const unfinished = await cancelUnfinishedPayments(nk.db, shop.provider.name);
  if (unfinished.length) logger.warn('shop: payments whose creation was cut short are canceled', { payments: unfinished });
  await shop.provider.start();
}

export function shopOf(nk: Nk): Shop {
  const shop = shops.get(nk);
  if (!shop) throw new Error('The shop was not started for this server.');
  return shop;
}
