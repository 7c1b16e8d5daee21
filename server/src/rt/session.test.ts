// Outgoing frames are made once per message and written whole: each length of the frame header, text and
// binary, as a client's ws reads them; what one turn of the event loop sends a socket goes in one write.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type net from 'node:net';
import { describe, it } from 'node:test';
import { EventEmitter } from 'node:events';
import * as ws from 'ws';
import { SocketSession, wireFrame } from './session.ts';

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

/** A connected pair on loopback: the server's end in a SocketSession, the client's raw ws. */
async function pair(): Promise<{ session: SocketSession; client: ws.WebSocket; writes: Buffer[]; messages: string[]; close(): void }> {
  const server = new ws.WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((r) => server.once('listening', r));
  const accepted = new Promise<ws.WebSocket>((r) => server.once('connection', r));
  const client = new ws.WebSocket(`ws://127.0.0.1:${(server.address() as { port: number }).port}/`, { perMessageDeflate: false });
  await new Promise((r) => client.once('open', r));
  const claims = { tid: 't', uid: crypto.randomUUID(), usn: 'u', exp: 0, iat: 0 };
  const serverEnd = await accepted;
  const session = new SocketSession(crypto.randomUUID(), claims, serverEnd, 'en', '127.0.0.1');
  // Each write the server's end makes to its TCP socket.
  const writes: Buffer[] = [];
  const socket = (serverEnd as unknown as { _socket: net.Socket })._socket;
  const write = socket.write.bind(socket) as (b: Buffer, ...rest: unknown[]) => boolean;
  socket.write = ((b: Buffer, ...rest: unknown[]) => {
    writes.push(b);
    return write(b, ...rest);
  }) as typeof socket.write;
  const messages: string[] = [];
  client.on('message', (d) => messages.push(d.toString()));
  return { session, client, writes, messages, close: () => { client.terminate(); server.close(); } };
}

describe('a socket session’s frames', () => {
  it('writes what one turn of the event loop sends it in one write, in order', async () => {
    const p = await pair();
    try {
      for (let i = 0; i < 5; i++) p.session.sendRaw(JSON.stringify({ i }));
      await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(p.messages, [0, 1, 2, 3, 4].map((i) => JSON.stringify({ i })));
      assert.equal(p.writes.length, 1);
      assert.equal(p.session.framesOut, 5);
      // The next turn's messages are a write of their own.
      p.session.sendRaw('{"next":true}');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(p.writes.length, 2);
      assert.equal(p.messages.at(-1), '{"next":true}');
    } finally {
      p.close();
    }
  });

  it('writes what it was sent before its close frame', async () => {
    const p = await pair();
    try {
      const closed = new Promise<number>((r) => p.client.once('close', (code) => r(code)));
      p.session.sendRaw('{"last":1}');
      p.session.sendRaw('{"last":2}');
      p.session.close(4000, 'bye');
      assert.equal(await closed, 4000);
      assert.deepEqual(p.messages, ['{"last":1}', '{"last":2}']);
      // Nothing is written after the close.
      p.session.sendRaw('{"late":true}');
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(p.messages.length, 2);
    } finally {
      p.close();
    }
  });
});
