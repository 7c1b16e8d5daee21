// Room chat fan-out: receivers in one room, one sender; delivered messages per second and the delivery
// latency of each message (sent time in the content). mode 'tribuna' speaks the real socket protocol;
// mode 'raw' sends the same payloads through a bare ws relay. With `ports` (the nodes of a cluster), the
// receivers are spread over the nodes in turn and the sender is on the first.
import WebSocket from 'ws';
import { deviceTokens } from './sessions.ts';
import { profileWindow } from './profile-window.ts';
import { Deliveries, open, request } from './socket.ts';

const o = JSON.parse(process.argv[2]) as {
  mode: 'tribuna' | 'raw';
  port: number;
  /** Nodes of a cluster to spread the receivers over (mode 'tribuna'). */
  ports?: number[];
  receivers: number;
  messages: number;
  /** Messages in flight at most (throughput run). */
  window: number;
  /** Messages per second (latency run); absent: as fast as the window allows. */
  rate?: number;
  /** With --profile: the server's profile of the sending phase, written here. */
  profileFile?: string;
};
const base = `http://127.0.0.1:${o.port}`;
const ROOM = 'bench-room';

// Receivers read only the send time out of each frame: parsing a million frames fully would make the
// load generator, not the server, the bottleneck.
function onFrame(data: WebSocket.RawData): void {
  const s = data.toString();
  const i = s.indexOf('"t\\":');
  const j = i === -1 ? s.indexOf('"t":') : -1;
  if (i === -1 && j === -1) return;
  const start = i !== -1 ? i + 5 : j + 4;
  deliveries.record(Number(s.slice(start, s.indexOf(',', start))));
}

let receivers: WebSocket[];
let sender: WebSocket;
let channelId = '';
if (o.mode === 'tribuna') {
  // The same accounts in every run against one server: the second run signs them in again.
  const tokens = await deviceTokens(base, o.receivers + 1, 'chat');
  receivers = [];
  const ports = o.ports ?? [o.port];
  for (let i = 0; i < o.receivers; i += 100) {
    const batch = await Promise.all(tokens.slice(i, Math.min(i + 100, o.receivers)).map((t, k) => open(`ws://127.0.0.1:${ports[(i + k) % ports.length]}/ws?token=${t}`)));
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
const deliveries = new Deliveries(o.receivers * o.messages);
for (const r of receivers) r.on('message', onFrame);

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
const stopProfile = await profileWindow(base, o.profileFile);
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
await deliveries.settled();
await stopProfile();
console.log(JSON.stringify(deliveries.summary()));
for (const r of receivers) r.terminate();
sender.terminate();
process.exit(0);
