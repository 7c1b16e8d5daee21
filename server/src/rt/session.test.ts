// Outgoing frames are made once per message and written whole: each length of the frame header, text and
// binary, as a client's ws reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventEmitter } from 'node:events';
import * as ws from 'ws';
import { wireFrame } from './session.ts';

/** ws's frame reader (exported by ws, not declared by its types). */
const { Receiver } = ws as unknown as { Receiver: new (o: { isServer: boolean }) => EventEmitter & { write(b: Buffer): void } };

/** What a client reads of one frame: the message and whether it is binary. */
function read(frame: Buffer): Promise<{ data: Buffer; binary: boolean }> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, binary: boolean) => resolve({ data, binary }));
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

describe('wireFrame', () => {
  it('frames text and binary messages of every header length', async () => {
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 70_001]) {
      // Two-byte characters, so byte and character lengths differ.
      const text = 'ж'.repeat(Math.floor(length / 2)) + 'a'.repeat(length % 2);
      const t = await read(wireFrame(text));
      assert.equal(t.binary, false);
      assert.equal(t.data.toString('utf8'), text);
      const bytes = Uint8Array.from({ length }, (_, i) => i % 251);
      const b = await read(wireFrame(bytes));
      assert.equal(b.binary, true);
      assert.deepEqual(new Uint8Array(b.data), bytes);
    }
  });

  it('frames a message handed to many sockets once', () => {
    const message = JSON.stringify({ channel_message: { content: '{"text":"Гол!"}' } });
    const first = wireFrame(message);
    assert.equal(wireFrame(message), first);
    const other = wireFrame('{}');
    assert.notEqual(other, first);
    assert.equal(other.toString('utf8', 2), '{}');
  });
});
