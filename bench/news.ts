// News under hostile load, against a server of its own (bench/servers/tribuna.ts, in a process of its own):
// 1. `items` news items of 100,000-character descriptions written through create_news, then `lists`
//    list_news of 50 items at once: the server's peak RSS growth over its RSS before (after a full GC),
//    read from /proc every few milliseconds.
// 2. `creates` create_news at once, each of the most work a description makes (every word an address, so
//    100,000 characters become 20,000 links and are then refused as too long stored), while /healthcheck
//    is asked again and again: its longest answer, which an event loop busy sanitising would hold up.
// Prints one JSON line. Alone: node bench/news.ts '{"items": 50, "lists": 50, "creates": 8}'.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startChild } from './lib.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { items?: number; lists?: number; creates?: number };
const items = o.items ?? 50;
const lists = o.lists ?? 50;
const creates = o.creates ?? 8;
const HTTP_KEY = 'defaulthttpkey';
const LENGTH = 100_000;

const server = await startChild(path.join(ROOT, 'bench/servers/tribuna.ts'), [], { BENCH_TEAMS: '1', BENCH_WEB_DIST: 'none' }, ['--expose-gc']);
const base = `http://127.0.0.1:${server.info.port}`;
const pid = Number(server.info.pid);

async function rpc<T>(id: string, input: object, token?: string): Promise<{ value: T; bytes: number }> {
  const res = await fetch(token ? `${base}/v2/rpc/${id}` : `${base}/v2/rpc/${id}?http_key=${HTTP_KEY}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: JSON.stringify(JSON.stringify(input)),
  });
  const text = await res.text();
  if (!res.ok) throw Object.assign(new Error(`${id}: ${res.status} ${text.slice(0, 300)}`), { status: res.status });
  const { payload } = JSON.parse(text) as { payload?: string };
  return { value: JSON.parse(payload || 'null') as T, bytes: Buffer.byteLength(text) };
}

/** The server's resident memory now, from /proc. */
function rss(): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kb?.[1] ?? 0) * 1024;
}

/** How long each /healthcheck took, asked one after another until `until` settles. */
async function healthChecks(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const waits: number[] = [];
  while (!done) {
    const t = performance.now();
    await (await fetch(`${base}/healthcheck`)).arrayBuffer();
    waits.push(performance.now() - t);
  }
  return waits;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];

/** A description of LENGTH characters as an editor makes it: a picture, then paragraphs of words and a few addresses. */
function description(n: number): string {
  const words = Array.from({ length: 330 }, (_, i) => (i % 60 === 59 ? `example${n}.ru/${i}` : `слово${i % 10}`)).join(' ');
  let html = `<p><img src="https://cdn.example/${n}.png"></p>`;
  while (html.length + words.length + 7 <= LENGTH) html += `<p>${words}</p>`;
  return html + 'ж'.repeat(LENGTH - html.length);
}

try {
  const [user] = (await rpc<{ userId: string; token: string }[]>('bench_users', { prefix: `news-${Date.now()}`, count: 1 })).value;
  // Written four at a time: the pool's queue is for users, not for the bench's seeding.
  for (let i = 0; i < items; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, items - i) }, (_, k) => rpc('create_news', { name: `Новость ${i + k + 1}`, description: description(i + k) }, user.token)),
    );
  }

  await rpc('bench_memory', {});
  const rss0 = rss();
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
  const started = performance.now();
  const pages = await Promise.all(Array.from({ length: lists }, () => rpc<{ news: unknown[] }>('list_news', { limit: 50, only_public: true }, user.token)));
  const listMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const itemsPerPage = Math.min(...pages.map((p) => p.value.news.length));

  // Every word an address: the most work a description makes. The baseline: the same health checks for as
  // long with nothing else to do, the machine's own stalls.
  const heaviest = 'a.ru '.repeat(LENGTH / 5);
  const createsStarted = performance.now();
  const outcomes = Promise.allSettled(Array.from({ length: creates }, (_, i) => rpc('create_news', { name: `Ссылки ${i + 1}`, description: heaviest }, user.token)));
  const waits = await healthChecks(outcomes);
  const createsMs = performance.now() - createsStarted;
  const idle = await healthChecks(new Promise((resolve) => setTimeout(resolve, createsMs)));
  const settled = await outcomes;
  const refused = settled.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 400).length;
  const failed = settled.filter((r) => r.status === 'rejected' && (r.reason as { status?: number }).status !== 400).length;

  console.log(JSON.stringify({
    items,
    lists,
    itemsPerPage,
    pageBytes: pages[0].bytes,
    listMs,
    rss0,
    peakRss: peak,
    growth: peak - rss0,
    creates,
    createsMs,
    healthChecks: waits.length,
    longestHealthMs: Math.max(...waits),
    p99HealthMs: p99(waits),
    idleHealthChecks: idle.length,
    idleLongestHealthMs: Math.max(...idle),
    idleP99HealthMs: p99(idle),
    refusedTooLong: refused,
    failed,
  }));
} finally {
  await server.stop();
}
