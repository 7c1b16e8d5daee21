// The `nk` facade's chat channel messages and custom streams, seen through the official client's sockets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChannelMessage, Socket, StreamData, StreamPresenceEvent } from '@heroiclabs/nakama-js';
import { WebSocketAdapterPb } from '@heroiclabs/nakama-js-protobuf';
import { moduleTestServer } from '../testing/module-test-server.ts';
import type { RuntimeModule } from './types.ts';
import { errorOf, nextEvent, sleep, type TestSession } from '../testing/index.ts';

const SYSTEM = '00000000-0000-0000-0000-000000000000';
const LOBBY = { mode: 20, label: 'lobby' };

const realtimeModule: RuntimeModule = {
  name: 'nk-realtime-test',
  init(initializer, nk) {
    const call = (id: string, fn: (a: Record<string, never>, ctx: { userId?: string; sessionId?: string }) => unknown) =>
      initializer.registerRpc(id, async (ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'), ctx)) ?? null));
    call('channel_id', (a) => nk.channelIdBuild(a.senderId, a.target, a.type));
    call('channel_send', (a) => nk.channelMessageSend(a.channelId, a.content, a.senderId, a.senderUsername, a.persist));
    call('channel_update', (a) => nk.channelMessageUpdate(a.channelId, a.messageId, a.content, a.senderId, a.senderUsername, a.persist));
    call('channel_remove', (a) => nk.channelMessageRemove(a.channelId, a.messageId, a.senderId, a.senderUsername, a.persist));
    call('channel_list', (a) => nk.channelMessagesList(a.channelId, a.limit, a.forward, a.cursor));
    call('channel_get', (a) => nk.channelMessagesGetId(a.channelId, a.messageIds));
    call('channels_list', (a) => nk.channelsMessagesList(a.channelIds, a.limit, a.cursor, a.options));
    call('channels_summary', (a) =>
      nk.channelsSummary(a.userId, (a.channels as Array<{ channelId: string; since?: string }>).map((c) => ({
        channelId: c.channelId, since: c.since ? new Date(c.since) : null,
      })), a.options));
    // Stream calls name the caller's own socket session (the RPC is called over that socket).
    call('stream_join', (a, ctx) => nk.streamUserJoin(a.userId ?? ctx.userId!, ctx.sessionId!, a.stream ?? LOBBY, a.hidden, a.persistence, a.status));
    call('stream_update', (a, ctx) => nk.streamUserUpdate(ctx.userId!, ctx.sessionId!, a.stream ?? LOBBY, a.hidden, a.persistence, a.status));
    call('stream_leave', (a, ctx) => nk.streamUserLeave(ctx.userId!, ctx.sessionId!, a.stream ?? LOBBY));
    call('stream_get', (a, ctx) => nk.streamUserGet(ctx.userId!, ctx.sessionId!, a.stream ?? LOBBY));
    call('stream_list', (a) => nk.streamUserList(a.stream ?? LOBBY, a.includeHidden, a.includeNotHidden));
    call('stream_count', (a) => nk.streamCount(a.stream ?? LOBBY));
    call('stream_send', (a) => nk.streamSend(a.stream ?? LOBBY, a.data, a.presences, a.reliable));
    call('stream_close', (a) => nk.streamClose(a.stream ?? LOBBY));
  },
};

const h = moduleTestServer(realtimeModule);
const { rpc } = h;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function socketRpc(socket: Socket, id: string, args: object = {}): Promise<any> {
  return JSON.parse((await socket.rpc(id, JSON.stringify(args))).payload!);
}

const uniq = () => Math.random().toString(36).slice(2, 10);

async function connect(s: TestSession, protobuf = false): Promise<Socket> {
  const socket = protobuf ? h.ts.client().createSocket(false, false, new WebSocketAdapterPb()) : h.ts.client().createSocket();
  await socket.connect(s, false);
  h.sockets.push(socket);
  return socket;
}

describe('nk channel messages', () => {
  it('channelIdBuild names rooms, groups and direct chats as channel_join does', async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const group = crypto.randomUUID();
    assert.equal(await rpc('channel_id', { target: 'Болельщики', type: 1 }), '2...Болельщики');
    assert.equal(await rpc('channel_id', { target: group, type: 3 }), `3.${group}..`);
    const [one, two] = [a, b].sort();
    assert.equal(await rpc('channel_id', { senderId: b, target: a, type: 2 }), `4.${one}.${two}.`);
    for (const bad of [{ target: '', type: 1 }, { target: 'x', type: 3 }, { target: a, type: 2 }, { target: 'room', type: 9 }]) {
      assert.equal((await errorOf(h.ts.client().rpc(h.operator, 'channel_id', bad))).status, 400, JSON.stringify(bad));
    }
  });

  it('channelMessageSend delivers to the channel like a socket-sent message, from the system unless a sender is named', async () => {
    const room = `news ${uniq()}`;
    const member = await h.ts.newSession();
    const socket = await connect(member);
    const channel = await socket.joinChat(room, 1, true, false);
    let got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    const ack = await rpc('channel_send', { channelId: channel.id, content: { text: 'Матч перенесён' } });
    assert.equal(ack.channelId, channel.id);
    assert.equal(ack.roomName, room);
    assert.equal(ack.code, 0);
    assert.equal(ack.persistent, true);
    let m = await got;
    assert.equal(m.message_id, ack.messageId);
    assert.equal(m.sender_id, SYSTEM);
    assert.equal(m.username, undefined);
    assert.deepEqual(m.content, { text: 'Матч перенесён' });

    got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    await rpc('channel_send', { channelId: channel.id, content: { text: 'от капитана' }, senderId: member.user_id, senderUsername: member.username });
    m = await got;
    assert.equal(m.sender_id, member.user_id);
    assert.equal(m.username, member.username);

    // Not persisted: delivered, not in the history.
    got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    const fleeting = await rpc('channel_send', { channelId: channel.id, content: { text: 'мимолётное' }, persist: false });
    assert.equal(fleeting.persistent, false);
    assert.deepEqual((await got).content, { text: 'мимолётное' });
    const history = await h.ts.client().listChannelMessages(member, channel.id, 10, true);
    assert.deepEqual(history.messages!.map((x) => x.content), [{ text: 'Матч перенесён' }, { text: 'от капитана' }]);
  });

  it('channelMessageUpdate and channelMessageRemove change a message of that sender and tell the channel', async () => {
    const member = await h.ts.newSession();
    const socket = await connect(member);
    const channel = await socket.joinChat(`edits ${uniq()}`, 1, true, false);
    const sent = await rpc('channel_send', { channelId: channel.id, content: { v: 1 } });
    await sleep(50);
    let got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    const updated = await rpc('channel_update', { channelId: channel.id, messageId: sent.messageId, content: { v: 2 } });
    assert.equal(updated.code, 1);
    let m = await got;
    assert.equal(m.code, 1);
    assert.deepEqual(m.content, { v: 2 });
    assert.deepEqual((await h.ts.client().listChannelMessages(member, channel.id, 10, true)).messages!.map((x) => x.content), [{ v: 2 }]);
    // Another sender's message is not found.
    const e = await errorOf(h.ts.client().rpc(h.operator, 'channel_update', { channelId: channel.id, messageId: sent.messageId, content: { v: 3 }, senderId: member.user_id }));
    assert.equal(e.status, 400);

    got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    const removed = await rpc('channel_remove', { channelId: channel.id, messageId: sent.messageId });
    assert.equal(removed.code, 2);
    m = await got;
    assert.equal(m.code, 2);
    assert.deepEqual((await h.ts.client().listChannelMessages(member, channel.id, 10, true)).messages ?? [], []);
  });

  it('sends to a group channel without membership; channelMessagesList pages its history either way', async () => {
    const owner = await h.ts.newSession();
    const group = await h.ts.client().createGroup(owner, { name: `Группа ${uniq()}`, open: true });
    const channelId = await rpc('channel_id', { target: group.id, type: 3 });
    for (let i = 1; i <= 5; i++) await rpc('channel_send', { channelId, content: { i } });
    const first = await rpc('channel_list', { channelId, limit: 2 });
    assert.deepEqual(first.messages.map((m: { content: { i: number } }) => m.content.i), [1, 2]);
    assert.equal(first.messages[0].groupId, group.id);
    assert.equal(first.messages[0].senderId, SYSTEM);
    const rest = await rpc('channel_list', { channelId, limit: 10, cursor: first.nextCursor });
    assert.deepEqual(rest.messages.map((m: { content: { i: number } }) => m.content.i), [3, 4, 5]);
    const newest = await rpc('channel_list', { channelId, limit: 2, forward: false });
    assert.deepEqual(newest.messages.map((m: { content: { i: number } }) => m.content.i), [5, 4]);
    // What members read through the API is the same history.
    const seen = await h.ts.client().listChannelMessages(owner, channelId, 100, true);
    assert.equal(seen.messages!.length, 5);
  });

  it('refuses content that is not an object, bad ids and senders', async () => {
    const channelId = `2...refusals ${uniq()}`;
    for (const args of [
      { channelId, content: 'text' },
      { channelId, content: [1] },
      { channelId, content: { a: 'nul\u0000' } },
      { channelId: 'nope', content: {} },
      { channelId, content: {}, senderId: 'not-a-uuid' },
    ]) {
      assert.equal((await errorOf(h.ts.client().rpc(h.operator, 'channel_send', args))).status, 400, JSON.stringify(args));
    }
    assert.equal((await errorOf(h.ts.client().rpc(h.operator, 'channel_list', { channelId, limit: 0 }))).status, 400);
  });
});

describe('nk streams', () => {
  it('streamUserJoin tracks a session; everyone on the stream gets stream_presence_events, the joiner included', async () => {
    const [a, b] = [await h.ts.newSession(), await h.ts.newSession()];
    const [sa, sb] = [await connect(a), await connect(b)];
    const stream = { mode: 21, label: `room-${uniq()}` };
    let atA = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    assert.equal(await socketRpc(sa, 'stream_join', { stream, status: 'в игре' }), true);
    let ev = await atA;
    assert.deepEqual(ev.stream, stream);
    assert.equal(ev.joins[0].user_id, a.user_id);
    assert.equal((ev.joins[0] as { status?: string }).status, 'в игре');
    // A second join of the same session changes nothing.
    assert.equal(await socketRpc(sa, 'stream_join', { stream }), false);

    atA = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    const atB = nextEvent<StreamPresenceEvent>((r) => (sb.onstreampresence = r));
    assert.equal(await socketRpc(sb, 'stream_join', { stream }), true);
    assert.equal((await atA).joins[0].user_id, b.user_id);
    assert.equal((await atB).joins[0].user_id, b.user_id);

    const listed = await rpc('stream_list', { stream });
    assert.deepEqual(listed.map((p: { userId: string }) => p.userId).sort(), [a.user_id, b.user_id].sort());
    assert.equal(await rpc('stream_count', { stream }), 2);
    const own = await socketRpc(sa, 'stream_get', { stream });
    assert.deepEqual({ ...own, sessionId: undefined }, { userId: a.user_id, username: a.username, hidden: false, persistence: true, status: 'в игре', sessionId: undefined });

    atA = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    assert.equal(await socketRpc(sb, 'stream_leave', { stream }), true);
    ev = await atA;
    assert.equal(ev.leaves[0].user_id, b.user_id);
    assert.equal(await rpc('stream_count', { stream }), 1);
    assert.equal(await socketRpc(sb, 'stream_get', { stream }), null);

    // A socket that closes leaves its streams.
    atA = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    await socketRpc(sb, 'stream_join', { stream });
    await atA;
    atA = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    sb.disconnect(false);
    assert.equal((await atA).leaves[0].user_id, b.user_id);
  });

  it('hidden presences are on the stream but announce nothing; listing can keep them apart', async () => {
    const [a, b] = [await h.ts.newSession(), await h.ts.newSession()];
    const [sa, sb] = [await connect(a), await connect(b)];
    const stream = { mode: 22, label: uniq() };
    await socketRpc(sa, 'stream_join', { stream });
    await sleep(50);
    let events = 0;
    sa.onstreampresence = () => events++;
    await socketRpc(sb, 'stream_join', { stream, hidden: true });
    await sleep(100);
    assert.equal(events, 0);
    assert.equal(await rpc('stream_count', { stream }), 2);
    assert.deepEqual((await rpc('stream_list', { stream, includeHidden: false })).map((p: { userId: string }) => p.userId), [a.user_id]);
    assert.deepEqual((await rpc('stream_list', { stream, includeNotHidden: false })).map((p: { userId: string }) => p.userId), [b.user_id]);
    // An update shows the presence: a join for the others.
    const shown = nextEvent<StreamPresenceEvent>((r) => (sa.onstreampresence = r));
    await socketRpc(sb, 'stream_update', { stream, hidden: false, status: 'здесь' });
    assert.equal(((await shown).joins[0] as { status?: string }).status, 'здесь');
  });

  it('streamSend delivers stream_data to everyone on the stream, or to the presences named; JSON and protobuf h.sockets', async () => {
    const [a, b] = [await h.ts.newSession(), await h.ts.newSession()];
    const [sa, sb] = [await connect(a), await connect(b, true)];
    const stream = { mode: 23, subject: a.user_id, label: uniq() };
    await socketRpc(sa, 'stream_join', { stream });
    await socketRpc(sb, 'stream_join', { stream });
    await sleep(50);
    const atA = nextEvent<StreamData>((r) => (sa.onstreamdata = r));
    const atB = nextEvent<StreamData>((r) => (sb.onstreamdata = r));
    await rpc('stream_send', { stream, data: '{"score":"2:1"}' });
    for (const d of [await atA, await atB]) {
      // The protobuf adapter fills in the empty subcontext the JSON envelope leaves out.
      assert.deepEqual({ ...d.stream, subcontext: d.stream.subcontext ?? '' }, { ...stream, subcontext: '' });
      assert.equal(d.data, '{"score":"2:1"}');
      assert.equal(d.reliable, true);
      assert.ok(!d.sender);
    }
    const presences = await rpc('stream_list', { stream });
    const onlyB = presences.filter((p: { userId: string }) => p.userId === b.user_id);
    let toA = 0;
    sa.onstreamdata = () => toA++;
    const bOnly = nextEvent<StreamData>((r) => (sb.onstreamdata = r));
    await rpc('stream_send', { stream, data: 'лично', presences: onlyB });
    assert.equal((await bOnly).data, 'лично');
    await sleep(100);
    assert.equal(toA, 0);

    // A presence without a session is refused rather than widening the send to everyone.
    assert.equal((await errorOf(h.ts.client().rpc(h.operator, 'stream_send', { stream, data: 'x', presences: [{ userId: b.user_id }] }))).status, 400);

    // streamClose empties the stream, with leave events.
    await rpc('stream_close', { stream });
    assert.equal(await rpc('stream_count', { stream }), 0);
  });

  it('refuses bad streams, notification streams and sessions of other users', async () => {
    const a = await h.ts.newSession();
    const sa = await connect(a);
    for (const stream of [{ mode: 256 }, { mode: -1 }, { mode: 20, subject: 'not-a-uuid' }, { mode: 1.5 }]) {
      await assert.rejects(socketRpc(sa, 'stream_join', { stream }), (e: { code: number }) => e.code === 7, JSON.stringify(stream));
    }
    await assert.rejects(socketRpc(sa, 'stream_join', { stream: { mode: 0, subject: a.user_id } }), (e: { message: string }) => /managed by the server/.test(e.message));
    // The session is the caller's, the user someone else.
    const other = await h.ts.newSession();
    await assert.rejects(socketRpc(sa, 'stream_join', { userId: other.user_id }), (e: { message: string }) => /Session not found/.test(e.message));
  });
});

describe('nk reads of several channels', () => {
  async function twoRooms(): Promise<[string, string]> {
    return [await rpc('channel_id', { target: `a ${uniq()}`, type: 1 }), await rpc('channel_id', { target: `b ${uniq()}`, type: 1 })];
  }
  const text = (m: { content: { text?: string } }) => m.content.text;

  it('channelsMessagesList merges channels newest first, pages to older ones, and keeps only messages with the field', async () => {
    const [a, b] = await twoRooms();
    for (const [i, ch] of [a, b, a, b, a].entries()) await rpc('channel_send', { channelId: ch, content: { text: `m${i}` } });
    await rpc('channel_send', { channelId: a, content: { other: true } });
    const first = await rpc('channels_list', { channelIds: [a, b], limit: 3, options: { contentField: 'text' } });
    assert.deepEqual(first.messages.map(text), ['m4', 'm3', 'm2']);
    assert.deepEqual(first.messages.map((m: { channelId: string }) => m.channelId), [a, b, a]);
    const second = await rpc('channels_list', { channelIds: [a, b], limit: 3, cursor: first.cursor, options: { contentField: 'text' } });
    assert.deepEqual(second.messages.map(text), ['m1', 'm0']);
    assert.equal(second.cursor, undefined);
    const all = await rpc('channels_list', { channelIds: [a], limit: 10 });
    assert.deepEqual(all.messages.map(text), [undefined, 'm4', 'm2', 'm0']);
    assert.equal((await h.refusal('channels_list', { channelIds: [a], cursor: 'bad' })).status, 400);
    assert.equal((await h.refusal('channels_list', { channelIds: ['nope'] })).status, 400);
  });

  it('channelMessagesGetId finds the channel\'s messages among the ids only', async () => {
    const [a, b] = await twoRooms();
    const x = await rpc('channel_send', { channelId: a, content: { text: 'x' } });
    const y = await rpc('channel_send', { channelId: b, content: { text: 'y' } });
    const got = await rpc('channel_get', { channelId: a, messageIds: [y.messageId, x.messageId, 'junk'] });
    assert.deepEqual(got.map((m: { messageId: string }) => m.messageId), [x.messageId]);
  });

  it('channelsSummary counts others\' messages after a time and gives each channel\'s newest, in the order asked', async () => {
    const [a, b] = await twoRooms();
    const me = crypto.randomUUID();
    const empty = await rpc('channel_id', { target: `c ${uniq()}`, type: 1 });
    const first = await rpc('channel_send', { channelId: a, content: { text: '1' } });
    await sleep(5);
    await rpc('channel_send', { channelId: a, content: { text: '2' } });
    await rpc('channel_send', { channelId: a, content: { text: 'моё' }, senderId: me });
    await rpc('channel_send', { channelId: a, content: { note: 'no text' } });
    await rpc('channel_send', { channelId: b, content: { text: '3' } });
    const rows = await rpc('channels_summary', {
      userId: me,
      channels: [{ channelId: b }, { channelId: a, since: first.createTime }, { channelId: empty }],
      options: { contentField: 'text' },
    });
    assert.deepEqual(rows.map((r: { channelId: string }) => r.channelId), [b, a, empty]);
    assert.deepEqual(rows.map((r: { unread: number }) => r.unread), [1, 1, 0]);
    assert.equal(text(rows[0].last), '3');
    assert.equal(text(rows[1].last), 'моё');
    assert.equal(rows[2].last, undefined);
    const all = await rpc('channels_summary', { userId: me, channels: [{ channelId: a }], options: { maxUnread: 2 } });
    assert.equal(all[0].unread, 2);
    assert.deepEqual(all[0].last.content, { note: 'no text' });
    assert.equal((await h.refusal('channels_summary', { userId: 'x', channels: [{ channelId: a }] })).status, 400);
  });
});
