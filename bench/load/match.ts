// Relayed matches: `matches` matches of `players` sockets, each player sending match data `rate` times a
// second for `seconds`; delivered messages per second and delivery latency (the send time travels in
// the op code, in microseconds), and the server's CPU (cores busy) while sending. mode 'tribuna' speaks
// the real socket protocol (match_create, match_join, match_data_send); mode 'raw' sends frames of the
// same size through a bare ws room relay.
import WebSocket from 'ws';
import { cpuSeconds } from '../lib.ts';
import { deviceTokens } from './sessions.ts';
import { profileWindow } from './profile-window.ts';
import { now, open } from './socket.ts';

const o = JSON.parse(process.argv[2]) as {
  mode: 'tribuna' | 'raw'; port: number; pid: number; matches: number; players: number; rate: number; seconds: number;
  /** With --profile: the server's profile of the sending phase, written here. */
  profileFile?: string;
};
const base = `http://127.0.0.1:${o.port}`;
// A position update's worth of bytes, base64 as match_data_send carries it.
const DATA = Buffer.alloc(24, 7).toString('base64');

function reply(ws: WebSocket, frame: string, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const onMessage = (d: WebSocket.RawData) => {
      const text = d.toString();
      if (!until(text)) return;
      ws.off('message', onMessage);
      resolve(text);
    };
    ws.on('message', onMessage);
    ws.send(frame);
  });
}

const count = o.matches * o.players;
const sockets: WebSocket[] = [];
const matchIds: string[] = [];
if (o.mode === 'tribuna') {
  const tokens = await deviceTokens(base, count, 'match');
  for (let i = 0; i < count; i += 100) sockets.push(...(await Promise.all(tokens.slice(i, i + 100).map((t) => open(`ws://127.0.0.1:${o.port}/ws?token=${t}`)))));
  for (let m = 0; m < o.matches; m++) {
    const created = await reply(sockets[m * o.players], JSON.stringify({ cid: 'c', match_create: {} }), (t) => t.includes('"cid":"c"'));
    matchIds.push(JSON.parse(created).match.match_id);
  }
  await Promise.all(sockets.map((ws, i) => (i % o.players === 0 ? undefined : reply(ws, JSON.stringify({ cid: 'j', match_join: { match_id: matchIds[Math.floor(i / o.players)] } }), (t) => t.includes('"cid":"j"')))));
} else {
  for (let i = 0; i < count; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => open(`ws://127.0.0.1:${o.port}/`)))));
  await Promise.all(sockets.map((ws, i) => reply(ws, `room-${Math.floor(i / o.players)}`, (t) => t === 'joined')));
}

const latencies: number[] = [];
let delivered = 0;
let measuring = false;
const OP = Buffer.from('"op_code":"');
for (const ws of sockets) {
  ws.on('message', (d: Buffer) => {
    if (!measuring) return;
    // Only the send time is read, from the bytes: parsing every frame would make this process the bottleneck.
    const i = d.indexOf(OP);
    if (i === -1) return;
    let us = 0;
    for (let j = i + OP.length; d[j] !== 0x22; j++) us = us * 10 + (d[j] - 0x30);
    latencies.push(now() - us / 1000);
    delivered++;
  });
}
// The raw relay passes on what it is sent, so its players send the frame Tribuna delivers, byte for byte
// as long: a match id (a UUID and a dot), the sender's user and session ids and a 10-letter username.
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rawPresence = (i: number) => `{"user_id":"${uuidOf(i)}","session_id":"${uuidOf(count + i)}","username":"p${String(i).padStart(9, '0')}"}`;
const frame = (i: number) => {
  const opCode = Math.round(now() * 1000);
  if (o.mode === 'raw') return `{"match_data":{"match_id":"${uuidOf(Math.floor(i / o.players))}.","presence":${rawPresence(i)},"op_code":"${opCode}","data":"${DATA}"}}`;
  return `{"match_data_send":{"match_id":"${matchIds[Math.floor(i / o.players)]}","op_code":"${opCode}","data":"${DATA}"}}`;
};

// Every player sends every 1/rate seconds; the players are spread over ten slots of that period.
const stopProfile = await profileWindow(base, o.profileFile);
measuring = true;
const cpu0 = cpuSeconds(o.pid);
let sent = 0;
const period = 1000 / o.rate;
const slots = 10;
const started = now();
let tick = 0;
await new Promise<void>((done) => {
  const step = () => {
    const slot = tick % slots;
    for (let i = slot; i < count; i += slots) {
      sockets[i].send(frame(i));
      sent++;
    }
    tick++;
    if (now() - started >= o.seconds * 1000) return done();
    setTimeout(step, Math.max(0, started + (tick * period) / slots - now()));
  };
  step();
});
// Let the last deliveries arrive.
await new Promise((r) => setTimeout(r, 1000));
const sendSeconds = (now() - started) / 1000 - 1;
const cores = (cpuSeconds(o.pid) - cpu0) / (sendSeconds + 1);
await stopProfile();
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
const expected = sent * (o.players - 1);
console.log(JSON.stringify({ sent, delivered, expected, perSecond: delivered / sendSeconds, seconds: sendSeconds, p50: pct(0.5), p99: pct(0.99), cores }));
for (const ws of sockets) ws.terminate();
process.exit(0);
