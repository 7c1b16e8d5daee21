// Web Push's SQL (migrations/0044_push.sql): a user's subscriptions, one per browser by its endpoint, and
// the key pair made for this database when the configuration has none.
import type { Queryable } from '@tribuna/server';

export interface Subscription {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
}

/** Devices one user may have subscribed at once; the oldest go when a new one comes past it. */
const MAX_DEVICES = 20;

/**
 * Keeps a browser's subscription for the user. A browser's endpoint is its own: if another user had it (the
 * same browser, signed in as someone else), it is theirs no more.
 */
export async function saveSubscription(q: Queryable, s: Subscription): Promise<void> {
  await q.execute(
    `INSERT INTO push_subscription (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, create_time = now()`,
    [s.endpoint, s.user_id, s.p256dh, s.auth],
  );
  await q.execute(
    `DELETE FROM push_subscription WHERE endpoint IN (
       SELECT endpoint FROM push_subscription WHERE user_id = $1 ORDER BY create_time DESC, endpoint OFFSET $2)`,
    [s.user_id, MAX_DEVICES],
  );
}

/** Removes the user's subscription of that endpoint; false when there was none. */
export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM push_subscription WHERE endpoint = $1 AND user_id = $2 RETURNING endpoint', [endpoint, userId]);
  return rows.length > 0;
}

/** Removes an endpoint its push service says is gone (404, 410), unless it was subscribed again since. */
export async function forgetEndpoint(q: Queryable, s: Subscription): Promise<void> {
  await q.execute('DELETE FROM push_subscription WHERE endpoint = $1 AND p256dh = $2 AND auth = $3', [s.endpoint, s.p256dh, s.auth]);
}

/** The subscriptions of these users, in one statement over the user index. */
export async function subscriptionsOf(q: Queryable, userIds: string[]): Promise<Subscription[]> {
  if (!userIds.length) return [];
  return q.query<Subscription>('SELECT endpoint, user_id, p256dh, auth FROM push_subscription WHERE user_id = ANY($1::uuid[])', [userIds]);
}

/** Whether any device is subscribed at all. */
export async function anySubscription(q: Queryable): Promise<boolean> {
  return (await q.query('SELECT 1 FROM push_subscription LIMIT 1')).length > 0;
}

/** The key pair of this database: the first one offered is kept, so every node reads the same. */
export async function storedKeys(q: Queryable, offered: { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }> {
  await q.execute('INSERT INTO push_vapid (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING', [offered.publicKey, offered.privateKey]);
  const row = (await q.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid WHERE id = 1'))[0];
  return { publicKey: row.public_key, privateKey: row.private_key };
}
