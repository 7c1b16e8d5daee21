import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { busContract } from '../testing/bus-contract.ts';
import { countingSerializers, FakeSession } from '../testing/fake-sessions.ts';
import { LocalBus } from './local-bus.ts';
import { MemoryLimitStore } from './memory-limits.ts';
import { stream, StreamMode } from './tracker.ts';

busContract('LocalBus', async (serializers) => ({ nodes: [new LocalBus({ serializers })], close: async () => {} }));

describe('LocalBus', () => {
  it('delivers before sendToStream returns, serialising once per wire format', () => {
    const { serializers, calls } = countingSerializers();
    const bus = new LocalBus({ serializers });
    const s = stream(StreamMode.Channel, '', '', 'bench-room');
    const receivers = Array.from({ length: 1000 }, (_, i) => new FakeSession(`u${i}`, { format: i % 10 ? 'json' : 'protobuf' }));
    for (const r of receivers) {
      bus.attach(r);
      bus.presences.track(r.id, s, r.userId, { username: r.username, hidden: true });
    }
    bus.sendToStream(s, { channel_message: { content: '{"text":"Гол!"}' } });
    assert.ok(receivers.every((r) => r.frames.length === 1));
    assert.deepEqual(calls, { json: 1, protobuf: 1 });
    // Every JSON receiver got the one string, every protobuf receiver the one buffer.
    assert.equal(new Set(receivers.filter((r) => r.format === 'protobuf').map((r) => r.frames[0])).size, 1);
  });

  it('refuses a limit name asked for again with another rule', () => {
    const store = new MemoryLimitStore();
    assert.equal(store.window('a', 3, 1000), store.window('a', 3, 1000));
    assert.throws(() => store.window('a', 4, 1000), /already defined/);
    store.backoff('b', 1, 2, 3);
    assert.throws(() => store.backoff('b', 1, 2, 4), /already defined/);
    assert.equal(store.rate('r', 5, 60), store.rate('r', 5, 60));
    assert.throws(() => store.rate('r', 5, 1), /already defined/);
    assert.throws(() => store.rate('r2', 0, 60), /whole numbers/);
    assert.throws(() => store.rate('r3', 5, 0.5), /whole numbers/);
  });
});
