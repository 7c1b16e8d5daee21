// A user's chat limits (LIMIT_CHAT_*): messages written a minute and bytes stored a day. The socket's
// channel_message_send and channel_message_update count here; a module that writes a user's message
// through nk (the portal's send_message) counts in the same counters (nk.chatLimits), so a message counts
// once whichever way it comes.
import type { Limits } from '../config.ts';
import { resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { LimitStore, RateLimit } from '../realtime/bus.ts';

const DAY_SEC = 86_400;

export class ChatLimits {
  /** Messages written (sent or edited) per user a minute. */
  readonly messages: RateLimit;
  /** Bytes of messages stored per user a day (24 hours from the first). */
  readonly bytes: RateLimit;
  private readonly perMinute: number;
  private readonly logger: Logger;

  constructor(store: LimitStore, limits: Pick<Limits, 'chatMessagesPerUserMinute' | 'chatBytesPerUserDay'>, logger: Logger) {
    this.perMinute = limits.chatMessagesPerUserMinute;
    this.logger = logger;
    this.messages = store.rate('chat.messages_per_user', limits.chatMessagesPerUserMinute, 60);
    this.bytes = store.rate('chat.bytes_per_user_day', limits.chatBytesPerUserDay, DAY_SEC);
  }

  /**
   * Before a user's message is written: counts it, and refuses (ResourceExhausted, with the seconds to
   * wait) past the rate or once the day's bytes are used up. The bytes are counted once stored (stored()).
   */
  async admit(userId: string): Promise<void> {
    const [rate, day] = await Promise.all([this.messages.consume(userId), this.bytes.peek(userId)]);
    if (!rate.allowed) {
      throw resourceExhausted(`Too many messages: at most ${this.perMinute} a minute. Try again in ${rate.retryAfterSec} s.`, rate.retryAfterSec);
    }
    if (!day.allowed) throw resourceExhausted(`Daily message volume used up. Try again in ${day.retryAfterSec} s.`, day.retryAfterSec);
  }

  /**
   * A user's message was stored: its bytes count toward the day's. Never rejects: the message is stored
   * and delivered already, so a counter that cannot be reached (Redis) is logged, not the sender's error.
   */
  async stored(userId: string, bytes: number): Promise<void> {
    try {
      await this.bytes.add(userId, bytes);
    } catch (err) {
      this.logger.warn('chat bytes not counted', { user_id: userId, bytes, err });
    }
  }
}

/** The bytes a message's content takes as stored: its JSON text in UTF-8. */
export function storedBytes(content: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(content));
}
