// The socket's protobuf format (`format=protobuf`), through the official client with the official
// protobuf adapter, plus the conversion between protobuf messages and protojson-shaped envelopes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { ChannelMessage, ChannelPresenceEvent, DefaultSocket, Notification, Socket, StatusPresenceEvent } from '@heroiclabs/nakama-js';
import { WebSocketAdapterPb } from '@heroiclabs/nakama-js-protobuf';
import protobuf from 'protobufjs';
import { nextEvent, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';
import type { RuntimeModule } from '../runtime/types.ts';
import { decodeEnvelope, encodeEnvelope, timestampFromJson, timestampToJson } from './protobuf.ts';

const echoModule: RuntimeModule = {
  name: 'pb-test',
  init(initializer) {
    initializer.registerRpc('pb_echo', (ctx, payload) => JSON.stringify({ user: ctx.userId, got: JSON.parse(payload || '{}') }));
  },
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [echoModule] });
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 10);
const sockets: Socket[] = [];
after(() => sockets.forEach((s) => s.disconnect(false)));

async function connectPb(s: TestSession, status = false): Promise<Socket> {
  const socket = ts.client().createSocket(false, false, new WebSocketAdapterPb());
  await socket.connect(s, status);
  sockets.push(socket);
  return socket;
}

async function connectJson(s: TestSession): Promise<Socket> {
  const socket = ts.client().createSocket();
  await socket.connect(s, false);
  sockets.push(socket);
  return socket;
}

/** A raw protobuf socket: replies are decoded with the server's own converter. */
function rawPb(token: string): Promise<{ ws: WebSocket; next: () => Promise<{ binary: boolean; envelope: Record<string, unknown> }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}&format=protobuf`);
    const inbox: Array<{ binary: boolean; envelope: Record<string, unknown> }> = [];
    const waiters: Array<(m: { binary: boolean; envelope: Record<string, unknown> }) => void> = [];
    ws.on('message', (d: Buffer, binary) => {
      const decoded = decodeEnvelope(d);
      const m = { binary, envelope: decoded.ok ? decoded.envelope : { undecodable: true } };
      const w = waiters.shift();
      if (w) w(m);
      else inbox.push(m);
    });
    ws.on('open', () =>
      resolve({ ws, next: () => (inbox.length ? Promise.resolve(inbox.shift()!) : nextEvent((r) => waiters.push(r), 3000, 'socket message')) }),
    );
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error('upgrade refused'), { status: res.statusCode })));
    ws.on('error', reject);
  });
}

describe('protobuf conversion', () => {
  it('timestamps: RFC 3339 both ways, fractions kept to 3, 6 or 9 digits', () => {
    assert.equal(timestampToJson(1714566896, 0), '2024-05-01T12:34:56Z');
    assert.equal(timestampToJson(1714566896, 120_000_000), '2024-05-01T12:34:56.120Z');
    assert.equal(timestampToJson(1714566896, 120_500_000), '2024-05-01T12:34:56.120500Z');
    assert.equal(timestampToJson(1714566896, 1), '2024-05-01T12:34:56.000000001Z');
    assert.deepEqual(timestampFromJson('2024-05-01T12:34:56Z'), { seconds: 1714566896, nanos: 0 });
    assert.deepEqual(timestampFromJson('2024-05-01T15:34:56.25+03:00'), { seconds: 1714566896, nanos: 250_000_000 });
    assert.throws(() => timestampFromJson('yesterday'));
  });

  it('round-trips int64, bytes, wrappers (zero and empty included), timestamps, maps and lists', () => {
    const envelopes: Record<string, unknown>[] = [
      {
        cid: '7',
        channel_message: {
          channel_id: '2...room', message_id: 'm', code: 0, sender_id: 'u', username: 'ann', content: '{"a":1}',
          create_time: '2024-05-01T12:34:56Z', update_time: '2024-05-01T12:34:57.500Z', persistent: false, room_name: 'room',
        },
      },
      { match_data: { match_id: 'x.', op_code: '9007199254740993', data: Buffer.from('привет').toString('base64'), reliable: true } },
      { status_presence_event: { joins: [{ user_id: 'u', session_id: 's', username: 'ann', status: '' }], leaves: [{ user_id: 'u', session_id: 's', username: 'ann', persistence: true, status: 'busy' }] } },
      { cid: '3', error: { code: 3, message: 'bad', context: { k: 'v' } } },
      { matchmaker_add: { min_count: 2, max_count: 4, query: '*', string_properties: { mode: 'x' }, numeric_properties: { skill: 1.5 } } },
      { status_update: {} },
      { status_update: { status: '' } },
      { cid: '1', pong: {} },
      { notifications: { notifications: [{ id: 'n', subject: 's', content: '{}', code: 101, create_time: '2024-05-01T12:34:56Z', persistent: true }] } },
    ];
    for (const e of envelopes) {
      const decoded = decodeEnvelope(encodeEnvelope(e));
      assert.ok(decoded.ok);
      assert.deepEqual(decoded.envelope, e);
    }
  });

  it('encodes the way Nakama does on the wire (wrappers and timestamps as submessages, zero wrappers kept)', () => {
    const root = new protobuf.Root();
    const Ack = protobuf.parse(`syntax = "proto3"; package t;
      message I { int32 value = 1; } message B { bool value = 1; } message T { int64 seconds = 1; int32 nanos = 2; }
      message Ack { string channel_id = 1; string message_id = 2; I code = 3; T create_time = 5; B persistent = 7; }
      message Env { string cid = 1; Ack channel_message_ack = 6; }`, root, { keepCase: true }).root.lookupType('t.Env');
    const bytes = encodeEnvelope({ cid: '5', channel_message_ack: { channel_id: 'c', message_id: 'm', code: 0, create_time: '2024-05-01T12:34:56Z', persistent: false } });
    const o = Ack.toObject(Ack.decode(bytes), { longs: String, defaults: true });
    assert.deepEqual(o, {
      cid: '5',
      channel_message_ack: { channel_id: 'c', message_id: 'm', code: { value: 0 }, create_time: { seconds: '1714566896', nanos: 0 }, persistent: { value: false } },
    });
  });

  it('refuses undecodable bytes; names an unknown payload field; an empty envelope has no payload', () => {
    assert.equal(decodeEnvelope(Uint8Array.from([0x0a, 0x05, 0x31])).ok, false);
    assert.equal(decodeEnvelope(Uint8Array.from([0xff, 0xff, 0xff])).ok, false);
    const unknown = decodeEnvelope(Uint8Array.from([0x0a, 0x01, 0x32, 0x9a, 0x06, 0x00])); // cid "2", field 99
    assert.deepEqual(unknown, { ok: true, envelope: { cid: '2', field_99: {} } });
    assert.deepEqual(decodeEnvelope(Uint8Array.from([0x0a, 0x01, 0x33])), { ok: true, envelope: { cid: '3' } });
  });
});

describe('protobuf socket', () => {
  it('upgrades with format=protobuf and answers ping with pong in binary frames', async () => {
    const s = await ts.newSession();
    const { ws, next } = await rawPb(s.token);
    ws.send(encodeEnvelope({ cid: '1', ping: {} }));
    assert.deepEqual(await next(), { binary: true, envelope: { cid: '1', pong: {} } });
    ws.close();

    const socket = await connectPb(s);
    const pong = (await (socket as DefaultSocket).send({ ping: {} })) as { pong?: unknown; cid?: string };
    assert.ok(pong.pong);
  });

  it('calls an RPC over the socket', async () => {
    const s = await ts.newSession();
    const socket = await connectPb(s);
    const res = await socket.rpc('pb_echo', JSON.stringify({ x: 'мяч' }));
    assert.equal(res.id, 'pb_echo');
    assert.deepEqual(JSON.parse(res.payload!), { user: s.user_id, got: { x: 'мяч' } });
    await assert.rejects(socket.rpc('pb_missing', '{}'), (e: { code: number }) => e.code === 6);
  });

  it('status follow returns presences; updates, going offline and leaving arrive as events', async () => {
    const alice = await ts.newSession(`pba_${uniq()}`);
    const bob = await ts.newSession(`pbb_${uniq()}`);
    const aliceSocket = await connectPb(alice, true);
    const bobSocket = await connectPb(bob);

    const status = await bobSocket.followUsers([alice.user_id]);
    assert.equal(status.presences.length, 1);
    assert.equal(status.presences[0].user_id, alice.user_id);
    assert.equal((status.presences[0] as { status?: string }).status, '');

    const updated = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    await aliceSocket.updateStatus('Смотрю матч');
    const ev = await updated;
    assert.equal((ev.joins[0] as { status?: string }).status, 'Смотрю матч');
    assert.equal((ev.leaves[0] as { status?: string }).status, '');

    const offline = nextEvent<StatusPresenceEvent>((r) => (bobSocket.onstatuspresence = r));
    await aliceSocket.updateStatus(undefined);
    assert.equal((await offline).leaves[0].user_id, alice.user_id);

    await bobSocket.unfollowUsers([alice.user_id]);
    let received = false;
    bobSocket.onstatuspresence = () => {
      received = true;
    };
    await aliceSocket.updateStatus('снова здесь');
    await sleep(100);
    assert.equal(received, false);
  });

  it('joins a room, sends, updates and removes a message: acks and broadcasts', async () => {
    const room = `pb room ${uniq()}`;
    const a = await ts.newSession();
    const sa = await connectPb(a);
    const selfJoin = nextEvent<ChannelPresenceEvent>((r) => (sa.onchannelpresence = r));
    const ch = await sa.joinChat(room, 1, true, false);
    assert.equal(ch.id, `2...${room}`);
    assert.equal(ch.self.user_id, a.user_id);
    assert.equal((await selfJoin).joins[0].user_id, a.user_id);

    const sent = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const ack = await sa.writeChatMessage(ch.id, { text: 'Гол!' });
    assert.equal(ack.code, 0);
    assert.equal((ack as unknown as { persistent: boolean }).persistent, true);
    assert.equal(ack.channel_id, ch.id);
    assert.equal((ack as unknown as { room_name: string }).room_name, room);
    assert.ok(ack.create_time);
    const m = await sent;
    assert.deepEqual(m.content, { text: 'Гол!' });
    assert.equal(m.sender_id, a.user_id);
    assert.equal(m.username, a.username);
    assert.equal(m.code, 0);
    assert.equal(m.persistent, true);
    assert.equal(m.message_id, ack.message_id);
    assert.equal(new Date(m.create_time!).getTime(), new Date(ack.create_time!).getTime());
    assert.ok(Math.abs(new Date(m.create_time!).getTime() - Date.now()) < 60_000);

    const updated = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const uack = await sa.updateChatMessage(ch.id, ack.message_id, { text: 'Гол! 1:0' });
    assert.equal(uack.code, 1);
    const u = await updated;
    assert.equal(u.code, 1);
    assert.deepEqual(u.content, { text: 'Гол! 1:0' });

    const removed = nextEvent<ChannelMessage>((r) => (sa.onchannelmessage = r));
    const rack = await sa.removeChatMessage(ch.id, ack.message_id);
    assert.equal(rack.code, 2);
    const r = await removed;
    assert.equal(r.code, 2);
    assert.equal(r.message_id, ack.message_id);

    const history = await ts.client().listChannelMessages(a, ch.id, 10, false);
    assert.equal(history.messages?.length, 0);
  });

  it('a JSON client and a protobuf client in one room receive each other\'s messages', async () => {
    const room = `mixed ${uniq()}`;
    const a = await ts.newSession();
    const b = await ts.newSession();
    const pb = await connectPb(a);
    const js = await connectJson(b);
    const ch = await pb.joinChat(room, 1, true, false);
    // pb's own join may reach it before or after its answer: the event awaited is b's.
    const seenByPb = nextEvent<ChannelPresenceEvent>((r) => (pb.onchannelpresence = (e) => {
      if (e.joins?.some((p) => p.user_id === b.user_id)) r(e);
    }));
    await js.joinChat(room, 1, true, false);
    assert.equal((await seenByPb).joins[0].user_id, b.user_id);

    let atPb = nextEvent<ChannelMessage>((r) => (pb.onchannelmessage = r));
    let atJs = nextEvent<ChannelMessage>((r) => (js.onchannelmessage = r));
    await pb.writeChatMessage(ch.id, { from: 'protobuf' });
    for (const m of [await atPb, await atJs]) {
      assert.deepEqual(m.content, { from: 'protobuf' });
      assert.equal(m.sender_id, a.user_id);
      assert.equal(m.code, 0);
    }

    atPb = nextEvent<ChannelMessage>((r) => (pb.onchannelmessage = r));
    atJs = nextEvent<ChannelMessage>((r) => (js.onchannelmessage = r));
    await js.writeChatMessage(ch.id, { from: 'json' });
    const [mPb, mJs] = [await atPb, await atJs];
    for (const m of [mPb, mJs]) {
      assert.deepEqual(m.content, { from: 'json' });
      assert.equal(m.sender_id, b.user_id);
      assert.equal(m.persistent, true);
    }
    assert.equal(new Date(mPb.create_time!).getTime(), new Date(mJs.create_time!).getTime());
  });

  it('receives a notification pushed live', async () => {
    const s = await ts.newSession();
    const socket = await connectPb(s);
    const got = nextEvent<Notification>((r) => (socket.onnotification = r));
    await ts.app.nk.notificationSend(s.user_id, 'Новая заявка', { team: 'Зенит' }, 101, null, true);
    const n = await got;
    assert.equal(n.subject, 'Новая заявка');
    assert.deepEqual(n.content, { team: 'Зенит' });
    assert.equal(n.code, 101);
    assert.equal(n.persistent, true);
    assert.ok(n.id);
  });

  it('answers a bad request with an error envelope', async () => {
    const s = await ts.newSession();
    const socket = await connectPb(s);
    await assert.rejects(socket.joinChat(crypto.randomUUID(), 3, true, false), (e: { code: number; message: string }) =>
      e.code === 3 && /members of a group/.test(e.message));
    await assert.rejects(socket.joinChat('', 1, true, false), (e: { code: number }) => e.code === 3);
    assert.ok(await socket.rpc('pb_echo', '{}'));
  });

  it('malformed frames get protobuf error envelopes; a text frame closes the socket', async () => {
    const s = await ts.newSession();
    const { ws, next } = await rawPb(s.token);
    ws.send(Buffer.from([0xff, 0xff, 0xff]));
    assert.deepEqual(await next(), { binary: true, envelope: { error: { code: 3, message: 'Received message is not a valid protobuf Envelope.' } } });
    ws.send(Uint8Array.from([0x0a, 0x01, 0x32, 0x9a, 0x06, 0x00]));
    assert.deepEqual(await next(), { binary: true, envelope: { cid: '2', error: { code: 1, message: 'Unrecognized message: field_99' } } });
    ws.send(encodeEnvelope({ cid: '3' }));
    assert.equal(((await next()).envelope.error as { code: number }).code, 2);
    // A message only the server sends is unknown to it as a request.
    ws.send(encodeEnvelope({ cid: '4', matchmaker_matched: { ticket: 't' } }));
    assert.deepEqual(await next(), { binary: true, envelope: { cid: '4', error: { code: 1, message: 'Unrecognized message: matchmaker_matched' } } });
    ws.send(encodeEnvelope({ cid: '5', status_follow: { user_ids: ['bad id'] } }));
    const e = (await next()).envelope;
    assert.equal(e.cid, '5');
    assert.equal((e.error as { code: number }).code, 3);
    ws.send(encodeEnvelope({ cid: '6', ping: {} }));
    assert.deepEqual(await next(), { binary: true, envelope: { cid: '6', pong: {} } });
    // A text frame on a protobuf socket closes it, as a binary frame closes a JSON one.
    const closed = nextEvent<number>((r) => ws.on('close', (c) => r(c)));
    ws.send('{"cid":"7","ping":{}}');
    assert.equal(await closed, 1003);
  });
});
