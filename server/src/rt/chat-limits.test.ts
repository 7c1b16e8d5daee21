// A user's chat limits on the socket (LIMIT_CHAT_*): messages written a minute, sends and edits alike,
// and bytes stored a day; past them, an error envelope that says when to try again, in both wire formats.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer, type TestSession } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket } from '../testing/sockets.ts';

const PER_MINUTE = 5;
const BYTES_PER_DAY = 100;

let ts: TestServer;
const sockets: TestSocket[] = [];
before(async () => {
  ts = await startTestServer({ env: { LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: String(PER_MINUTE), LIMIT_CHAT_BYTES_PER_USER_DAY: String(BYTES_PER_DAY) } });
});
after(async () => {
  for (const s of sockets) s.close();
  await ts.close();
});

interface EnvelopeError {
  code: number;
  message: string;
  context?: Record<string, string>;
}

/** A new user's socket in a format, joined to a room (persisted unless said). */
async function inRoom(format: (typeof FORMATS)[number], room: string, persistence = true): Promise<{ session: TestSession; socket: TestSocket; channelId: string }> {
  const session = await ts.newSession();
  const socket = await connectSocket(ts, session, format);
  sockets.push(socket);
  const channel = await socket.socket.joinChat(room, 1, persistence, false);
  return { session, socket, channelId: channel.id };
}

async function refusal(p: Promise<unknown>): Promise<EnvelopeError> {
  try {
    await p;
  } catch (e) {
    return e as EnvelopeError;
  }
  assert.fail('expected the socket to refuse');
}

/** Checks a refusal by a limit: BAD_INPUT, the message, and the context saying ResourceExhausted and when to retry. */
function assertLimited(e: EnvelopeError, message: RegExp, maxRetrySec: number): void {
  assert.equal(e.code, 3, JSON.stringify(e));
  assert.match(e.message, message);
  assert.equal(e.context?.grpc_code, '8', JSON.stringify(e));
  const retry = Number(e.context?.retry_after);
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= maxRetrySec, JSON.stringify(e));
  assert.match(e.message, new RegExp(`Try again in ${retry} s\\.$`));
}

describe('chat limits on the socket', () => {
  for (const format of FORMATS) {
    it(`refuses a user's messages past the minute's, sends and edits alike, with retry_after (${format})`, async () => {
      const room = `limits-${format}-${crypto.randomUUID()}`;
      const anna = await inRoom(format, room, false);
      const boris = await inRoom(format, room, false);
      const first = await anna.socket.socket.writeChatMessage(anna.channelId, { text: '1' });
      for (const text of ['2', '3', '4']) await anna.socket.socket.writeChatMessage(anna.channelId, { text });
      await anna.socket.socket.updateChatMessage(anna.channelId, first.message_id, { text: '1, исправлено' });
      const e = await refusal(anna.socket.socket.writeChatMessage(anna.channelId, { text: '6' }));
      assertLimited(e, /^Too many messages: at most 5 a minute\./, 60);
      await refusal(anna.socket.socket.updateChatMessage(anna.channelId, first.message_id, { text: 'ещё раз' }));
      // Another user in the same room is not affected.
      const ack = await boris.socket.socket.writeChatMessage(boris.channelId, { text: 'мой первый' });
      assert.ok(ack.message_id);
    });
  }

  it('counts the bytes stored a day, and only stored ones, refusing once they are used up', async () => {
    const room = `bytes-${crypto.randomUUID()}`;
    const text = 'x'.repeat(30);
    const bytes = Buffer.byteLength(JSON.stringify({ text }));
    assert.ok(bytes * 2 < BYTES_PER_DAY && bytes * 3 >= BYTES_PER_DAY, String(bytes));
    const kept = await inRoom('json', room);
    const user = kept.session;
    // The same user's unpersisted messages (another socket, a room joined without persistence) are not stored.
    const transient = await connectSocket(ts, user, 'json');
    sockets.push(transient);
    const channel = await transient.socket.joinChat(`${room}-live`, 1, false, false);
    await transient.socket.writeChatMessage(channel.id, { text: 'y'.repeat(200) });
    await kept.socket.socket.writeChatMessage(kept.channelId, { text });
    await kept.socket.socket.writeChatMessage(kept.channelId, { text });
    // The day's bytes are checked before a message and counted once it is stored: the third still goes
    // through and uses the day up, the next (the fifth message, within the minute's) is refused.
    await kept.socket.socket.writeChatMessage(kept.channelId, { text });
    const e = await refusal(transient.socket.writeChatMessage(channel.id, { text: 'ещё' }));
    assertLimited(e, /^Daily message volume used up\./, 86_400);
    assert.ok(Number(e.context?.retry_after) > 86_000, 'the day started with the first stored message');
  });
});
