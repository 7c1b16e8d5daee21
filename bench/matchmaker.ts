// The matchmaker's pass over a full pool, in-process: `tickets` tickets waiting (two per group of a
// region and a skill band, so each has exactly one partner, added half then half so none matched
// early), then one interval's pass: every match formed and every matchmaker_matched serialised for
// its socket (with no matched hook, delivery happens within the pass). Prints the pass's duration
// (median of `runs`) as one JSON line.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Matches } from '../server/src/core/matches.ts';
import { Matchmaker } from '../server/src/core/matchmaker.ts';
import { createLogger } from '../server/src/log.ts';
import type { ClientSession } from '../server/src/realtime/bus.ts';
import { LocalBus } from '../server/src/realtime/local-bus.ts';
import { serializers } from '../server/src/rt/serializers.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { tickets?: number; runs?: number };
const TICKETS = o.tickets ?? 10_000;
const RUNS = o.runs ?? 3;
// A full collection before each pass, so that the garbage of filling the pool is not charged to it.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function pass(): Promise<{ ms: number; told: number; left: number }> {
  const bus = new LocalBus({ serializers });
  let told = 0;
  const matchmaker = new Matchmaker(bus, { intervalMs: 1000, maxIntervals: 2, maxTickets: 3 }, new Matches(bus, 'bench-key-bench'), createLogger('silent'));
  for (let k = 0; k < TICKETS; k++) {
    const id = `s${k}`;
    const session: ClientSession = {
      id, userId: `u${k}`, username: `p${k}`, format: k % 2 ? 'json' : 'protobuf',
      claims: { tid: id, uid: `u${k}`, usn: `p${k}`, iat: 0, exp: 2e9 },
      sendRaw: () => void told++,
      close: () => {},
    };
    bus.attach(session);
  }
  // Ticket k and k + TICKETS/2 are partners: a region of their own pair, one skill band.
  const half = TICKETS / 2;
  for (let k = 0; k < TICKETS; k++) {
    const pair = k % half;
    const band = (pair % 5) * 20;
    matchmaker.add({
      presences: [{ userId: `u${k}`, sessionId: `s${k}`, username: `p${k}` }],
      query: `+properties.region:r${pair} +properties.skill:>=${band} +properties.skill:<${band + 20}`,
      minCount: 2,
      maxCount: 2,
      stringProperties: { region: `r${pair}`, mode: 'ranked' },
      numericProperties: { skill: band + (k % 20) },
    });
  }
  gc();
  const started = performance.now();
  await matchmaker.process();
  const ms = performance.now() - started;
  return { ms, told, left: matchmaker.size };
}

const results: Array<{ ms: number; told: number; left: number }> = [];
for (let i = 0; i < RUNS; i++) results.push(await pass());
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
console.log(JSON.stringify({ tickets: TICKETS, passMs: sorted[Math.floor(sorted.length / 2)], runs: sorted, told: results[0].told, left: results[0].left }));
