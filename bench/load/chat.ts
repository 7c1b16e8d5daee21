// Room chat fan-out: receivers in one room, one sender; delivered messages per second and the delivery
// latency of each message (sent time in the content). mode 'tribuna' speaks the real socket protocol;
// mode 'raw' sends the same payloads through a bare ws relay.
import WebSocket from 'ws';
import { deviceTokens } from './sessions.ts';

const o = JSON.parse(process.argv[2]) as {
  mode: 'tribuna' | 'raw';
  port: number;
  receivers: number;
  messages: number;
  /** Messages in flight at most (throughput run). */
  window: number;
  /** Messages per second (latency run); absent: as fast as the window allows. */
  rate?: number;
};
const base = `http://127.0.0.1:${o.port}`;
const ROOM = 'bench-room';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function request(ws: WebSocket, cid: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (m.cid !== cid) return;
      ws.off('message', onMessage);
      if (m.error) reject(new Error(m.error.message));
      else resolve(m);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ cid, ...body }));
  });
}

const latencies: number[] = [];
let delivered = 0;
let lastDelivery = 0;
const expected = o.receivers * o.messages;
let done!: () => void;
const allDelivered = new Promise<void>((r) => (done = r));

// Receivers read only the send time out of each frame: parsing a million frames fully would make the
// load generator, not the server, the bottleneck.
function onFrame(data: WebSocket.RawData): void {
  const s = data.toString();
  const i = s.indexOf('"t\\":');
  const j = i === -1 ? s.indexOf('"t":') : -1;
  if (i === -1 && j === -1) return;
  const start = i !== -1 ? i + 5 : j + 4;
  const t = Number(s.slice(start, s.indexOf(',', start)));
  const now = performance.now() + performance.timeOrigin;
  latencies.push(now - t);
  delivered++;
  lastDelivery = now;
  if (delivered === expected) done();
}

let receivers: WebSocket[];
let sender: WebSocket;
let channelId = '';
if (o.mode === 'tribuna') {
  // The same accounts in every run against one server: the second run signs them in again.
  const tokens = await deviceTokens(base, o.receivers + 1, 'chat');
  receivers = [];
  for (let i = 0; i < o.receivers; i += 100) {
    const batch = await Promise.all(tokens.slice(i, Math.min(i + 100, o.receivers)).map((t) => open(`ws://127.0.0.1:${o.port}/ws?token=${t}`)));
    await Promise.all(batch.map((ws) => request(ws, 'join', { channel_join: { target: ROOM, type: 1, persistence: true, hidden: true } })));
    receivers.push(...batch);
  }
  sender = await open(`ws://127.0.0.1:${o.port}/ws?token=${tokens[o.receivers]}`);
  const joined = await request(sender, 'join', { channel_join: { target: ROOM, type: 1, persistence: true, hidden: true } });
  channelId = (joined.channel as { id: string }).id;
} else {
  receivers = [];
  for (let i = 0; i < o.receivers; i += 100) {
    receivers.push(...(await Promise.all(Array.from({ length: Math.min(100, o.receivers - i) }, () => open(`ws://127.0.0.1:${o.port}/`)))));
  }
  sender = await open(`ws://127.0.0.1:${o.port}/`);
}
for (const r of receivers) r.on('message', onFrame);

const started = performance.now() + performance.timeOrigin;
let inFlight = 0;
let wake: (() => void) | undefined;
if (o.mode === 'tribuna') {
  sender.on('message', (d) => {
    if (d.toString().startsWith('{"cid"')) {
      inFlight--;
      wake?.();
    }
  });
}
const payload = (i: number) => JSON.stringify({ t: performance.now() + performance.timeOrigin, i, text: 'Гол! Счёт 1:0' });
const sendOne = (i: number) => {
  if (o.mode === 'tribuna') {
    inFlight++;
    sender.send(JSON.stringify({ cid: String(i), channel_message_send: { channel_id: channelId, content: payload(i) } }));
  } else {
    sender.send(payload(i));
  }
};
if (o.rate) {
  // Paced: one message every 1/rate seconds, whatever the acknowledgements.
  const interval = 1000 / o.rate;
  for (let i = 0; i < o.messages; i++) {
    sendOne(i);
    await new Promise((r) => setTimeout(r, interval));
  }
} else {
  for (let i = 0; i < o.messages; i++) {
    if (o.mode === 'tribuna') {
      while (inFlight >= o.window) await new Promise<void>((r) => (wake = r));
    } else if (i % o.window === 0) {
      await new Promise((r) => setImmediate(r));
    }
    sendOne(i);
  }
}
const timeout = setTimeout(done, 60_000);
await allDelivered;
clearTimeout(timeout);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
console.log(
  JSON.stringify({
    delivered,
    expected,
    seconds: (lastDelivery - started) / 1000,
    perSecond: delivered / ((lastDelivery - started) / 1000),
    p50: pct(0.5),
    p99: pct(0.99),
  }),
);
for (const r of receivers) r.terminate();
sender.terminate();
process.exit(0);
