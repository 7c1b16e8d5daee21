// The coin wallet, on the game server's wallet and ledger (users.wallet and wallet_ledger, changed through
// nk): balances never fall below zero, each change is one ledger row with what it was for, and
// account.wallet is the same balance. Coins come from the shop (shop/rpc.ts, after the payment provider
// confirms) or from the server itself (add_currency with the HTTP key); users only spend them.
import { z } from 'zod';
import { AppError, Code, failedPrecondition, invalid, notFound, permissionDenied, type Nk } from '@tribuna/server';
import { cursor, limit, lineField, rpc, uuid } from '../lib/rpc.ts';

/** The portal's currency: the coins of the shop's packs. */
export const COIN = 'COIN';

const MAX_AMOUNT = 1_000_000_000;
const AMOUNT = `ожидалось целое число от 1 до ${MAX_AMOUNT}.`;
const amountField = z.number({ error: AMOUNT }).int(AMOUNT).min(1, AMOUNT).max(MAX_AMOUNT, AMOUNT);
/** A currency code as the wallet keeps it: COIN unless another is named. */
const currencyField = z
  .string({ error: 'ожидался код валюты, например COIN.' })
  .regex(/^[A-Z][A-Z0-9_]{0,31}$/, 'ожидался код валюты из заглавных латинских букв, цифр и _, например COIN.')
  .default(COIN);
/** What the coins were spent on or given for, as the ledger shows it. */
const reasonField = lineField(200).optional();

export interface Wallet {
  /** Balances per currency; COIN is always there, 0 when the user has none. */
  wallet: Record<string, number>;
}

export interface LedgerItem {
  id: string;
  /** What the change added per currency; negative amounts were spent. */
  changeset: Record<string, number>;
  /** What it was for: {reason} of a spend or grant, {payment_id, pack_id, provider, provider_payment_id} of a purchase. */
  metadata: Record<string, unknown>;
  create_time: string;
}

export interface LedgerPage {
  items: LedgerItem[];
  cursor?: string;
}

const walletOf = (balances: Record<string, number>): Wallet => ({ wallet: { [COIN]: 0, ...balances } });

/**
 * The wallet's refusals in the portal's words: a balance that would fall below zero, an unknown user. Both
 * come from the game server in English.
 */
function walletRefusal(err: unknown, currency: string): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.code === Code.FailedPrecondition) {
    return failedPrecondition(currency === COIN ? 'Недостаточно коинов на счёте.' : `Недостаточно средств в валюте ${currency}.`);
  }
  if (err.code === Code.NotFound) return notFound('Пользователь не найден.');
  return err;
}

async function change(nk: Nk, userId: string, currency: string, amount: number, metadata: Record<string, unknown>): Promise<Wallet> {
  try {
    return walletOf((await nk.walletUpdate(userId, { [currency]: amount }, metadata)).updated);
  } catch (err) {
    throw walletRefusal(err, currency);
  }
}

export const walletRpcs = [
  // Registered users: their own wallet.
  rpc('get_wallet', 'registered', z.object({}), async ({ userId, nk }) => walletOf((await nk.accountGetId(userId)).wallet)),

  // Registered users: their own ledger, newest first.
  rpc(
    'get_wallet_ledger',
    'registered',
    z.object({ limit: limit(20), cursor }),
    async ({ input, userId, nk }): Promise<LedgerPage> => {
      let page;
      try {
        page = await nk.walletLedgerList(userId, input.limit, input.cursor);
      } catch (err) {
        if (err instanceof AppError && err.code === Code.InvalidArgument) throw invalid('cursor: курсор недействителен.');
        throw err;
      }
      const items = page.items.map((i) => ({ id: i.id, changeset: i.changeset, metadata: i.metadata, create_time: i.createTime.toISOString() }));
      return page.cursor ? { items, cursor: page.cursor } : { items };
    },
  ),

  // Registered users: spend from their own wallet. Concurrent spends queue on the wallet's row lock, so
  // the balance never falls below zero; a spend it cannot cover is refused whole (9).
  rpc(
    'spend_currency',
    'registered',
    z.object({ currency: currencyField, amount: amountField, reason: reasonField }),
    async ({ input, userId, nk }) => change(nk, userId, input.currency, -input.amount, input.reason ? { reason: input.reason } : {}),
    { limit: 'write' },
  ),

  // The server alone, with the HTTP key: a user's session (a guest's too) is refused, whoever it is.
  rpc(
    'add_currency',
    'public',
    z.object({ user_id: uuid, currency: currencyField, amount: amountField, reason: reasonField }),
    async ({ input, ctx, nk }) => {
      if (ctx.userId) throw permissionDenied('Начислять валюту может только сервер.');
      return change(nk, input.user_id, input.currency, input.amount, input.reason ? { reason: input.reason } : {});
    },
    { limit: 'write' },
  ),
];
