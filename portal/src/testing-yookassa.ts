// Helpers of the shop's tests: a stand-in for YooKassa's HTTP API v3 on 127.0.0.1. Payments are created
// with Basic auth (shop id and secret key) and an Idempotence-Key: the same key and body answer the
// payment created first, the same key with another body is refused, as YooKassa does. Payments are read
// back by id; a checkout page pays or cancels one and sends the user to its return_url; notifications
// are posted to the shop's webhook as YooKassa sends them. Not a test itself.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  metadata: Record<string, unknown>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  payment_method: { type: string; id: string; saved: boolean };
  capture: boolean;
  created_at: string;
  test: true;
}

interface FakeRequest {
  method: string;
  path: string;
  authorized: boolean;
  idempotenceKey?: string;
  body?: unknown;
}

export interface FakeYookassa {
  /** The API's address, as YOOKASSA_API_URL. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, FakePayment>;
  /** Every API request, in order. */
  requests: FakeRequest[];
  /** Where notifications are posted (the shop's webhook address); none are sent while unset. */
  webhookUrl?: string;
  /** The payer pays (or gives up): the status changes and, with webhookUrl, a notification is sent. */
  settle(id: string, status: 'succeeded' | 'canceled'): Promise<void>;
  /** Posts a notification of the payment as it is now (or as `object` says) to webhookUrl. */
  notify(id: string, event?: string, object?: object): Promise<Response>;
  close(): Promise<void>;
}

const error = (res: http.ServerResponse, status: number, code: string, description: string, parameter?: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ type: 'error', id: crypto.randomUUID(), code, description, ...(parameter ? { parameter } : {}) }));
};

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const AMOUNT = /^\d+\.\d{2}$/;
const METHOD_TYPES = ['bank_card', 'yoo_money', 'sbp'];

export async function startFakeYookassa(shopId = '100500', secretKey = 'test_secret_key'): Promise<FakeYookassa> {
  const payments = new Map<string, FakePayment>();
  const requests: FakeRequest[] = [];
  // Idempotence-Key -> the body it was first sent with and the payment it created.
  const keys = new Map<string, { body: string; id: string }>();
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  let origin = '';

  function create(res: http.ServerResponse, raw: string, key: string | undefined) {
    if (!key) return error(res, 400, 'invalid_request', 'Idempotence-Key header is missing', 'Idempotence-Key');
    if (key.length > 64) return error(res, 400, 'invalid_request', 'Idempotence-Key is too long', 'Idempotence-Key');
    const seen = keys.get(key);
    if (seen) {
      if (seen.body !== raw) return error(res, 400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
      return json(res, payments.get(seen.id));
    }
    let b: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      b = JSON.parse(raw);
    } catch {
      return error(res, 400, 'invalid_request', 'Request body is not JSON');
    }
    if (!AMOUNT.test(b.amount?.value ?? '') || b.amount?.currency !== 'RUB') return error(res, 400, 'invalid_request', 'Invalid amount', 'amount');
    if (b.confirmation?.type !== 'redirect' || typeof b.confirmation.return_url !== 'string') {
      return error(res, 400, 'invalid_request', 'Invalid confirmation', 'confirmation');
    }
    if (!METHOD_TYPES.includes(b.payment_method_data?.type)) return error(res, 400, 'invalid_request', 'Invalid payment method', 'payment_method_data.type');
    const id = crypto.randomUUID();
    const p: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: b.amount,
      description: b.description,
      metadata: b.metadata ?? {},
      confirmation: { type: 'redirect', confirmation_url: `${origin}/checkout/${id}`, return_url: b.confirmation.return_url },
      payment_method: { type: b.payment_method_data.type, id, saved: false },
      capture: b.capture === true,
      created_at: new Date().toISOString(),
      test: true,
    };
    payments.set(id, p);
    keys.set(key, { body: raw, id });
    json(res, p);
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', origin);

    // The payer's page: ?result=succeeded|canceled, then back to the shop.
    const checkout = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
    if (checkout && req.method === 'GET') {
      const p = payments.get(checkout[1]);
      if (!p) return error(res, 404, 'not_found', 'Payment not found');
      await fake.settle(p.id, url.searchParams.get('result') === 'canceled' ? 'canceled' : 'succeeded');
      res.writeHead(302, { Location: p.confirmation.return_url });
      return res.end();
    }

    const authorized = req.headers.authorization === expected;
    const key = req.headers['idempotence-key'] as string | undefined;
    let body: unknown = raw || undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // Kept as the text it was.
    }
    requests.push({ method: req.method ?? '', path: url.pathname, authorized, idempotenceKey: key, body });
    if (!authorized) return error(res, 401, 'invalid_credentials', 'Login or password is incorrect');
    if (req.method === 'POST' && url.pathname === '/v3/payments') return create(res, raw, key);
    const one = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const p = payments.get(decodeURIComponent(one[1]));
      return p ? json(res, p) : error(res, 404, 'not_found', 'Payment not found');
    }
    error(res, 404, 'not_found', 'Unknown resource');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeYookassa = {
    apiUrl: `${origin}/v3`,
    shopId,
    secretKey,
    payments,
    requests,
    async settle(id, status) {
      const p = payments.get(id)!;
      p.status = status;
      p.paid = status === 'succeeded';
      if (fake.webhookUrl) await fake.notify(id);
    },
    notify(id, event, object) {
      const p = payments.get(id);
      return fetch(fake.webhookUrl!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'notification', event: event ?? `payment.${p?.status}`, object: object ?? p }),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return fake;
}
