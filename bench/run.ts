// npm run bench [-- --quick] [-- --no-web]: every figure measured in one run against a baseline
// measured in the same run on the same machine, printed as a table and written to results/latest.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, printTable, ROOT, runLoad, startChild, type Child, type Row } from './lib.ts';

const quick = process.argv.includes('--quick');
const withWeb = !process.argv.includes('--no-web');
const started = Date.now();
const P = quick
  ? { duration: 2, warmup: 1, connections: 50, chatReceivers: 1000, chatMessages: 60, chatPaced: 40, chatRate: 10, idle: 2000, pageRuns: 1 }
  : { duration: 10, warmup: 3, connections: 50, chatReceivers: 1000, chatMessages: 300, chatPaced: 150, chatRate: 10, idle: 5000, pageRuns: 3 };
// Nakama's published figures: 1 CPU / 3 GB node, database on a separate host.
const NAKAMA = { authPerCpu: 500, echoPerCpu: 635, socketsPerNode: 19_500, nodeMemoryBytes: 3 * 1024 ** 3 };

const database = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'embedded PGlite';
console.log(`Tribuna bench: ${quick ? 'quick' : 'full'} pass, database ${database}, ${os.cpus().length} cores, Node ${process.version}`);

const rows: Row[] = [];
const raw: Record<string, unknown> = {};
const basic = 'Basic ' + Buffer.from('defaultkey:').toString('base64');
const HTTP_LOAD = path.join(ROOT, 'bench/load/http.ts');

interface HttpResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function http(name: string, child: Child, url: string, req: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const pid = Number(child.info.pid);
  const cpu0 = cpuSeconds(pid);
  const r = (await runLoad(HTTP_LOAD, { url, connections: P.connections, duration: P.duration, warmup: P.warmup, ...req })) as unknown as HttpResult;
  const cpu = cpuSeconds(pid) - cpu0;
  // Server CPU per second of load (the warm-up included on both sides of the division).
  const cores = cpu / (P.duration + P.warmup);
  const out = { ...r, cores, perCore: r.rps / Math.max(cores, 0.05) };
  if (r.errors || r.non2xx) console.warn(`  ${name}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  raw[name] = out;
  console.log(`  ${name}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${cores.toFixed(2)} cores`);
  return out;
}

function rpcBody(payload: unknown): string {
  return JSON.stringify(JSON.stringify(payload));
}

const children: Child[] = [];
async function start(file: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Child> {
  const c = await startChild(path.join(ROOT, file), [], env, nodeArgs);
  children.push(c);
  return c;
}
process.on('exit', () => {
  for (const c of children) c.proc.kill('SIGKILL');
});

if (withWeb) {
  console.log('building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
}

// 1. Bare HTTP.
console.log('bare node:http hello world');
const hello = await start('bench/servers/hello.ts');
const helloGet = await http('hello_get', hello, `http://127.0.0.1:${hello.info.port}/`);
// The same request as the echo RPC's: a POST with the same headers and body (Node parses POSTs slower).
const echoRequest = (token: string) => ({ method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: rpcBody({ hello: 'мир' }) });
const helloR = await http('hello', hello, `http://127.0.0.1:${hello.info.port}/`, echoRequest('x'.repeat(280)));
await hello.stop();

// 2. The server under test.
console.log('Tribuna server');
const tribuna = await start('bench/servers/tribuna.ts', { BENCH_WEB_DIST: withWeb ? path.join(ROOT, 'web/dist') : 'none' }, ['--expose-gc']);
const base = `http://127.0.0.1:${tribuna.info.port}`;
const bearer = { Authorization: `Bearer ${tribuna.info.token}`, 'Content-Type': 'application/json' };
const echoR = await http('echo', tribuna, `${base}/v2/rpc/echo`, echoRequest(String(tribuna.info.token)));
const authR = await http('auth', tribuna, `${base}/v2/account/authenticate/device?create=false`, {
  method: 'POST',
  headers: { Authorization: basic, 'Content-Type': 'application/json' },
  body: JSON.stringify({ id: tribuna.info.deviceId }),
});
const getTeamR = await http('get_team', tribuna, `${base}/v2/rpc/get_team`, { method: 'POST', headers: bearer, body: rpcBody({ id: tribuna.info.teamId }) });
const listTeamsR = await http('list_teams', tribuna, `${base}/v2/rpc/list_teams`, { method: 'POST', headers: bearer, body: rpcBody({ limit: 20 }) });

// 3. Bare HTTP + the same queries on the same kind of database.
console.log('bare node:http + database');
const db = await start('bench/servers/http-db.ts', {
  BENCH_DATABASE_URL: String(tribuna.info.databaseUrl ?? ''),
  BENCH_SEEDED: JSON.stringify({ userId: tribuna.info.userId, deviceId: tribuna.info.deviceId, teamId: tribuna.info.teamId }),
});
const dbBase = `http://127.0.0.1:${db.info.port}`;
const pkR = await http('db_pk_select', db, `${dbBase}/pk`);
const teamR = await http('db_get_team', db, `${dbBase}/team`);
const teamsR = await http('db_list_teams', db, `${dbBase}/teams`);
await db.stop();

// 4. Chat fan-out, then the raw ws relay.
console.log(`room chat: 1 sender, ${P.chatReceivers} receivers, ${P.chatMessages} messages`);
// Throughput: as fast as 16 messages in flight allow. Latency: paced at CHAT_RATE messages per second
// (CHAT_RATE x receivers deliveries per second), below what either server saturates at, so the p99 is
// delivery time rather than queueing in the one process that holds all the receiving sockets.
const CHAT = path.join(ROOT, 'bench/load/chat.ts');
const chatArgs = { receivers: P.chatReceivers, messages: P.chatMessages, window: 16 };
const paced = { receivers: P.chatReceivers, messages: P.chatPaced, window: 16, rate: P.chatRate };
const chatR = await runLoad(CHAT, { mode: 'tribuna', port: tribuna.info.port, ...chatArgs });
const chatL = await runLoad(CHAT, { mode: 'tribuna', port: tribuna.info.port, ...paced });
console.log(`  tribuna: ${Math.round(chatR.perSecond)} deliveries/s; at ${P.chatRate} msg/s p50 ${chatL.p50.toFixed(1)} ms, p99 ${chatL.p99.toFixed(1)} ms`);

// 5. Idle sockets: server memory per connected session, after a full GC on both sides of the count.
async function memory(): Promise<{ rss: number; heapUsed: number; external: number }> {
  const res = await fetch(`${base}/v2/rpc/bench_memory?http_key=defaulthttpkey`);
  return JSON.parse((await res.json()).payload);
}
console.log(`idle sockets: ${P.idle}`);
const mem0 = await memory();
const idle = await startChild(path.join(ROOT, 'bench/load/idle.ts'), [JSON.stringify({ port: tribuna.info.port, count: P.idle })]);
await new Promise((r) => setTimeout(r, 1000));
const mem1 = await memory();
await idle.stop();
const perSocketRss = (mem1.rss - mem0.rss) / P.idle;
const perSocketHeap = (mem1.heapUsed + mem1.external - mem0.heapUsed - mem0.external) / P.idle;
raw.idle = { sockets: P.idle, mem0, mem1, perSocketRss, perSocketHeap };
console.log(`  ${(perSocketRss / 1024).toFixed(1)} KB RSS, ${(perSocketHeap / 1024).toFixed(1)} KB heap per session`);

let web: { home: { lcpMs: number; jsGzipBytes: number }; empty: { lcpMs: number; jsGzipBytes: number } } | undefined;
if (withWeb) {
  console.log('web: home page in headless Chromium, CPU 4x slower');
  const { launch, measurePage, serveBaseline } = await import('./web.ts');
  const browser = await launch();
  const home = await measurePage(browser, `${base}/`, P.pageRuns);
  const baseline = await serveBaseline();
  const empty = await measurePage(browser, baseline.url, P.pageRuns);
  await baseline.stop();
  await browser.close();
  web = { home, empty };
  raw.web = web;
  console.log(`  home: LCP ${home.lcpMs.toFixed(0)} ms, JS ${(home.jsGzipBytes / 1024).toFixed(1)} KB gzip; empty page: LCP ${empty.lcpMs.toFixed(0)} ms`);
}
await tribuna.stop();

const relay = await start('bench/servers/ws-broadcast.ts');
const rawChat = await runLoad(CHAT, { mode: 'raw', port: relay.info.port, ...chatArgs });
const rawChatL = await runLoad(CHAT, { mode: 'raw', port: relay.info.port, ...paced });
await relay.stop();
console.log(`  raw ws relay: ${Math.round(rawChat.perSecond)} deliveries/s; at ${P.chatRate} msg/s p50 ${rawChatL.p50.toFixed(1)} ms, p99 ${rawChatL.p99.toFixed(1)} ms`);
raw.chat = { tribuna: chatR, tribunaPaced: chatL, raw: rawChat, rawPaced: rawChatL };

// The table.
const ratio = (v: number, b: number) => v / b;
const add = (r: Row) => rows.push(r);
add({ metric: 'echo RPC throughput (Bearer, 50 conns)', value: echoR.rps, unit: 'req/s', baseline: helloR.rps, ratio: ratio(echoR.rps, helloR.rps), target: '>= 0.5x bare http (same POST)', pass: echoR.rps >= 0.5 * helloR.rps });
add({ metric: 'bare http hello world, GET (for reference)', value: helloGet.rps, unit: 'req/s', note: 'GET is parsed faster than a POST with a body' });
add({ metric: 'echo RPC p99 latency', value: echoR.p99, unit: 'ms', target: '<= 25 ms', pass: echoR.p99 <= 25 });
add({ metric: 'device authenticate (existing)', value: authR.rps, unit: 'req/s', baseline: pkR.rps, ratio: ratio(authR.rps, pkR.rps), target: '>= 0.35x http+db PK select', pass: authR.rps >= 0.35 * pkR.rps });
add({ metric: 'get_team RPC', value: getTeamR.rps, unit: 'req/s', baseline: teamR.rps, ratio: ratio(getTeamR.rps, teamR.rps), target: '>= 0.5x http+db same query', pass: getTeamR.rps >= 0.5 * teamR.rps });
add({ metric: 'list_teams RPC (20 teams)', value: listTeamsR.rps, unit: 'req/s', baseline: teamsR.rps, ratio: ratio(listTeamsR.rps, teamsR.rps), target: '>= 0.5x http+db same query', pass: listTeamsR.rps >= 0.5 * teamsR.rps });
add({ metric: `room chat fan-out (${P.chatReceivers} sockets)`, value: chatR.perSecond, unit: 'msg/s', baseline: rawChat.perSecond, ratio: ratio(chatR.perSecond, rawChat.perSecond), target: '>= 0.5x raw ws relay', pass: chatR.perSecond >= 0.5 * rawChat.perSecond });
add({ metric: `room chat delivery p99 (${P.chatRate} msg/s)`, value: chatL.p99, unit: 'ms', baseline: rawChatL.p99, target: '<= 100 ms', pass: chatL.p99 <= 100 });
add({ metric: `idle socket memory (${P.idle} sessions)`, value: perSocketRss / 1024, unit: 'KB/session', target: '<= 30 KB', pass: perSocketRss / 1024 <= 30 });
if (web) {
  add({ metric: 'home page JavaScript (gzip)', value: web.home.jsGzipBytes / 1024, unit: 'KB', baseline: web.empty.jsGzipBytes / 1024, ratio: web.home.jsGzipBytes / web.empty.jsGzipBytes, target: '<= 150 KB', pass: web.home.jsGzipBytes / 1024 <= 150 });
  add({ metric: 'home page LCP (CPU 4x slower)', value: web.home.lcpMs, unit: 'ms', baseline: web.empty.lcpMs, ratio: web.home.lcpMs / web.empty.lcpMs, target: '<= 1500 ms', pass: web.home.lcpMs <= 1500 });
}
add({ metric: 'echo RPC per server core', value: echoR.perCore, unit: 'req/s/core', baseline: NAKAMA.echoPerCpu, ratio: echoR.perCore / NAKAMA.echoPerCpu, target: 'Nakama: 635/CPU' });
add({ metric: 'device auth per server core', value: authR.perCore, unit: 'req/s/core', baseline: NAKAMA.authPerCpu, ratio: authR.perCore / NAKAMA.authPerCpu, target: 'Nakama: 500/CPU' });
add({ metric: 'get_team per server core', value: getTeamR.perCore, unit: 'req/s/core' });
add({ metric: 'list_teams per server core', value: listTeamsR.perCore, unit: 'req/s/core' });
const socketsPer3Gb = NAKAMA.nodeMemoryBytes / Math.max(perSocketRss, 1);
add({ metric: 'sockets per 3 GB node (from memory/session)', value: socketsPer3Gb, unit: 'sockets', baseline: NAKAMA.socketsPerNode, ratio: socketsPer3Gb / NAKAMA.socketsPerNode, target: 'Nakama: 19.5k/node' });

const table = printTable(rows);
console.log(`\n${table}\n`);
const misses = rows.filter((r) => r.pass === false).map((r) => r.metric);
console.log(misses.length ? `Missed targets: ${misses.join('; ')}` : 'Every target met.');
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench/results/latest.json'),
  JSON.stringify({ date: new Date().toISOString(), mode: quick ? 'quick' : 'full', database, cores: os.cpus().length, node: process.version, rows, raw }, null, 2),
);
for (const c of children) c.proc.kill('SIGKILL');
process.exit(0);
