// HTTP load in its own process: autocannon against one request, a warm-up first.
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2]) as {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  warmup: number;
};

async function run(duration: number) {
  return autocannon({
    url: o.url,
    method: (o.method ?? 'GET') as 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration,
    pipelining: 1,
  });
}

if (o.warmup > 0) await run(o.warmup);
const r = await run(o.duration);
console.log(
  JSON.stringify({
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    duration: r.duration,
  }),
);
