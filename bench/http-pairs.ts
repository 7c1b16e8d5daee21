// HTTP figures: a load process against one server (throughput, latencies, the server's CPU), and pairs of
// a subject and its baseline measured back to back, round after round, each figure the median of rounds.
import path from 'node:path';
import { cpuSeconds, ROOT, runLoad, type Child } from './lib.ts';

const HTTP_LOAD = path.join(ROOT, 'bench/load/http.ts');

/** How long and how hard: rounds of `duration` seconds (after `warmup`) over `connections` connections. */
export interface HttpParams {
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
}

export interface HttpRun {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU (cores busy) during the run, and requests per second per busy core. */
  cores: number;
  perCore: number;
}

export interface HttpTarget {
  name: string;
  child: Child;
  url: string;
  req?: { method?: string; headers?: Record<string, string>; body?: string };
}

export async function httpRun(t: HttpTarget, P: HttpParams): Promise<HttpRun> {
  const pid = Number(t.child.info.pid);
  const cpu0 = cpuSeconds(pid);
  const r = (await runLoad(HTTP_LOAD, { url: t.url, connections: P.connections, duration: P.duration, warmup: P.warmup, ...t.req })) as unknown as HttpRun;
  // Server CPU per second of load (the warm-up included on both sides of the division).
  const cores = (cpuSeconds(pid) - cpu0) / (P.duration + P.warmup);
  if (r.errors || r.non2xx) console.warn(`  ${t.name}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return { ...r, cores, perCore: r.rps / Math.max(cores, 0.05) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface PairResult {
  subject: HttpRun;
  baseline: HttpRun;
  /** Median over rounds of subject/baseline throughput. */
  ratio: number;
}

/** Each pair measured `rounds` times, subject and baseline back to back; medians of each field. */
export async function measurePairs(pairs: [subject: HttpTarget, baseline: HttpTarget][], P: HttpParams, raw: Record<string, unknown>): Promise<Map<string, PairResult>> {
  const runs = new Map<string, HttpRun[]>();
  const ratios = new Map<string, number[]>();
  for (let round = 0; round < P.rounds; round++) {
    for (const [subject, baseline] of pairs) {
      const order = round % 2 ? [subject, baseline] : [baseline, subject];
      const got: Record<string, HttpRun> = {};
      for (const t of order) {
        got[t.name] = await httpRun(t, P);
        runs.set(t.name, [...(runs.get(t.name) ?? []), got[t.name]]);
      }
      const r = got[subject.name].rps / got[baseline.name].rps;
      ratios.set(subject.name, [...(ratios.get(subject.name) ?? []), r]);
      console.log(`  round ${round + 1}: ${subject.name} ${Math.round(got[subject.name].rps)} req/s (p99 ${got[subject.name].p99} ms), ${baseline.name} ${Math.round(got[baseline.name].rps)} req/s: ${r.toFixed(2)}x`);
    }
  }
  const med = (name: string): HttpRun => {
    const rs = runs.get(name)!;
    const m = (k: keyof HttpRun) => median(rs.map((r) => r[k]));
    return { rps: m('rps'), p50: m('p50'), p99: m('p99'), errors: m('errors'), non2xx: m('non2xx'), cores: m('cores'), perCore: m('perCore') };
  };
  const out = new Map<string, PairResult>();
  for (const [subject, baseline] of pairs) {
    out.set(subject.name, { subject: med(subject.name), baseline: med(baseline.name), ratio: median(ratios.get(subject.name)!) });
    raw[subject.name] = { runs: runs.get(subject.name), baseline: baseline.name, baselineRuns: runs.get(baseline.name), ratios: ratios.get(subject.name) };
  }
  return out;
}

export function rpcBody(payload: unknown): string {
  return JSON.stringify(JSON.stringify(payload));
}
