// A block between two users (a friend edge in state 3, either way) stops their direct messages at every
// write, also on sockets that joined the direct channel before the block, and drops the blocked user's
// notifications to the one who blocked; unblocking restores both.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChannelMessage } from '@heroiclabs/nakama-js';
import { Code } from '../errors.ts';
import { appErrorOf, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket } from '../testing/sockets.ts';

let ts: TestServer;
const sockets: TestSocket[] = [];
before(async () => {
  ts = await startTestServer();
});
after(async () => {
  sockets.forEach((s) => s.close());
  await ts.close();
});

async function connect(s: TestSession, format: (typeof FORMATS)[number] = 'json'): Promise<TestSocket> {
  const socket = await connectSocket(ts, s, format);
  sockets.push(socket);
  return socket;
}

const rejectsWith = (p: Promise<unknown>, code: number, message: RegExp) =>
  assert.rejects(p, (e: { code: number; message: string }) => e.code === code && message.test(e.message));

const BLOCKED_YOU = /does not accept direct messages from you/;
const YOU_BLOCKED = /You have blocked this user/;

/** The texts of a channel's stored messages, oldest first. */
async function stored(s: TestSession, channelId: string): Promise<string[]> {
  const page = await ts.client().listChannelMessages(s, channelId, 100, true);
  return (page.messages ?? []).map((m) => (m.content as { text: string }).text);
}

/** The statements reading friend edges while fn runs. */
async function edgeReads(fn: () => Promise<unknown>): Promise<number> {
  const db = ts.app.core.db;
  const original = db.query;
  let n = 0;
  db.query = ((sql: string, params?: unknown[]) => {
    if (/\buser_edge\b/.test(sql)) n++;
    return original.call(db, sql, params);
  }) as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return n;
}

/** Every chat message a socket receives, in order, and a wait for the one with a text. */
function received(s: TestSocket) {
  const texts: string[] = [];
  const waiting = new Map<string, () => void>();
  s.socket.onchannelmessage = (m: ChannelMessage) => {
    const text = (m.content as { text: string }).text;
    texts.push(text);
    waiting.get(text)?.();
  };
  return {
    texts,
    arrival: (text: string) => new Promise<void>((resolve) => waiting.set(text, resolve)),
  };
}

describe('direct messages across a block', () => {
  for (const format of FORMATS) {
    it(`refuses send and update on sockets joined before the block, both ways, stores nothing; unblock restores (${format})`, async () => {
      const a = await ts.newSession();
      const b = await ts.newSession();
      const sa = await connect(a, format);
      const sb = await connect(b, format);
      const ch = await sa.socket.joinChat(b.user_id, 2, true, false);
      await sb.socket.joinChat(a.user_id, 2, true, false);
      const atA = received(sa);
      const fromB = await sb.socket.writeChatMessage(ch.id, { text: 'b1' });
      const fromA = await sa.socket.writeChatMessage(ch.id, { text: 'a1' });

      await ts.client().blockFriends(a, [b.user_id]);
      await rejectsWith(sb.socket.writeChatMessage(ch.id, { text: 'b2' }), 3, BLOCKED_YOU);
      await rejectsWith(sb.socket.updateChatMessage(ch.id, fromB.message_id, { text: 'b1 changed' }), 3, BLOCKED_YOU);
      await rejectsWith(sa.socket.writeChatMessage(ch.id, { text: 'a2' }), 3, YOU_BLOCKED);
      await rejectsWith(sa.socket.updateChatMessage(ch.id, fromA.message_id, { text: 'a1 changed' }), 3, YOU_BLOCKED);
      assert.deepEqual(await stored(a, ch.id), ['b1', 'a1']);

      // The block does not reach rooms (nor group channels): they pay no check.
      const room = `room ${crypto.randomUUID()}`;
      const rb = await sb.socket.joinChat(room, 1, true, false);
      await sb.socket.writeChatMessage(rb.id, { text: 'в комнате' });

      await ts.client().deleteFriends(a, [b.user_id]);
      const b3 = atA.arrival('b3');
      await sb.socket.writeChatMessage(ch.id, { text: 'b3' });
      await sb.socket.updateChatMessage(ch.id, fromB.message_id, { text: 'b1 changed' });
      await b3;
      // Delivery on a socket keeps its order: a refused message would have arrived before b3.
      assert.deepEqual(atA.texts.slice(0, 3), ['b1', 'a1', 'b3']);
      assert.deepEqual(await stored(b, ch.id), ['b1 changed', 'a1', 'b3']);
    });
  }

  it('holds when the other user made the block, and for writes modules make in a user\'s name', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const ch = await sa.socket.joinChat(b.user_id, 2, true, false);
    await ts.client().blockFriends(b, [a.user_id]);
    await rejectsWith(sa.socket.writeChatMessage(ch.id, { text: 'a1' }), 3, BLOCKED_YOU);

    const { nk } = ts.app;
    assert.equal((await appErrorOf(nk.channelMessageSend(ch.id, { text: 'm1' }, a.user_id, a.username))).code, Code.PermissionDenied);
    assert.equal((await appErrorOf(nk.channelMessageSend(ch.id, { text: 'm2' }, b.user_id, b.username))).code, Code.PermissionDenied);
    const inTx = nk.tx((tnk) => tnk.channelMessageSend(ch.id, { text: 'm3' }, a.user_id, a.username));
    assert.equal((await appErrorOf(inTx)).code, Code.PermissionDenied);
    // The system's own messages are not a user's.
    await nk.channelMessageSend(ch.id, { text: 'system' });
    assert.deepEqual(await stored(a, ch.id), ['system']);

    await ts.client().deleteFriends(b, [a.user_id]);
    await sa.socket.writeChatMessage(ch.id, { text: 'a2' });
    await nk.channelMessageSend(ch.id, { text: 'm4' }, b.user_id, b.username);
    assert.deepEqual(await stored(a, ch.id), ['system', 'a2', 'm4']);
  });
});

describe('what a block check costs', () => {
  it('one query per direct-message write; rooms and group channels read no friend edge', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const dm = await sa.socket.joinChat(b.user_id, 2, true, false);
    const room = await sa.socket.joinChat(`room ${crypto.randomUUID()}`, 1, true, false);
    const group = await ts.client().createGroup(a, { name: `g ${crypto.randomUUID()}`, open: false });
    const gc = await sa.socket.joinChat(group.id!, 3, true, false);
    assert.equal(await edgeReads(() => sa.socket.writeChatMessage(dm.id, { text: 'dm' })), 1);
    assert.equal(await edgeReads(() => sa.socket.writeChatMessage(room.id, { text: 'room' })), 0);
    assert.equal(await edgeReads(() => sa.socket.writeChatMessage(gc.id, { text: 'group' })), 0);
    assert.equal(await edgeReads(() => ts.app.nk.channelMessageSend(gc.id, { text: 'group' }, a.user_id, a.username)), 0);
  });
});

describe('notifications across a block', () => {
  it('are dropped, not stored nor pushed, when the recipient blocked the sender, in one query per batch', async () => {
    const [a, b, c] = [await ts.newSession(), await ts.newSession(), await ts.newSession()];
    const sa = await connect(a);
    await ts.client().blockFriends(a, [b.user_id]);
    const note = (userId: string, senderId: string, subject: string) => ({ userId, senderId, subject, code: 1, persistent: true });

    const batch = [note(a.user_id, b.user_id, 'от b'), note(a.user_id, c.user_id, 'от c'), note(c.user_id, b.user_id, 'b для c')];
    assert.equal(await edgeReads(() => ts.app.nk.notificationsSend(batch)), 1);
    // Pushed one by one in the batch's order: b's would have come first.
    assert.equal((await sa.next('notification')).subject, 'от c');
    const listed = async (s: TestSession) => ((await ts.client().listNotifications(s, 100)).notifications ?? []).map((n) => n.subject);
    assert.deepEqual(await listed(a), ['от c']);
    assert.deepEqual(await listed(c), ['b для c']);

    // The core's own notifications too: b adding a to a group tells a nothing.
    const group = await ts.client().createGroup(b, { name: `g ${crypto.randomUUID()}`, open: false });
    await ts.client().addGroupUsers(b, group.id!, [a.user_id]);
    assert.deepEqual(await listed(a), ['от c']);

    await ts.client().deleteFriends(a, [b.user_id]);
    await ts.app.nk.notificationSend(a.user_id, 'снова от b', {}, 1, b.user_id, true);
    assert.equal((await sa.next('notification')).subject, 'снова от b');
    assert.deepEqual(await listed(a), ['от c', 'снова от b']);
  });
});
