// Web Push for this server: the VAPID keys (the configuration's, or the pair kept in the database), the
// sender, and what is pushed: every notification delivered (the portal's and the game server's friend
// requests, in Russian, opening their page) and chat messages to participants with no socket open.
import webpush from 'web-push';
import type { Initializer, Logger, NkDeliveredNotifications, NkNotification, Nk } from '@tribuna/server';
import { PushSender, type PushMessage } from './sender.ts';
import { anySubscription, forgetEndpoint, storedKeys, subscriptionsOf } from './store.ts';

/** The game server's friend notifications (its codes are 0 and below; the portal's are above 100). */
const FRIEND_REQUEST = -2;
const FRIEND_ACCEPT = -3;
const SITE = 'Трибуна';
/** Where the web app opens its chat widget: a chat by id, or the friends tab. */
export const chatUrl = (chatId: string) => `/?chat=${encodeURIComponent(chatId)}`;
const FRIENDS_URL = '/?chat=friends';

interface Push {
  publicKey: string;
  sender: PushSender;
  /** Chats whose push is being prepared, with the newest message to push when it is ready. */
  pendingChats: Map<string, PendingChat>;
  /**
   * Whether any device has subscribed: until one does, chat messages cost nothing. Another node's first
   * subscription is seen within NONE_RECHECK_MS.
   */
  anySubscription: boolean;
  checkedAt: number;
}

const NONE_RECHECK_MS = 10_000;

/** A chat message waiting for its chat's participants to be read. */
export interface ChatPush {
  chatId: string;
  senderId: string;
  /** The participants besides the sender, read when the push goes (a team chat can be large). */
  participants: () => Promise<string[]>;
  message: PushMessage;
}

interface PendingChat extends ChatPush {
  /** Messages coalesced into this push. */
  count: number;
}

const services = new WeakMap<Nk, Push>();

/** The configuration's key pair, or this database's (made once). */
async function vapidKeys(nk: Nk): Promise<{ publicKey: string; privateKey: string }> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = nk.env;
  if (publicKey && privateKey) return { publicKey, privateKey };
  return storedKeys(nk.db, webpush.generateVAPIDKeys());
}

/** Starts Web Push for this server: it stops with the server. */
export async function startPush(initializer: Initializer, nk: Nk, logger: Logger): Promise<void> {
  const keys = await vapidKeys(nk);
  const allowed = (nk.env.PUSH_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
  const sender = new PushSender({ ...keys, subject: nk.env.VAPID_SUBJECT }, allowed, (s) => forgetEndpoint(nk.db, s), logger);
  services.set(nk, { publicKey: keys.publicKey, sender, pendingChats: new Map(), anySubscription: await anySubscription(nk.db), checkedAt: Date.now() });
  initializer.registerShutdown(() => sender.close());
  initializer.registerNotificationsDelivered((delivered) => {
    void pushNotifications(nk, sender, delivered).catch((err: unknown) => logger.error('push of notifications failed', { err }));
  });
}

function serviceOf(nk: Nk): Push {
  const s = services.get(nk);
  if (!s) throw new Error('Web Push was not started for this server.');
  return s;
}

/** A device subscribed (on this node; another node's is seen at its next start). */
export function subscribed(nk: Nk): void {
  serviceOf(nk).anySubscription = true;
}

/** The public key browsers subscribe with (applicationServerKey). */
export const pushPublicKey = (nk: Nk): string => serviceOf(nk).publicKey;

/** What a notification says on a device, or undefined for the game server's kinds the portal does not use. */
function messageOf(n: NkNotification, names: Map<string, string>): PushMessage | undefined {
  const content = (n.content ?? {}) as Record<string, unknown>;
  const name = (n.senderId && names.get(n.senderId)) || 'Пользователь';
  if (n.code === FRIEND_REQUEST) return { title: SITE, body: `${name} хочет добавить вас в друзья`, url: FRIENDS_URL };
  if (n.code === FRIEND_ACCEPT) return { title: SITE, body: `${name} принял(а) вашу заявку в друзья`, url: FRIENDS_URL };
  if (n.code <= 0) return undefined;
  const link = typeof content.link === 'string' && content.link.startsWith('/') ? content.link : '/';
  return { title: SITE, body: n.subject, url: link };
}

async function pushNotifications(nk: Nk, sender: PushSender, delivered: NkDeliveredNotifications[]): Promise<void> {
  const subscriptions = await subscriptionsOf(nk.db, delivered.map((d) => d.userId));
  if (!subscriptions.length) return;
  const senders = new Set(delivered.flatMap((d) => d.notifications.map((n) => n.senderId).filter((id): id is string => !!id)));
  const users = senders.size ? await nk.usersGetId([...senders]) : [];
  const names = new Map(users.map((u) => [u.userId, u.displayName || u.username]));
  for (const d of delivered) {
    const mine = subscriptions.filter((s) => s.user_id === d.userId);
    if (!mine.length) continue;
    for (const n of d.notifications) {
      const message = messageOf(n, names);
      if (message) sender.send(mine, message);
    }
  }
}

/**
 * Pushes a chat message to its participants who have no socket open (on any node), after the caller has
 * answered: while one push of a chat is being prepared, later messages of that chat join it (the device
 * shows the newest and how many came), so a busy chat reads its participants once at a time.
 */
export function pushChatMessage(nk: Nk, logger: Logger, push: ChatPush): void {
  const service = services.get(nk);
  if (!service) return;
  if (!service.anySubscription) {
    if (Date.now() - service.checkedAt > NONE_RECHECK_MS) {
      service.checkedAt = Date.now();
      void anySubscription(nk.db).then((any) => { service.anySubscription ||= any; }, () => undefined);
    }
    return;
  }
  const pending = service.pendingChats.get(push.chatId);
  if (pending) {
    pending.count++;
    pending.message = push.message;
    return;
  }
  const entry: PendingChat = { ...push, count: 1 };
  service.pendingChats.set(push.chatId, entry);
  setImmediate(() => {
    void (async () => {
      const participants = await entry.participants();
      service.pendingChats.delete(push.chatId);
      const offline = participants.filter((id) => id !== entry.senderId && nk.streamCount({ mode: 0, subject: id }) === 0);
      const subscriptions = await subscriptionsOf(nk.db, offline);
      const { message, count } = entry;
      service.sender.send(subscriptions, count > 1 ? { ...message, title: `${message.title} · новых сообщений: ${count}` } : message);
    })().catch((err: unknown) => {
      service.pendingChats.delete(push.chatId);
      logger.error('push of a chat message failed', { err });
    });
  });
}
