// A user's chat limits in the core: the minute's messages, the day's stored bytes, and a count that
// cannot be made after a message was stored is logged, never the sender's error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger } from '../log.ts';
import type { LimitStore, RateLimit } from '../realtime/bus.ts';
import { MemoryLimitStore } from '../realtime/memory-limits.ts';
import { ChatLimits, storedBytes } from './chat-limits.ts';

function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, logger: { debug() {}, info() {}, error() {}, warn: (msg) => void warnings.push(msg) } };
}

describe('chat limits', () => {
  it('refuse past the minute\'s messages, then once the day\'s stored bytes are used up, per user', async () => {
    const { logger } = recordingLogger();
    const limits = new ChatLimits(new MemoryLimitStore(), { chatMessagesPerUserMinute: 3, chatBytesPerUserDay: 50 }, logger);
    // 39 bytes each: the second is admitted (39 of 50 used), and its bytes use the day up.
    await limits.admit('anna');
    await limits.stored('anna', storedBytes({ text: 'Привет, команда' }));
    await limits.admit('anna');
    await limits.stored('anna', storedBytes({ text: 'Привет, команда' }));
    await assert.rejects(limits.admit('anna'), (e: Error & { code?: number; retryAfterSec?: number }) =>
      e.code === 8 && /^Daily message volume used up\. Try again in \d+ s\.$/.test(e.message) && e.retryAfterSec! > 86_000);
    await assert.rejects(limits.admit('anna'), (e: Error & { retryAfterSec?: number }) =>
      /^Too many messages: at most 3 a minute\./.test(e.message) && e.retryAfterSec! >= 1 && e.retryAfterSec! <= 60);
    await limits.admit('boris');
  });

  it('measure a message as stored: its JSON text in UTF-8', () => {
    assert.equal(storedBytes({ text: 'Гол' }), Buffer.byteLength('{"text":"Гол"}'));
    assert.equal(storedBytes({ text: 'Гол' }), 17);
  });

  it('log, not fail, a stored message whose bytes cannot be counted', async () => {
    const { logger, warnings } = recordingLogger();
    const memory = new MemoryLimitStore();
    const unreachable: LimitStore = {
      window: (...a) => memory.window(...a),
      backoff: (...a) => memory.backoff(...a),
      rate: (name, points, durationSec): RateLimit => ({
        ...memory.rate(name, points, durationSec),
        add: () => Promise.reject(new Error('Redis is down')),
      }),
    };
    const limits = new ChatLimits(unreachable, { chatMessagesPerUserMinute: 3, chatBytesPerUserDay: 30 }, logger);
    await limits.stored('anna', 100);
    assert.deepEqual(warnings, ['chat bytes not counted']);
  });
});
