// CPU profiles of the server under test (npm run bench -- --profile <figure>): the bench module starts and
// stops V8's sampling profiler inside the server (bench_profile), around one figure's load only, so the
// server's start and seeding are not in it; the profile is written to results/ for Chrome DevTools and
// summarised here: where the server's time goes, by function, by itself and with what it calls.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The figures a profile can be taken of: each is one load of the full pass. */
export const PROFILE_FIGURES = ['echo', 'auth', 'get_team', 'list_teams', 'room-chat', 'team-chat', 'relay'] as const;
export type ProfileFigure = (typeof PROFILE_FIGURES)[number];

async function call(base: string, action: 'start' | 'stop'): Promise<string> {
  const res = await fetch(`${base}/v2/rpc/bench_profile?http_key=defaulthttpkey&unwrap`, { method: 'POST', body: JSON.stringify({ action }) });
  if (!res.ok) throw new Error(`bench_profile ${action}: ${res.status} ${await res.text()}`);
  return res.text();
}

/** A function's name and place, paths from the repository or node_modules. */
function frame(f: CallFrame): string {
  const where = f.url ? `${f.url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '').replace(/^.*node_modules\//, '')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
}

/** The top functions by self time and by inclusive time (each function counted once per sample). */
export function summarise(p: CpuProfile, top = 25): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  // The profiler's own start and stop calls are left out.
  const own = new Set<number>();
  for (const n of p.nodes) {
    if (!n.callFrame.url.includes('bench/echo-module.ts')) continue;
    const stack = [n.id];
    while (stack.length) {
      const id = stack.pop()!;
      own.add(id);
      stack.push(...(byId.get(id)!.children ?? []));
    }
  }
  for (let i = 0; i < p.samples.length; i++) {
    if (own.has(p.samples[i])) continue;
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    const leaf = byId.get(p.samples[i])!;
    self.set(frame(leaf.callFrame), (self.get(frame(leaf.callFrame)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const k = frame(byId.get(id)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m].filter(([k]) => k !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, top)
      .map(([k, v]) => `  ${((100 * v) / Math.max(total, 1)).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  return `${(total / 1e6).toFixed(1)} s sampled\n\nby itself:\n${list(self)}\n\nwith what it calls:\n${list(inclusive)}`;
}

/**
 * Profiles the server at `base` while `load` runs; writes results/profile-<figure>.cpuprofile. An HTTP
 * figure's load is profiled whole; a socket figure's load (given the file) starts and stops the profiler
 * itself around its sending phase, so its users' and sockets' set-up stays out.
 */
export async function profileFigure(base: string, figure: ProfileFigure, load: (profileFile?: string) => Promise<unknown>): Promise<string> {
  const file = path.join(ROOT, `bench/results/profile-${figure}.cpuprofile`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  if (SOCKET_FIGURES.has(figure)) {
    await load(file);
  } else {
    await call(base, 'start');
    try {
      await load();
    } finally {
      fs.writeFileSync(file, await call(base, 'stop'));
    }
  }
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  console.log(`\nCPU profile of the server during "${figure}": ${path.relative(ROOT, file)}\n${summarise(profile)}\n`);
  return figure;
}

/** Figures whose loads set up users and sockets first, and profile their sending phase alone. */
const SOCKET_FIGURES = new Set<ProfileFigure>(['room-chat', 'team-chat', 'relay']);
