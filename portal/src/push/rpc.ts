// Web Push subscriptions: a signed-in user's browser subscribes (several devices each) with its push
// service's endpoint and keys, which must point to an allowed push service (PUSH_ALLOWED_ORIGINS), so no one
// can make the server post to an address of their choosing; the key to subscribe with is public.
import { z } from 'zod';
import { invalid, notFound } from '@tribuna/server';
import { rpc } from '../lib/rpc.ts';
import { originAllowed } from './sender.ts';
import { pushPublicKey, subscribed } from './service.ts';
import { deleteSubscription, saveSubscription } from './store.ts';

const text = z.string({ error: 'ожидалась строка.' });
const endpoint = text.trim().min(1, 'не указан.').max(1024, 'не длиннее 1024 символов.');
/** A key in base64url (padding allowed) of exactly `bytes` bytes. */
const key = (bytes: number) =>
  text.trim().max(200).refine((v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v.replace(/=+$/, ''), 'base64url').length === bytes, `ожидался ключ из ${bytes} байт в base64url.`)
    .transform((v) => v.replace(/=+$/, ''));

export const pushRpcs = [
  // Public: the VAPID public key (base64url) that browsers subscribe with.
  rpc('get_push_public_key', 'public', z.object({}), async ({ nk }) => ({ public_key: pushPublicKey(nk) })),

  // Signed-in users: keeps the browser's subscription for them (a browser subscribed under another account
  // becomes theirs); at most 20 devices each, the oldest go first.
  rpc(
    'register_push_subscription',
    'session',
    z.object({ endpoint, keys: z.object({ p256dh: key(65), auth: key(16) }, { error: 'ожидались ключи подписки (keys).' }) }),
    async ({ input, userId, nk }) => {
      const allowed = (nk.env.PUSH_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
      if (!originAllowed(input.endpoint, allowed)) throw invalid('endpoint: это не адрес службы push-уведомлений браузера.');
      await saveSubscription(nk.db, { endpoint: input.endpoint, user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth });
      subscribed(nk);
      return {};
    },
    { limit: 'write' },
  ),

  // Signed-in users, their own subscription: the device is told nothing more.
  rpc('unregister_push_subscription', 'session', z.object({ endpoint }), async ({ input, userId, nk }) => {
    if (!(await deleteSubscription(nk.db, userId, input.endpoint))) throw notFound('Подписка на уведомления не найдена.');
    return {};
  }, { limit: 'write' }),
];
