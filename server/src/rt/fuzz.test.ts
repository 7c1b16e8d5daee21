// Property-based fuzzing of the socket: every message type of the handler table (a new one is fuzzed as
// soon as it is added) with arbitrary payloads, and malformed frames. Every reply is an answer or an error
// envelope, never an internal error; the socket stays open unless the contract closes it (a frame of the
// wrong type: 1003; a frame past MAX_MESSAGE_SIZE_BYTES: 1009), and the server keeps serving new sockets.
// FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH come from the environment (testing/fuzz.ts; `npm run fuzz` runs long).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import WebSocket from 'ws';
import type { RuntimeModule } from '../runtime/types.ts';
import { fuzzSettings, nastyJson, nastyString } from '../testing/fuzz.ts';
import { nextEvent, startTestServer, type TestServer } from '../testing/index.ts';
import { encodeEnvelope } from './protobuf.ts';

const settings = fuzzSettings(8);

// An RPC that answers what it is given and one that fails, so that `rpc` messages reach a module.
const echoModule: RuntimeModule = {
  name: 'fuzz-echo',
  init(initializer) {
    initializer.registerRpc('echo', (_ctx, payload) => payload);
    initializer.registerRpc('fail', () => {
      throw new Error('refused');
    });
  },
};

const ts: TestServer = await startTestServer({ modules: [echoModule] });
after(() => ts.close());

type Envelope = Record<string, unknown>;

/** A raw socket (the official client would refuse to send malformed frames): replies by cid, and how it closed. */
class RawSocket {
  readonly ws: WebSocket;
  private readonly waiting = new Map<string, (m: Envelope) => void>();
  /** Replies that carry no cid: errors about frames that could not be read. */
  readonly uncorrelated: Envelope[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cid = 0;

  constructor(token: string, format: 'json' | 'protobuf' = 'json') {
    this.ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${token}&format=${format}`);
    this.ws.on('message', (d) => {
      if (format === 'protobuf') return;
      const m = JSON.parse(d.toString()) as Envelope;
      if (typeof m.cid === 'string' && this.waiting.has(m.cid)) {
        this.waiting.get(m.cid)!(m);
        this.waiting.delete(m.cid);
      } else if (m.cid === undefined && m.error) this.uncorrelated.push(m);
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  open(): Promise<void> {
    return nextEvent((r) => this.ws.on('open', () => r(undefined)), 3000, 'open');
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a message of this type and answers its reply. */
  ask(type: string, payload: unknown): Promise<Envelope> {
    const cid = String(++this.cid);
    const reply = nextEvent<Envelope>((r) => this.waiting.set(cid, r), 5000, `the reply to ${type}`);
    this.ws.send(JSON.stringify({ cid, [type]: payload }));
    return reply;
  }
}

/** Whether a frame is within MAX_MESSAGE_SIZE_BYTES: a larger one closes the socket (tested on its own). */
const fits = (frame: string) => Buffer.byteLength(frame) <= ts.config.maxMessageSizeBytes;

/** What a reply says wrong, or undefined when it is an answer or a proper error envelope. */
function problem(reply: Envelope): string | undefined {
  if (!('error' in reply)) return undefined;
  const e = reply.error as { code?: unknown; message?: unknown };
  if (typeof e.code !== 'number' || typeof e.message !== 'string') return `not an error envelope: ${JSON.stringify(reply)}`;
  if (e.code === 0) return `an internal error: ${JSON.stringify(reply)}`;
  return undefined;
}

/** Field names the socket's messages take (the contract's §3.3), to make payloads that reach the handlers. */
const FIELDS = [
  'target', 'type', 'persistence', 'hidden', 'channel_id', 'message_id', 'content', 'match_id', 'token', 'metadata', 'op_code',
  'data', 'presences', 'presence', 'reliable', 'min_count', 'max_count', 'query', 'string_properties', 'numeric_properties',
  'count_multiple', 'ticket', 'party_id', 'open', 'max_size', 'label', 'id', 'payload', 'http_key', 'user_ids', 'usernames',
  'status', 'name', 'user_id', 'session_id', 'username',
];

/** Ids (channels, matches, parties, tickets, messages, users) and presences that replies carried: real ones to aim at. */
const seen: unknown[] = [];
const ID_KEYS = new Set(['channel_id', 'match_id', 'party_id', 'ticket', 'message_id', 'user_id', 'session_id', 'id']);

function harvest(value: unknown): void {
  if (seen.length >= 200 || typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && ID_KEYS.has(k) && !seen.includes(v)) seen.push(v);
    if ((k === 'self' || k === 'presence') && typeof v === 'object') seen.push(v);
    harvest(v);
  }
}

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.nat().map((i) => (seen.length ? seen[i % seen.length] : '')),
  fc.nat().map((i) => (seen.length ? [seen[i % seen.length]] : [])),
  nastyJson,
  fc.integer({ min: -2, max: 300 }),
  fc.constantFrom('echo', 'fail', '2...room', '*', '+properties.x:1', 'dGVzdA==', '{"a":1}', ''),
  fc.record({ user_id: fc.uuid(), session_id: fc.uuid(), username: nastyString }),
);
const payloadArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }),
  nastyJson,
);

describe('fuzzing every socket message type', () => {
  let socket: RawSocket;
  before(async () => {
    socket = new RawSocket((await ts.newSession()).token);
    await socket.open();
  });

  it('covers the whole handler table', () => {
    assert.ok(ts.app.socketMessages.includes('channel_join') && ts.app.socketMessages.includes('rpc'));
  });

  // One test per message type, so that a failure names it and --test-name-pattern replays it alone.
  for (const type of ts.app.socketMessages) {
    it(type, async () => {
      await fc.assert(
        fc.asyncProperty(payloadArb.filter((p) => fits(JSON.stringify({ cid: '99999', [type]: p }))), async (payload) => {
          const reply = await socket.ask(type, payload);
          harvest(reply);
          assert.equal(problem(reply), undefined, `${type} ${JSON.stringify(payload).slice(0, 300)}`);
          assert.ok(socket.isOpen, `the socket closed after ${type} ${JSON.stringify(payload).slice(0, 300)}`);
        }),
        settings,
      );
    });
  }

  it('keeps the socket serving', async () => {
    assert.deepEqual(Object.keys(await socket.ask('ping', {})).sort(), ['cid', 'pong']);
    socket.ws.close();
  });
});

/** Frames that are not a message of the protocol. */
const malformedFrame: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.json(),
  nastyJson.map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"cid":"1"}', '{"cid":"1","ping":{},"pong":{}}', '{"cid":{},"ping":{}}', '{"cid":"1","__proto__":{}}',
    '{"cid":"1","constructor":{}}', '{"cid":"1","toString":1}', '{"cid":1e999,"ping":{}}', '[1,2]', 'null', '"ping"'),
  fc.record({ cid: fc.oneof(nastyString, fc.integer()), unknown: fc.tuple(nastyString, nastyJson) })
    .map(({ cid, unknown: [k, v] }) => JSON.stringify({ cid, [k]: v })),
);

describe('malformed frames', () => {
  it('are answered with an error envelope, or nothing without a cid, and the socket stays open', async () => {
    const session = await ts.newSession();
    const socket = new RawSocket(session.token);
    await socket.open();
    await fc.assert(
      fc.asyncProperty(malformedFrame.filter(fits), async (frame) => {
        socket.ws.send(frame);
        // A ping after it: replies come in order, so its pong means the frame has been handled.
        const pong = await socket.ask('ping', {});
        assert.ok('pong' in pong, `${frame.slice(0, 300)} -> ${JSON.stringify(pong)}`);
        for (const e of socket.uncorrelated.splice(0)) assert.equal(problem(e), undefined);
      }),
      settings,
    );
    socket.ws.close();
  });

  it('of the wrong type close the socket with 1003, and past the size cap with 1009', async () => {
    const session = await ts.newSession();
    const binary = new RawSocket(session.token);
    await binary.open();
    binary.ws.send(Buffer.from('{"cid":"1","ping":{}}'));
    assert.equal((await binary.closed).code, 1003);

    const text = new RawSocket(session.token, 'protobuf');
    await text.open();
    text.ws.send('{"cid":"1","ping":{}}');
    assert.equal((await text.closed).code, 1003);

    const huge = new RawSocket(session.token);
    await huge.open();
    huge.ws.send(JSON.stringify({ cid: '1', rpc: { id: 'echo', payload: 'x'.repeat(ts.config.maxMessageSizeBytes) } }));
    assert.equal((await huge.closed).code, 1009);
  });

  it('in protobuf format are answered with an error envelope and the socket stays open', async () => {
    const session = await ts.newSession();
    const socket = new RawSocket(session.token, 'protobuf');
    await socket.open();
    const replies: Uint8Array[] = [];
    socket.ws.on('message', (d: Buffer) => replies.push(d));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const before = replies.length;
        const cid = `ping-${++n}`;
        socket.ws.send(bytes);
        socket.ws.send(encodeEnvelope({ cid, ping: {} }));
        // Replies come in order: the ping's pong (its cid) ends what the frame caused.
        const end = Date.now() + 5000;
        const ponged = () => replies.slice(before).some((r) => Buffer.from(r).includes(cid));
        while (!ponged() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
        assert.ok(socket.isOpen, `closed after ${Buffer.from(bytes).toString('hex')}`);
        assert.ok(ponged(), `no pong after ${Buffer.from(bytes).toString('hex')}`);
      }),
      settings,
    );
    socket.ws.close();
  });

  it('leave the server serving new sockets', async () => {
    const socket = new RawSocket((await ts.newSession()).token);
    await socket.open();
    assert.deepEqual(Object.keys(await socket.ask('ping', {})).sort(), ['cid', 'pong']);
    socket.ws.close();
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
  });
});
