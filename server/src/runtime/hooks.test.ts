// Before and after hooks of socket messages and RPCs. The use case: a module that lets only captains
// into the chat of a group marked `captainsOnly`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { once } from 'node:events';
import type { ChannelMessage, Socket } from '@heroiclabs/nakama-js';
import WebSocket from 'ws';
import { permissionDenied } from '../errors.ts';
import type { RtMessage, RuntimeModule } from './types.ts';
import { errorOf, nextEvent, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

const afterRpc: Array<{ result: string; payload: string; userId?: string }> = [];
const afterRt: Array<{ output: RtMessage | null; input: RtMessage; mode: string }> = [];

const hooksModule: RuntimeModule = {
  name: 'hooks-test',
  init(initializer, nk) {
    initializer.registerRpc('echo', (_ctx, payload) => payload);
    initializer.registerRpc('make_captain', async (ctx) => {
      await nk.accountUpdateId(ctx.userId!, { metadata: { role: 'captain' } });
    });
    initializer.registerRpc('captains_group', async (ctx, payload) =>
      JSON.stringify(await nk.groupCreate(ctx.userId!, { name: JSON.parse(payload).name, open: true, metadata: { captainsOnly: true } })));

    initializer.registerBeforeRpc('Echo', (ctx, payload) => {
      const body = JSON.parse(payload || '{}');
      if (body.refuse) return null;
      if (body.fail) throw permissionDenied('Not today.');
      if (body.crash) throw new Error('secret internals');
      return JSON.stringify({ ...body, checkedFor: ctx.userId ?? 'server' });
    });
    initializer.registerAfterRpc('echo', (ctx, result, payload) => {
      afterRpc.push({ result, payload, userId: ctx.userId });
    });

    initializer.registerBeforeRt('channel_join', async (ctx, message) => {
      if (message.target === 'closed') return null;
      if (message.target === 'broken') throw new Error('secret internals');
      // A message may be changed: this room is served under another name.
      if (message.target === 'lobby') return { ...message, target: 'lobby-ru' };
      if (Number(message.type) === 3) {
        const [group] = await nk.groupsGetId([String(message.target)]);
        if (group?.metadata.captainsOnly) {
          const account = await nk.accountGetId(ctx.userId);
          if (account.user.metadata.role !== 'captain') throw permissionDenied('Only captains may join this chat.');
        }
      }
      return message;
    });
    // Named as upstream names it; runs once the join's reply is sent.
    initializer.registerAfterRt('ChannelJoin', async (ctx, output, input) => {
      afterRt.push({ output, input, mode: ctx.executionMode });
      const channel = output?.channel as { id: string; room_name?: string } | undefined;
      if (channel?.room_name === 'lobby-ru') await nk.channelMessageSend(channel.id, { welcome: ctx.username }, undefined, undefined, false);
    });
  },
};

let ts: TestServer;
const sockets: Socket[] = [];
before(async () => {
  ts = await startTestServer({ modules: [hooksModule] });
});
after(async () => {
  sockets.forEach((s) => s.disconnect(false));
  await ts.close();
});

async function connect(s: TestSession): Promise<Socket> {
  const socket = ts.client().createSocket();
  await socket.connect(s, false);
  sockets.push(socket);
  return socket;
}

const uniq = () => Math.random().toString(36).slice(2, 10);
const rejectsWith = (p: Promise<unknown>, code: number, message: RegExp) =>
  assert.rejects(p, (e: { code: number; message: string }) => e.code === code && message.test(e.message));

describe('socket message hooks', () => {
  it('a before hook on channel_join lets only captains into a captains-only group chat', async () => {
    const owner = await ts.newSession();
    const player = await ts.newSession();
    const group = (await ts.client().rpc(owner, 'captains_group', { name: `Капитаны ${uniq()}` })).payload as { id: string };
    await ts.client().joinGroup(player, group.id);
    const socket = await connect(player);
    await rejectsWith(socket.joinChat(group.id, 3, true, false), 7, /^Only captains may join this chat\.$/);
    await ts.client().rpc(player, 'make_captain', {});
    const channel = await socket.joinChat(group.id, 3, true, false);
    assert.equal(channel.id, `3.${group.id}..`);
    // Other groups are not affected; the core's own rules still apply after the hook.
    const plain = await ts.client().createGroup(owner, { name: `Обычная ${uniq()}`, open: true });
    await rejectsWith(socket.joinChat(plain.id!, 3, true, false), 3, /Only members/);
    await ts.client().joinGroup(player, plain.id!);
    assert.equal((await socket.joinChat(plain.id!, 3, true, false)).id, `3.${plain.id}..`);
  });

  it('null refuses the message; an unexpected error refuses it without telling why', async () => {
    const socket = await connect(await ts.newSession());
    await rejectsWith(socket.joinChat('closed', 1, true, false), 7, /^Requested resource was not found\.$/);
    await rejectsWith(socket.joinChat('broken', 1, true, false), 7, /^Internal error$/);
  });

  it('a changed message is what the handler gets; the after hook sees input and reply once the reply is sent', async () => {
    const s = await ts.newSession();
    const socket = await connect(s);
    const welcome = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
    const channel = await socket.joinChat('lobby', 1, true, false);
    assert.equal(channel.id, '2...lobby-ru');
    assert.deepEqual((await welcome).content, { welcome: s.username });
    const seen = afterRt.find((x) => (x.output?.channel as { id: string }).id === channel.id)!;
    assert.equal(seen.mode, 'after');
    assert.equal(seen.input.target, 'lobby-ru');

    // On the wire, the reply comes before what the after hook sent.
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${s.token}`);
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    await once(ws, 'open');
    ws.send(JSON.stringify({ cid: '1', channel_join: { target: 'lobby', type: 1 } }));
    for (let i = 0; i < 100 && !frames.some((f) => f.channel_message); i++) await sleep(10);
    ws.close();
    const reply = frames.findIndex((f) => f.cid === '1');
    const message = frames.findIndex((f) => f.channel_message);
    assert.ok(reply >= 0 && message > reply, JSON.stringify(frames));
  });

  it('messages without hooks are untouched', async () => {
    const socket = await connect(await ts.newSession());
    const channel = await socket.joinChat(`room ${uniq()}`, 1, true, false);
    await socket.writeChatMessage(channel.id, { a: 1 });
    await socket.leaveChat(channel.id);
  });
});

describe('RPC hooks', () => {
  it('a before hook changes the payload or refuses the call, over HTTP and the socket; the after hook sees the result', async () => {
    const s = await ts.newSession();
    const r = await ts.client().rpc(s, 'echo', { a: 1 });
    assert.deepEqual(r.payload, { a: 1, checkedFor: s.user_id });
    const seen = afterRpc.at(-1)!;
    assert.deepEqual(JSON.parse(seen.result), { a: 1, checkedFor: s.user_id });
    assert.equal(seen.payload, seen.result);
    assert.equal(seen.userId, s.user_id);

    let e = await errorOf(ts.client().rpc(s, 'echo', { refuse: true }));
    assert.equal(e.status, 404);
    assert.equal(e.body.message, 'Requested resource was not found.');
    e = await errorOf(ts.client().rpc(s, 'echo', { fail: true }));
    assert.equal(e.status, 403);
    assert.equal(e.body.message, 'Not today.');
    e = await errorOf(ts.client().rpc(s, 'echo', { crash: true }));
    assert.equal(e.status, 500);
    assert.equal(e.body.message, 'Internal error');

    const calls = afterRpc.length;
    const socket = await connect(s);
    const viaSocket = await socket.rpc('echo', '{"b":2}');
    assert.deepEqual(JSON.parse(viaSocket.payload!), { b: 2, checkedFor: s.user_id });
    await rejectsWith(socket.rpc('echo', '{"refuse":true}'), 7, /^Requested resource was not found\.$/);
    await sleep(10);
    assert.equal(afterRpc.length, calls + 1);
  });
});

describe('hook registration', () => {
  const failingStart = async (init: RuntimeModule['init']) => {
    let error: unknown;
    try {
      const server = await startTestServer({ modules: [{ name: 'bad-hooks', init }] });
      await server.close();
    } catch (e) {
      error = e;
    }
    return String(error);
  };

  it('refuses hooks of unknown socket messages or RPCs, and a second hook of one name', async () => {
    assert.match(await failingStart((i) => i.registerBeforeRt('channel_joinn', (_c, m) => m)), /"channeljoinn", which is not a socket message/);
    assert.match(await failingStart((i) => i.registerAfterRpc('nobody', () => {})), /RPC "nobody", which no module registered/);
    assert.match(await failingStart((i) => {
      i.registerBeforeRt('channel_join', (_c, m) => m);
      i.registerBeforeRt('ChannelJoin', (_c, m) => m);
    }), /already registered/);
  });
});
