// The shop's SQL: the payment table. A payment leaves pending once, for succeeded or canceled, by an
// UPDATE that matches only a pending row: of several confirmations racing, exactly one gets the row.
import type { Queryable } from '@tribuna/server';

export type PaymentStatus = 'pending' | 'succeeded' | 'canceled';
export type PaymentMethod = 'card' | 'yoomoney' | 'sbp';
export type ProviderName = 'test' | 'yookassa';

export interface PaymentRow {
  id: string;
  user_id: string;
  pack_id: string;
  coins: number;
  /** Whole roubles. */
  price: number;
  currency: string;
  method: PaymentMethod;
  provider: ProviderName;
  provider_payment_id: string | null;
  confirmation_url: string | null;
  status: PaymentStatus;
  create_time: Date;
  update_time: Date;
}

/** A payment as the shop's RPCs answer it (the caller's own). */
export interface Payment {
  payment_id: string;
  status: PaymentStatus;
  pack_id: string;
  coins: number;
  price: number;
  currency: string;
  method: PaymentMethod;
  /** Paid with the test provider: no money moved. */
  test_mode: boolean;
  /** Where the user confirms the payment with the provider, while it is pending. */
  confirmation_url?: string;
  create_time: string;
}

const COLUMNS = `id, user_id, pack_id, coins, price, currency, method, provider, provider_payment_id, confirmation_url, status,
  create_time, update_time`;

export function paymentOf(r: PaymentRow): Payment {
  const out: Payment = {
    payment_id: r.id,
    status: r.status,
    pack_id: r.pack_id,
    coins: r.coins,
    price: r.price,
    currency: r.currency,
    method: r.method,
    test_mode: r.provider === 'test',
    create_time: r.create_time.toISOString(),
  };
  if (r.status === 'pending' && r.confirmation_url) out.confirmation_url = r.confirmation_url;
  return out;
}

export async function insertPayment(
  q: Queryable,
  p: Pick<PaymentRow, 'id' | 'user_id' | 'pack_id' | 'coins' | 'price' | 'currency' | 'method' | 'provider'>,
): Promise<PaymentRow> {
  const rows = await q.query<PaymentRow>(
    `INSERT INTO payment (id, user_id, pack_id, coins, price, currency, method, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [p.id, p.user_id, p.pack_id, p.coins, p.price, p.currency, p.method, p.provider],
  );
  return rows[0];
}

/**
 * Records the provider's id of a pending payment and where the user confirms it; undefined when the payment
 * is no longer pending (canceled at a start as unfinished, see cancelUnfinishedPayments).
 */
export async function setProviderPayment(
  q: Queryable,
  id: string,
  providerPaymentId: string,
  confirmationUrl: string | undefined,
): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `UPDATE payment SET provider_payment_id = $2, confirmation_url = $3, update_time = now()
     WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, providerPaymentId, confirmationUrl ?? null],
  );
  return rows[0];
}

/**
 * Cancels the pending payments of a provider that have no provider id: their creation was cut short (the
 * process died between storing the payment and recording the provider's), so their user was never sent to
 * pay them and nothing would ever settle them. Answers their ids.
 */
export async function cancelUnfinishedPayments(q: Queryable, provider: ProviderName): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `UPDATE payment SET status = 'canceled', update_time = now()
     WHERE provider = $1 AND status = 'pending' AND provider_payment_id IS NULL RETURNING id`,
    [provider],
  );
  return rows.map((r) => r.id);
}

export async function getPayment(q: Queryable, id: string): Promise<PaymentRow | undefined> {
  return (await q.query<PaymentRow>(`SELECT ${COLUMNS} FROM payment WHERE id = $1`, [id]))[0];
}

export async function paymentByProviderId(q: Queryable, provider: ProviderName, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(`SELECT ${COLUMNS} FROM payment WHERE provider = $1 AND provider_payment_id = $2`, [
    provider,
    providerPaymentId,
  ]);
  return rows[0];
}

/** Moves a pending payment to status; undefined when it was not pending (already settled by another). */
export async function settlePayment(q: Queryable, id: string, status: 'succeeded' | 'canceled'): Promise<PaymentRow | undefined> {
  const rows = await q.query<PaymentRow>(
    `UPDATE payment SET status = $2, update_time = now() WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, status],
  );
  return rows[0];
}

/** A pending payment of a provider: its provider id, its age (by the database's clock) and its key `t` (UTC, microseconds). */
export interface PendingPayment {
  id: string;
  provider_payment_id: string;
  age_ms: number;
  t: string;
}

/** A page of a provider's pending payments that the provider has an id for, oldest first, after a (t, id) key. */
export async function pendingPayments(q: Queryable, provider: ProviderName, limit: number, after?: PendingPayment): Promise<PendingPayment[]> {
  const params: unknown[] = [provider, limit];
  let from = '';
  if (after) {
    params.push(after.t, after.id);
    from = `AND (create_time, id) > ($3::timestamp AT TIME ZONE 'UTC', $4::uuid)`;
  }
  const rows = await q.query<PendingPayment & { age_ms: string | number }>(
    `SELECT id, provider_payment_id, floor(extract(epoch FROM now() - create_time) * 1000)::bigint AS age_ms,
            to_char(create_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS t
     FROM payment WHERE status = 'pending' AND provider = $1 AND provider_payment_id IS NOT NULL ${from}
     ORDER BY create_time, id LIMIT $2`,
    params,
  );
  return rows.map((r) => ({ ...r, age_ms: Number(r.age_ms) }));
}

/** The test provider's view of one of its payments: the shop's row and whether 1.5 s have passed since. */
export async function testPaymentState(q: Queryable, providerPaymentId: string, delayMs: number): Promise<(PaymentRow & { due: boolean }) | undefined> {
  const rows = await q.query<PaymentRow & { due: boolean }>(
    `SELECT ${COLUMNS}, now() >= create_time + $2 * interval '1 millisecond' AS due
     FROM payment WHERE provider = 'test' AND provider_payment_id = $1`,
    [providerPaymentId, delayMs],
  );
  return rows[0];
}
