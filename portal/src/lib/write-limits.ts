// The portal's limits on writes, by class. Every RPC that changes something names its class where it is
// declared (rpc(id, access, schema, handler, { limit })); no handler counts for itself. The numbers are the
// configuration's (LIMIT_*, read through nk.limits); the counters are the bus's (memory on one node, Redis
// in a cluster). Calls made with the HTTP key (server to server) have no user and are not limited.
import { resourceExhausted, type Logger, type Nk, type RateLimit, type RpcContext } from '@tribuna/server';
import { afterNumber, inTime } from './limits.ts';

/**
 * What an RPC's writes count against:
 * - write: the general write rate per user and per client address;
 * - create: that, and creations of its kind (the RPC) per user an hour;
 * - news, chat: creations, and news items or chats per user a day (counted from what was stored);
 * - react: likes and ratings per user (their own rate, not the general one), and the address's;
 * - message: chat messages per user (the server's, shared with the socket's channel_message_send), the
 *   address's, and the bytes of messages stored per user a day (also the server's);
 * - mark: the general rate per user only, for the caller's own read markers, which follow what others
 *   post (a busy chat read by a whole club behind one address would spend the address's writes).
 */
export type LimitClass = 'write' | 'create' | 'news' | 'chat' | 'react' | 'message' | 'mark';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** A counter of a class: its limit, whose key it counts and what a refused caller reads. */
interface Counter {
  limit: RateLimit;
  key: 'user' | 'address' | 'kind';
  refusal: (retryAfterSec: number) => string;
}

interface Counters {
  userWrites: Counter;
  addressWrites: Counter;
  creations: Counter;
  reactions: Counter;
  messages: Counter;
  messageBytes: Counter;
  news: Counter;
  chats: Counter;
}

type CounterName = keyof Counters;

/** Per class: the rates taken before the handler, in order, and the daily cap checked before and counted after. */
const CLASSES: Record<LimitClass, { rates: CounterName[]; daily?: CounterName }> = {
  write: { rates: ['userWrites', 'addressWrites'] },
  create: { rates: ['userWrites', 'creations', 'addressWrites'] },
  news: { rates: ['userWrites', 'creations', 'addressWrites'], daily: 'news' },
  chat: { rates: ['userWrites', 'creations', 'addressWrites'], daily: 'chats' },
  react: { rates: ['reactions', 'addressWrites'] },
  message: { rates: ['messages', 'addressWrites'], daily: 'messageBytes' },
  mark: { rates: ['userWrites'] },
};

/** Whether a class has a daily cap, counted from what each call stored. */
export const hasDailyCap = (c: LimitClass): boolean => CLASSES[c].daily !== undefined;

const again = (sec: number) => `Повторите через ${inTime(sec)}.`;

function counters(nk: Nk): Counters {
  const n = nk.limits;
  return {
    userWrites: {
      limit: nk.rateLimit('portal.writes_per_user', n.writesPerUserMinute, MINUTE),
      key: 'user',
      refusal: (s) => `Слишком много действий подряд. ${again(s)}`,
    },
    addressWrites: {
      limit: nk.rateLimit('portal.writes_per_address', n.writesPerAddressMinute, MINUTE),
      key: 'address',
      refusal: (s) => `Слишком много действий с вашего адреса. ${again(s)}`,
    },
    creations: {
      limit: nk.rateLimit('portal.creations_per_user', n.creationsPerUserHour, HOUR),
      key: 'kind',
      refusal: (s) => `Слишком много новых записей за час. ${again(s)}`,
    },
    reactions: {
      limit: nk.rateLimit('portal.reactions_per_user', n.reactionsPerUserMinute, MINUTE),
      key: 'user',
      refusal: (s) => `Слишком много оценок подряд. ${again(s)}`,
    },
    messages: { limit: nk.chatLimits.messages, key: 'user', refusal: (s) => `Слишком много сообщений подряд. ${again(s)}` },
    messageBytes: { limit: nk.chatLimits.bytes, key: 'user', refusal: (s) => `Исчерпан суточный объём сообщений. ${again(s)}` },
    news: {
      limit: nk.rateLimit('portal.news_per_user_day', n.newsPerUserDay, DAY),
      key: 'user',
      refusal: (s) => `Можно опубликовать не больше ${n.newsPerUserDay} ${afterNumber(n.newsPerUserDay, 'новости', 'новостей')} за сутки. ${again(s)}`,
    },
    chats: {
      limit: nk.rateLimit('portal.chats_per_user_day', n.chatsPerUserDay, DAY),
      key: 'user',
      refusal: (s) => `Можно создать не больше ${n.chatsPerUserDay} ${afterNumber(n.chatsPerUserDay, 'чата', 'чатов')} за сутки. ${again(s)}`,
    },
  };
}

/** The counters of each facade, made on the first call (asking the bus for a name on every call would do the same work again). */
const made = new WeakMap<Nk, Counters>();
function countersOf(nk: Nk): Counters {
  let c = made.get(nk);
  if (!c) made.set(nk, (c = counters(nk)));
  return c;
}

function keyOf(c: Counter, id: string, userId: string, ctx: RpcContext): string {
  if (c.key === 'address') return ctx.clientIp || 'unknown';
  return c.key === 'kind' ? `${id}:${userId}` : userId;
}

/**
 * Before the handler: takes a point of each of the class's rates in turn (a refused one stops there, so a
 * user past their own rate spends nothing of their address's), then checks the daily cap has room.
 * Refuses with ResourceExhausted (429) carrying the seconds to wait.
 */
export async function admit(nk: Nk, cls: LimitClass, id: string, userId: string, ctx: RpcContext): Promise<void> {
  const all = countersOf(nk);
  const spec = CLASSES[cls];
  for (const name of spec.rates) {
    const c = all[name];
    const answer = await c.limit.consume(keyOf(c, id, userId, ctx));
    if (!answer.allowed) throw resourceExhausted(c.refusal(answer.retryAfterSec), answer.retryAfterSec);
  }
  if (spec.daily) {
    const c = all[spec.daily];
    const answer = await c.limit.peek(userId);
    if (!answer.allowed) throw resourceExhausted(c.refusal(answer.retryAfterSec), answer.retryAfterSec);
  }
}

/**
 * After the handler succeeded: what it stored (items, bytes) counts toward the class's daily cap. Never
 * rejects: the call has done its work, so a counter that cannot be reached (Redis) is logged, not answered.
 */
export async function counted(nk: Nk, cls: LimitClass, userId: string, amount: number, logger: Logger): Promise<void> {
  const daily = CLASSES[cls].daily;
  if (!daily) return;
  try {
    await countersOf(nk)[daily].limit.add(userId, amount);
  } catch (err) {
    logger.warn('daily limit not counted', { limit: daily, user_id: userId, amount, err });
  }
}
