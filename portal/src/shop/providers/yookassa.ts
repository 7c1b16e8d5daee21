// YooKassa (SHOP_PROVIDER=yookassa), its HTTP API v3 with the shop id and secret key as Basic auth. A
// payment is created with capture: true, the chosen payment method and a redirect confirmation; the user
// pays on YooKassa's page and comes back to return_url. The shop reads a payment's status back with
// GET /payments/{id}: when the user returns (get_payment) and for every notification the webhook gets.
import { z } from 'zod';
import { AppError, Code, type Logger } from '@tribuna/server';
import type { PaymentMethod } from '../store.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';

export interface YookassaSettings {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3 */
  apiUrl: string;
}

/** YooKassa's payment method types. */
const METHOD_TYPES: Record<PaymentMethod, string> = { card: 'bank_card', yoomoney: 'yoo_money', sbp: 'sbp' };
const TIMEOUT_MS = 10_000;

const webUrl = z.string().refine((s) => {
  try {
    return ['https:', 'http:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
});

/** The fields of YooKassa's payment object the shop reads; an answer without them is the provider failing. */
const paymentSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  paid: z.boolean(),
  amount: z.object({ value: z.string(), currency: z.string() }),
  metadata: z.record(z.string(), z.unknown()).optional(),
  confirmation: z.object({ type: z.string(), confirmation_url: webUrl.optional() }).optional(),
});

const unavailable = () => new AppError(Code.Unavailable, 'Платёжный сервис сейчас недоступен. Попробуйте позже.');

export function yookassaProvider(settings: YookassaSettings, logger: Logger): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  /** A payment from the API; undefined for a GET of an unknown one. Any failure is Unavailable, logged. */
  async function request(path: string, create?: { body: object; idempotenceKey: string }): Promise<ProviderPayment | undefined> {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
    if (create) Object.assign(headers, { 'Content-Type': 'application/json', 'Idempotence-Key': create.idempotenceKey });
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${settings.apiUrl}${path}`, {
        method: create ? 'POST' : 'GET',
        headers,
        body: create ? JSON.stringify(create.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      logger.warn('shop: YooKassa did not answer', { path, err });
      throw unavailable();
    }
    if (!create && res.status === 404) return undefined;
    if (!res.ok) {
      // 401 is a wrong shop id or secret key: a configuration error, logged as such.
      logger.error('shop: YooKassa refused a request', { path, status: res.status, answer: text.slice(0, 500) });
      throw unavailable();
    }
    let parsed: ReturnType<typeof paymentSchema.safeParse> | undefined;
    try {
      parsed = paymentSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      logger.error('shop: YooKassa answered an unexpected payment', { path, answer: text.slice(0, 500) });
      throw unavailable();
    }
    const p = parsed.data;
    const out: ProviderPayment = { id: p.id, status: p.status, paid: p.paid, amount: p.amount, metadata: p.metadata ?? {} };
    if (p.confirmation?.confirmation_url) out.confirmationUrl = p.confirmation.confirmation_url;
    return out;
  }

  return {
    name: 'yookassa',
    testMode: false,

    async create(p) {
      const body = {
        amount: p.amount,
        capture: true,
        confirmation: { type: 'redirect', return_url: p.returnUrl },
        payment_method_data: { type: METHOD_TYPES[p.method] },
        description: p.description,
        metadata: { payment_id: p.paymentId },
      };
      // The shop's payment id is the idempotency key: a retried request gets the payment created first.
      return (await request('/payments', { body, idempotenceKey: p.paymentId }))!;
    },

    fetch: (id) => request(`/payments/${encodeURIComponent(id)}`),
    start: async () => {},
    stop: async () => {},
  };
}
