import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChannelMessage, ChannelPresenceEvent, Notification, Socket } from '@heroiclabs/nakama-js';
import { errorOf, nextEvent, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 10);
const sockets: Socket[] = [];
after(() => sockets.forEach((s) => s.disconnect(false)));

async function connect(s: TestSession): Promise<Socket> {
  const socket = ts.client().createSocket();
  await socket.connect(s, false);
  sockets.push(socket);
  return socket;
}

const rejectsWith = (p: Promise<unknown>, code: number, message?: RegExp) =>
  assert.rejects(p, (e: { code: number; message: string }) => e.code === code && (!message || message.test(e.message)));

describe('rooms', () => {
  it('join returns the id, the others present and self; presence events reach everyone, joiner included', async () => {
    const room = `Болельщики ${uniq()}`;
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const sb = await connect(b);
    const selfJoin = nextEvent<ChannelPresenceEvent>((r) => (sa.onchannelpresence = r));
    const ca = await sa.joinChat(room, 1, true, false);
    assert.equal(ca.id, `2...${room}`);
    assert.equal(ca.presences, undefined);
    assert.equal(ca.self.user_id, a.user_id);
    assert.equal((await selfJoin).joins[0].user_id, a.user_id);

    const seenByA = nextEvent<ChannelPresenceEvent>((r) => (sa.onchannelpresence = r));
    const cb = await sb.joinChat(room, 1, true, false);
    assert.deepEqual(cb.presences.map((p) => p.user_id), [a.user_id]);
    const ev = await seenByA;
    assert.equal(ev.joins[0].user_id, b.user_id);
    assert.equal((ev as unknown as { room_name: string }).room_name, room);

    const left = nextEvent<ChannelPresenceEvent>((r) => (sa.onchannelpresence = r));
    await sb.leaveChat(cb.id);
    assert.equal((await left).leaves[0].user_id, b.user_id);
  });

  it('messages reach every member, sender included; the ack has code 0 and persistent true', async () => {
    const room = `room ${uniq()}`;
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const sb = await connect(b);
    const ch = await sa.joinChat(room, 1, true, false);
    await sb.joinChat(room, 1, true, false);
    const atA = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const atB = nextEvent<ChannelMessage>((r) => (sb.onchannelmessage = r));
    const ack = await sa.writeChatMessage(ch.id, { text: 'Гол!' });
    assert.equal(ack.code, 0);
    assert.equal((ack as unknown as { persistent: boolean }).persistent, true);
    assert.equal(ack.channel_id, ch.id);
    assert.equal((ack as unknown as { room_name: string }).room_name, room);
    for (const m of [await atA, await atB]) {
      assert.deepEqual(m.content, { text: 'Гол!' });
      assert.equal(m.sender_id, a.user_id);
      assert.equal(m.code, 0);
      assert.equal(m.persistent, true);
      assert.equal(m.message_id, ack.message_id);
    }
  });

  it('update and remove: acks with codes 1 and 2, broadcasts, and history reflects them', async () => {
    const room = `edit ${uniq()}`;
    const a = await ts.newSession();
    const sa = await connect(a);
    const ch = await sa.joinChat(room, 1, true, false);
    const m1 = await sa.writeChatMessage(ch.id, { n: 1 });
    const m2 = await sa.writeChatMessage(ch.id, { n: 2 });
    const upd = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const ack = await sa.updateChatMessage(ch.id, m1.message_id, { n: 10 });
    assert.equal(ack.code, 1);
    assert.equal((await upd).code, 1);
    const rem = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const rack = await sa.removeChatMessage(ch.id, m2.message_id);
    assert.equal(rack.code, 2);
    assert.deepEqual((await rem).content, {});
    const h = await ts.client().listChannelMessages(a, ch.id, 10, true);
    assert.equal(h.messages!.length, 1);
    assert.deepEqual(h.messages![0].content, { n: 10 });
    assert.equal(h.messages![0].code, 0);
    assert.ok(h.cacheable_cursor);
    // Someone else's message cannot be edited.
    const b = await ts.newSession();
    const sb = await connect(b);
    await sb.joinChat(room, 1, true, false);
    await rejectsWith(sb.updateChatMessage(ch.id, m1.message_id, { n: 0 }), 3);
    await rejectsWith(sb.removeChatMessage(ch.id, m1.message_id), 3);
  });

  it('persistence=false messages are delivered but not stored', async () => {
    const room = `ephemeral ${uniq()}`;
    const a = await ts.newSession();
    const sa = await connect(a);
    const ch = await sa.joinChat(room, 1, false, false);
    const got = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const ack = await sa.writeChatMessage(ch.id, { x: 1 });
    assert.equal((ack as unknown as { persistent: boolean }).persistent, false);
    assert.equal((await got).persistent, false);
    const h = await ts.client().listChannelMessages(a, ch.id, 10);
    assert.equal(h.messages!.length, 0);
  });

  it('hidden members are not announced or listed', async () => {
    const room = `hidden ${uniq()}`;
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const sb = await connect(b);
    await sa.joinChat(room, 1, true, false);
    // Only b's join would be an announcement: a's own join may reach a before or after its answer.
    let announced = false;
    sa.onchannelpresence = (e) => {
      if (e.joins?.some((p) => p.user_id === b.user_id)) announced = true;
    };
    await sb.joinChat(room, 1, true, true);
    await sleep(50);
    assert.equal(announced, false);
    const c = await (await connect(await ts.newSession())).joinChat(room, 1, true, false);
    assert.deepEqual(c.presences.map((p) => p.user_id), [a.user_id]);
  });

  it('refuses bad input with BAD_INPUT and keeps the socket', async () => {
    const a = await ts.newSession();
    const sa = await connect(a);
    await rejectsWith(sa.joinChat('', 1, true, false), 3);
    await rejectsWith(sa.joinChat('x'.repeat(65), 1, true, false), 3);
    await rejectsWith(sa.joinChat('room', 9, true, false), 3);
    await rejectsWith(sa.writeChatMessage(`2...never-joined-${uniq()}`, { a: 1 }), 3, /^Must join channel before sending messages$/);
    await rejectsWith(sa.writeChatMessage('garbage', { a: 1 }), 3);
    const ch = await sa.joinChat(`r ${uniq()}`, 1, true, false);
    const raw = sa as unknown as { send(m: object): Promise<unknown> };
    await rejectsWith(raw.send({ channel_message_send: { channel_id: ch.id, content: '[1,2]' } }), 3);
    await rejectsWith(sa.updateChatMessage(ch.id, 'not-a-uuid', { a: 1 }), 3);
    assert.ok(await sa.writeChatMessage(ch.id, { ok: true }));
  });
});

describe('direct messages', () => {
  it('builds the id from both user ids (smaller first) and sends -1 to an absent user', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const sb = await connect(b);
    const note = nextEvent<Notification>((r) => (sb.onnotification = r));
    const ch = await sa.joinChat(b.user_id, 2, true, false);
    const [one, two] = [a.user_id, b.user_id].sort();
    assert.equal(ch.id, `4.${one}.${two}.`);
    const n = await note;
    assert.equal(n.code, -1);
    assert.equal(n.sender_id, a.user_id);

    await sb.joinChat(a.user_id, 2, true, false);
    const got = nextEvent<ChannelMessage>((r) => (sb.onchannelmessage = r));
    await sa.writeChatMessage(ch.id, { text: 'Привет' });
    const m = await got;
    assert.equal((m as unknown as { user_id_one: string }).user_id_one, one);
    assert.equal((m as unknown as { user_id_two: string }).user_id_two, two);
    const h = await ts.client().listChannelMessages(b, ch.id, 10);
    assert.equal(h.messages!.length, 1);
    const outsider = await ts.newSession();
    assert.equal((await errorOf(ts.client().listChannelMessages(outsider, ch.id, 10))).status, 403);
  });

  it('sends -1 only when a session newly joins and the other user is not in the chat', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    const sa = await connect(a);
    const sb = await connect(b);
    const requests = async (s: TestSession) =>
      ((await ts.client().listNotifications(s, 100)).notifications ?? []).filter((n) => n.code === -1).length;
    const ch = await sa.joinChat(b.user_id, 2, true, false);
    assert.equal(await requests(b), 1);
    // The same session joining again is not a new join.
    await sa.joinChat(b.user_id, 2, true, false);
    assert.equal(await requests(b), 1);
    // a is already in the chat: b joining asks nobody, nor does another session of a.
    await sb.joinChat(a.user_id, 2, true, false);
    assert.equal(await requests(a), 0);
    await (await connect(a)).joinChat(b.user_id, 2, true, false);
    assert.equal(await requests(b), 1);
    // b hidden in the chat still counts as there.
    await sb.leaveChat(ch.id);
    await sb.joinChat(a.user_id, 2, true, true);
    await (await connect(a)).joinChat(b.user_id, 2, true, false);
    assert.equal(await requests(b), 1);
    // Once b has left, a new session of a asks again.
    await sb.leaveChat(ch.id);
    await (await connect(a)).joinChat(b.user_id, 2, true, false);
    assert.equal(await requests(b), 2);
  });

  it('refuses a user who blocked you, an unknown user and yourself', async () => {
    const a = await ts.newSession();
    const b = await ts.newSession();
    await ts.client().blockFriends(b, [a.user_id]);
    const sa = await connect(a);
    await rejectsWith(sa.joinChat(b.user_id, 2, true, false), 3);
    await rejectsWith(sa.joinChat('00000000-0000-4000-8000-00000000dead', 2, true, false), 3);
    await rejectsWith(sa.joinChat(a.user_id, 2, true, false), 3);
  });
});

describe('history', () => {
  it('pages forward and backward with cursors; limit bounds; invalid ids answer 400', async () => {
    const room = `history ${uniq()}`;
    const a = await ts.newSession();
    const sa = await connect(a);
    const ch = await sa.joinChat(room, 1, true, false);
    for (let i = 0; i < 5; i++) await sa.writeChatMessage(ch.id, { i });
    const c = ts.client();
    const p1 = await c.listChannelMessages(a, ch.id, 2, true);
    assert.deepEqual(p1.messages!.map((m) => (m.content as { i: number }).i), [0, 1]);
    assert.equal(p1.prev_cursor, undefined);
    const p2 = await c.listChannelMessages(a, ch.id, 2, true, p1.next_cursor);
    assert.deepEqual(p2.messages!.map((m) => (m.content as { i: number }).i), [2, 3]);
    const p3 = await c.listChannelMessages(a, ch.id, 2, true, p2.next_cursor);
    assert.deepEqual(p3.messages!.map((m) => (m.content as { i: number }).i), [4]);
    assert.equal(p3.next_cursor, undefined);
    const back = await c.listChannelMessages(a, ch.id, 2, true, p2.prev_cursor);
    assert.deepEqual(back.messages!.map((m) => (m.content as { i: number }).i), [1, 0]);
    const newest = await c.listChannelMessages(a, ch.id, 2, false);
    assert.deepEqual(newest.messages!.map((m) => (m.content as { i: number }).i), [4, 3]);
    // The cacheable cursor of the last forward page picks up new messages.
    await sa.writeChatMessage(ch.id, { i: 5 });
    const fresh = await c.listChannelMessages(a, ch.id, 10, true, p3.cacheable_cursor);
    assert.deepEqual(fresh.messages!.map((m) => (m.content as { i: number }).i), [5]);

    assert.equal((await errorOf(c.listChannelMessages(a, ch.id, 101))).status, 400);
    assert.equal((await errorOf(c.listChannelMessages(a, 'not.a.channel', 10))).status, 400);
    assert.equal((await errorOf(c.listChannelMessages(a, ch.id, 10, true, 'bogus'))).status, 400);
  });

  it('answers a forged cursor with 400', async () => {
    const room = `forged ${uniq()}`;
    const a = await ts.newSession();
    const sa = await connect(a);
    const ch = await sa.joinChat(room, 1, true, false);
    for (let i = 0; i < 3; i++) await sa.writeChatMessage(ch.id, { i });
    const c = ts.client();
    const real = (await c.listChannelMessages(a, ch.id, 1, true)).next_cursor!;
    const decoded = JSON.parse(Buffer.from(real, 'base64url').toString('utf8'));
    const forge = (patch: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...decoded, ...patch })).toString('base64url');
    // A well-formed forgery is read like any cursor.
    const ok = await c.listChannelMessages(a, ch.id, 10, true, forge({ t: '2000-01-01T00:00:00.000000' }));
    assert.equal(ok.messages!.length, 3);
    for (const t of [
      'garbage', '2024-13-01T00:00:00.000000', '2024-02-30T10:00:00.000000', '2024-01-01T24:00:00.000000',
      '0000-01-01T00:00:00.000000', '2024-01-01T00:00:00', '2024-01-01 00:00:00.000000', '', 17e11,
    ]) {
      assert.equal((await errorOf(c.listChannelMessages(a, ch.id, 10, true, forge({ t })))).status, 400, String(t));
    }
    for (const patch of [{ id: 'not-a-uuid' }, { fwd: 'yes' }, { s: `2...other ${uniq()}` }]) {
      assert.equal((await errorOf(c.listChannelMessages(a, ch.id, 10, true, forge(patch)))).status, 400, JSON.stringify(patch));
    }
  });
});
