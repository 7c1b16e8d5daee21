// The matchmaker with `tickets` tickets waiting: three tickets per socket, in 50 groups (10 regions x 5
// skill bands) whose tickets all fit each other, so every ticket can be matched in a pair. Reports how
// long after the last ticket was added every player had been told of its match.
import WebSocket from 'ws';
import { deviceTokens } from './sessions.ts';

const o = JSON.parse(process.argv[2]) as { port: number; tickets: number };
const base = `http://127.0.0.1:${o.port}`;
const PER_SOCKET = 3;
const GROUPS = 50;

const socketCount = Math.ceil(o.tickets / PER_SOCKET);
const tokens = await deviceTokens(base, socketCount, 'matchmaker');
const sockets: WebSocket[] = [];
for (let i = 0; i < socketCount; i += 100) {
  sockets.push(
    ...(await Promise.all(
      tokens.slice(i, i + 100).map(
        (t) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${o.port}/ws?token=${t}`, { perMessageDeflate: false });
            ws.once('open', () => resolve(ws));
            ws.once('error', reject);
          }),
      ),
    )),
  );
}

let matched = 0;
let lastMatched = 0;
let firstMatched = 0;
let acked = 0;
let allAdded = 0;
let done!: () => void;
const allMatched = new Promise<void>((r) => (done = r));
for (const ws of sockets) {
  ws.on('message', (d) => {
    const s = d.toString();
    if (s.includes('"matchmaker_matched"')) {
      matched++;
      lastMatched = performance.now();
      firstMatched ||= lastMatched;
      if (matched === o.tickets) done();
    } else if (s.includes('"matchmaker_ticket"') && ++acked === o.tickets) {
      allAdded = performance.now();
    }
  });
}

// Ticket k goes to socket k % sockets: a socket's tickets are in different groups, so none is left
// with only its own session's tickets to match.
const started = performance.now();
for (let k = 0; k < o.tickets; k++) {
  const group = k % GROUPS;
  const region = `r${group % 10}`;
  const band = Math.floor(group / 10) * 20;
  const skill = band + (k % 20);
  const query = `+properties.region:${region} +properties.skill:>=${band} +properties.skill:<${band + 20}`;
  sockets[k % socketCount].send(JSON.stringify({
    cid: String(k), matchmaker_add: { min_count: 2, max_count: 2, query, string_properties: { region }, numeric_properties: { skill } },
  }));
  if (k % 500 === 499) await new Promise((r) => setImmediate(r));
}
const timeout = setTimeout(done, 60_000);
await allMatched;
clearTimeout(timeout);
console.log(JSON.stringify({
  tickets: o.tickets,
  matched,
  addMs: allAdded - started,
  // From the last ticket's acknowledgement to the last player told of its match.
  formMs: lastMatched - allAdded,
  spreadMs: lastMatched - firstMatched,
}));
for (const ws of sockets) ws.terminate();
process.exit(0);
