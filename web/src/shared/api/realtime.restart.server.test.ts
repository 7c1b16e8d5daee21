// @vitest-environment node
// The socket client when the server node it is on stops (SIGTERM, a deploy): the node closes it with 1012,
// and the client comes back at once, through the same address, to the node that now answers there.
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RealtimeSocket, RESTART_CLOSE_CODE, type RealtimeEvent } from '../../lib/nakama/socket.ts';

let stopping: TestServer;
let next: TestServer;

beforeAll(async () => {
  stopping = await startTestServer();
  next = await startTestServer();
}, 60_000);

afterAll(async () => {
  await stopping?.close();
  await next?.close();
}, 30_000);

describe('realtime socket on a stopping node', () => {
  it('reconnects at once to the node that answers now, and joins its channel again', { timeout: 30_000 }, async () => {
    const alice = await stopping.newSession('alice');
    // What a load balancer does: new connections go to whichever node is up.
    let current = stopping;
    const rt = new RealtimeSocket({
      createSocket: () => current.client().createSocket(false),
      session: async () => alice,
      // A lost connection would wait longer than this test: only the restart path brings it back.
      reconnectDelayMs: 600_000,
    });
    const events: RealtimeEvent[] = [];
    rt.subscribe((e) => events.push(e));
    rt.connect();
    await vi.waitFor(() => expect(rt.state).toBe('open'), { timeout: 10_000 });
    await rt.joinChat('lobby', 1);

    current = next;
    const upgradedOnNext = new Promise<void>((resolve) => next.app.server.once('upgrade', () => resolve()));
    await stopping.app.shutdown();
    await upgradedOnNext;
    await vi.waitFor(() => expect(events.at(-1)).toEqual({ type: 'open', reconnected: true }), { timeout: 10_000 });
    const connection = events.filter((e) => e.type === 'open' || e.type === 'close');
    expect(connection).toEqual([{ type: 'open', reconnected: false }, { type: 'close', restarting: true }, { type: 'open', reconnected: true }]);
    // The channel is joined again on the new node: a message written there reaches the client.
    const bob = await next.newSession('bob');
    const bobSocket = next.client().createSocket(false);
    await bobSocket.connect(bob, false);
    const channel = await bobSocket.joinChat('lobby', 1, true, false);
    const got = new Promise<string>((resolve) => rt.subscribe((e) => e.type === 'channel_message' && resolve((e.message.content as { text: string }).text)));
    await bobSocket.writeChatMessage(channel.id, { text: 'снова здесь' });
    expect(await got).toBe('снова здесь');
    expect(RESTART_CLOSE_CODE).toBe(1012);
    bobSocket.disconnect(false);
    rt.disconnect();
  });
});
