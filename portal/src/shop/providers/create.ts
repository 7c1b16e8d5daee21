// The payment provider SHOP_PROVIDER names, made for the shop's service.
import type { Db, Logger } from '@tribuna/server';
import type { Notify, PaymentProvider } from './provider.ts';
import { testProvider } from './test.ts';
import { yookassaProvider } from './yookassa.ts';

/** The provider the module settings name (validated by the server's configuration). */
export function createProvider(env: Readonly<Record<string, string>>, db: Db, notify: Notify, logger: Logger): PaymentProvider {
  if (env.SHOP_PROVIDER === 'yookassa') {
    return yookassaProvider({ shopId: env.YOOKASSA_SHOP_ID, secretKey: env.YOOKASSA_SECRET_KEY, apiUrl: env.YOOKASSA_API_URL }, logger);
  }
  return testProvider(db, notify, logger);
}
