// The app does its realtime work through the bus it is given: delivery, presences, revocations and the
// shared limits. A bus that records what goes through it stands in for a cluster bus.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { Msg } from './encode.ts';
import type { BackoffLimit, LimitStore, RateLimit, Revocation, WindowLimit } from './realtime/bus.ts';
import { LocalBus } from './realtime/local-bus.ts';
import { MemoryLimitStore } from './realtime/memory-limits.ts';
import type { Stream } from './realtime/tracker.ts';
import { serializers } from './rt/serializers.ts';
import { nextEvent, startTestServer, type TestServer } from './testing/index.ts';

class RecordingLimits implements LimitStore {
  readonly names: string[] = [];
  private readonly inner = new MemoryLimitStore();

  window(name: string, limit: number, windowMs: number): WindowLimit {
    this.names.push(name);
    return this.inner.window(name, limit, windowMs);
  }

  backoff(name: string, free: number, windowMs: number, maxDelayMs: number): BackoffLimit {
    this.names.push(name);
    return this.inner.backoff(name, free, windowMs, maxDelayMs);
  }

  rate(name: string, points: number, durationSec: number): RateLimit {
    this.names.push(name);
    return this.inner.rate(name, points, durationSec);
  }
}

class RecordingBus extends LocalBus {
  readonly revocations: Revocation[] = [];
  readonly toStreams: Array<{ stream: Stream; envelope: Msg }> = [];
  readonly toUsers: Array<{ userId: string; envelope: Msg }> = [];

  override revoke(r: Revocation): void {
    this.revocations.push(r);
    super.revoke(r);
  }

  override sendToStream(s: Stream, envelope: Msg, except?: string): void {
    this.toStreams.push({ stream: s, envelope });
    super.sendToStream(s, envelope, except);
  }

  override sendToUser(userId: string, envelope: Msg): void {
    this.toUsers.push({ userId, envelope });
    super.sendToUser(userId, envelope);
  }
}

const limits = new RecordingLimits();
const bus = new RecordingBus({ serializers, limits });
let ts: TestServer;
before(async () => {
  ts = await startTestServer({ bus });
});
after(async () => {
  await ts.close();
  await bus.close();
});

/** A raw socket: its messages in order and its close code. */
function open(token: string): Promise<{ ws: WebSocket; next: () => Promise<Msg>; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}`);
    const inbox: Msg[] = [];
    const waiters: Array<(m: Msg) => void> = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      const w = waiters.shift();
      if (w) w(m);
      else inbox.push(m);
    });
    const closed = nextEvent<number>((r) => ws.on('close', (code) => r(code)), 5000, 'close');
    closed.catch(() => {});
    ws.on('open', () => resolve({
      ws,
      closed,
      next: () => (inbox.length ? Promise.resolve(inbox.shift()!) : nextEvent((r) => waiters.push(r), 3000, 'socket message')),
    }));
    ws.on('error', reject);
  });
}

/** Reads messages until one with this key. */
async function until(next: () => Promise<Msg>, key: string): Promise<Msg> {
  for (;;) {
    const m = await next();
    if (m[key]) return m;
  }
}

describe('an app on a given bus', () => {
  it('revokes through it: a logout closes the socket of that session, a ban every socket of the user', async () => {
    const client = ts.client();
    const s = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const one = await open(s.token);
    await client.sessionLogout(s, s.token, s.refresh_token);
    assert.equal(await one.closed, 4001);
    const mine = bus.revocations.filter((r) => r.userId === s.user_id);
    assert.deepEqual(mine.map((r) => r.token?.kind).sort(), ['refresh', 'session']);

    const t = await ts.newSession();
    const two = await open(t.token);
    await ts.app.nk.usersBanId([t.user_id]);
    assert.equal(await two.closed, 4001);
    const banned = bus.revocations.filter((r) => r.userId === t.user_id);
    assert.ok(banned.some((r) => r.issuedUpTo !== undefined), 'its tokens revoked');
  });

  it('delivers through it: chat messages to the channel stream, notifications to the user', async () => {
    const s = await ts.newSession();
    const sock = await open(s.token);
    sock.ws.send(JSON.stringify({ cid: '1', channel_join: { target: 'bus-room', type: 1, persistence: false } }));
    const joined = await sock.next();
    const channelId = (joined.channel as { id: string }).id;
    sock.ws.send(JSON.stringify({ cid: '2', channel_message_send: { channel_id: channelId, content: '{"text":"Гол!"}' } }));
    await until(sock.next, 'channel_message');
    assert.ok(bus.toStreams.some((d) => d.stream.label === 'bus-room' && d.envelope.channel_message));

    await ts.app.nk.notificationSend(s.user_id, 'Через шину', {}, 101);
    await until(sock.next, 'notifications');
    assert.ok(bus.toUsers.some((d) => d.userId === s.user_id && d.envelope.notifications));
    sock.ws.close();
  });

  it('counts the sign-in limits, the chat\'s and modules\' shared limits in its store', async () => {
    assert.ok(limits.names.length >= 3, `limits asked for: ${limits.names.join(', ')}`);
    const views = ts.app.nk.sharedRateLimiter('test.views', 2, 60_000);
    assert.equal(await views.hit('1.2.3.4'), true);
    assert.equal(await views.hit('1.2.3.4'), true);
    assert.equal(await views.hit('1.2.3.4'), false);
    assert.equal(await bus.limits.window('test.views', 2, 60_000).blocked('1.2.3.4'), true, 'the same counters');
    assert.ok(limits.names.includes('test.views'));
    // The chat's limits and modules' rate limits too.
    assert.ok(limits.names.includes('chat.messages_per_user'), `limits asked for: ${limits.names.join(', ')}`);
    const likes = ts.app.nk.rateLimit('test.likes', 1, 60);
    assert.equal((await likes.consume('u1')).allowed, true);
    assert.equal((await bus.limits.rate('test.likes', 1, 60).consume('u1')).allowed, false, 'the same counters');
    assert.ok(limits.names.includes('test.likes'));
  });
});
