// GET /metrics with METRICS_TOKEN set: the bearer token, the text format, and what the server counts, with
// bounded labels. The dashboard in deploy/ is held to the metric names this server exports.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { invalid } from './errors.ts';
import type { RuntimeModule } from './runtime/types.ts';
import { connectSocket, type TestSocket } from './testing/sockets.ts';
import { startTestServer, type TestServer, type TestSession } from './testing/index.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const HTTP_KEY = 'http-key-never-a-label-7f3a9c';
const NODE = 'metrics-node-1';

const metricsModule: RuntimeModule = {
  name: 'metrics-test',
  init(initializer) {
    initializer.registerRpc('echo_metrics', (_ctx, payload) => payload);
    initializer.registerRpc('refuse_metrics', () => {
      throw invalid('Never.');
    });
  },
};

let ts: TestServer;
let session: TestSession;
let sock: TestSocket;
before(async () => {
  ts = await startTestServer({ env: { METRICS_TOKEN: TOKEN, HTTP_KEY, NODE_NAME: NODE }, modules: [metricsModule] });
  session = await ts.newSession('metrics_user');
});
after(async () => {
  sock?.close();
  await ts.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`) => fetch(`${ts.url}/metrics`, { headers: { Authorization: authorization } });
const text = async () => {
  const res = await scrape();
  assert.equal(res.status, 200);
  return res.text();
};

/** The value of one sample, selected by its name and every label given; undefined when absent. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    if (!line.startsWith(name + '{') && !line.startsWith(name + ' ')) continue;
    const brace = line.indexOf('{');
    const labelText = brace === name.length ? line.slice(brace + 1, line.lastIndexOf('}')) : '';
    const have = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('refuses a request without the token, with a wrong one, or with another scheme (401)', async () => {
    const none = await fetch(`${ts.url}/metrics`);
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.doesNotMatch(await none.text(), /tribuna_/);
    assert.equal((await scrape(`Bearer ${TOKEN}x`)).status, 401);
    assert.equal((await scrape('Bearer ')).status, 401);
    assert.equal((await scrape(`Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`)).status, 401);
    assert.equal((await scrape(TOKEN)).status, 401);
  });

  it('answers the text format to the bearer of the token, every series labelled with the node', async () => {
    const res = await scrape();
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    assert.match(body, /^# HELP tribuna_http_requests_total /m);
    assert.match(body, /^# TYPE tribuna_http_request_duration_seconds histogram$/m);
    // prom-client's process metrics and the event loop's lag.
    assert.notEqual(sample(body, 'process_cpu_seconds_total', { node: NODE }), undefined);
    assert.notEqual(sample(body, 'nodejs_eventloop_lag_seconds', { node: NODE }), undefined);
    assert.notEqual(sample(body, 'process_resident_memory_bytes'), undefined);
    // The PostgreSQL pool's connections; the embedded database has none.
    const pool = sample(body, 'tribuna_db_pool_total', { node: NODE });
    if (process.env.DATABASE_URL) assert.ok(pool !== undefined && pool >= 1, `pool total ${pool}`);
    else assert.equal(pool, 0);
  });

  it('counts requests by route pattern and status, and times them by route', async () => {
    const before = await text();
    const count = (body: string, labels: Record<string, string>) => sample(body, 'tribuna_http_requests_total', labels) ?? 0;
    const account = { method: 'GET', route: '/v2/account', status: '200' };
    const user = { method: 'GET', route: '/v2/user', status: '200' };
    const refused = { method: 'GET', route: '/v2/account', status: '401' };
    for (let i = 0; i < 3; i++) await ts.client().getAccount(session);
    const res = await fetch(`${ts.url}/v2/account`);
    assert.equal(res.status, 401);
    await ts.client().getUsers(session, [session.user_id]);
    const unknown = await fetch(`${ts.url}/v2/no-such-route-42`);
    assert.equal(unknown.status, 404);

    const body = await text();
    assert.equal(count(body, account) - count(before, account), 3);
    assert.equal(count(body, refused) - count(before, refused), 1);
    assert.equal(count(body, user) - count(before, user), 1);
    assert.ok(count(body, { route: 'unmatched', status: '404' }) >= 1);
    assert.equal(
      (sample(body, 'tribuna_http_request_duration_seconds_count', { method: 'GET', route: '/v2/account' }) ?? 0)
        - (sample(before, 'tribuna_http_request_duration_seconds_count', { method: 'GET', route: '/v2/account' }) ?? 0),
      4,
    );
    assert.ok((sample(body, 'tribuna_http_request_duration_seconds_bucket', { route: '/v2/account', le: '+Inf' }) ?? 0) >= 4);
    // The scrapes count too, under their own name.
    assert.ok(count(body, { route: '/metrics', status: '200' }) >= 1);
    assert.doesNotMatch(body, /no-such-route-42/);
    assert.doesNotMatch(body, new RegExp(session.user_id));
  });

  it('counts and times RPCs by registered id and outcome, lumping unknown ids, and never labels with the query', async () => {
    const ok = await fetch(`${ts.url}/v2/rpc/echo_metrics?http_key=${HTTP_KEY}&unwrap&secret_param=abc123xyz`, { method: 'POST', body: '{"a":1}' });
    assert.equal(ok.status, 200);
    // Ids are case-insensitive: another spelling is the same RPC.
    const upper = await fetch(`${ts.url}/v2/rpc/ECHO_Metrics?http_key=${HTTP_KEY}`, { method: 'POST', body: '"{}"' });
    assert.equal(upper.status, 200);
    const refused = await fetch(`${ts.url}/v2/rpc/refuse_metrics?http_key=${HTTP_KEY}`, { method: 'POST', body: '"{}"' });
    assert.equal(refused.status, 400);
    const missing = await fetch(`${ts.url}/v2/rpc/not_registered_rpc_9?http_key=${HTTP_KEY}`, { method: 'POST', body: '"{}"' });
    assert.equal(missing.status, 404);
    await ts.client().rpc(session, 'echo_metrics', { from: 'client' });

    const body = await text();
    assert.equal(sample(body, 'tribuna_rpc_calls_total', { id: 'echo_metrics', outcome: 'ok' }), 3);
    assert.equal(sample(body, 'tribuna_rpc_calls_total', { id: 'refuse_metrics', outcome: 'error' }), 1);
    assert.equal(sample(body, 'tribuna_rpc_calls_total', { id: 'unknown', outcome: 'error' }), 1);
    assert.equal(sample(body, 'tribuna_rpc_duration_seconds_count', { id: 'echo_metrics', outcome: 'ok' }), 3);
    assert.equal(sample(body, 'tribuna_http_requests_total', { method: 'POST', route: '/v2/rpc/{id}', status: '200' }), 3);
    for (const leak of [HTTP_KEY, 'secret_param', 'abc123xyz', 'not_registered_rpc_9', 'ECHO_Metrics', 'http_key']) {
      assert.ok(!body.includes(leak), `${leak} appears in the metrics`);
    }
  });

  it('shows sockets, presences, chat messages, matches, parties, tickets, the bus and the database', async () => {
    const before = await text();
    sock = await connectSocket(ts, session, 'json');
    const channel = await sock.socket.joinChat('metrics-room', 1, true, false);
    await sock.socket.writeChatMessage(channel.id, { text: 'привет' });
    await sock.socket.createMatch();
    await sock.socket.createParty(true, 2);
    await sock.socket.addMatchmaker('*', 2, 2);

    const body = await text();
    assert.equal(sample(body, 'tribuna_sockets', { node: NODE }), 1);
    // The socket's hidden notification presence, the room, the match and the party.
    assert.ok((sample(body, 'tribuna_presences') ?? 0) >= 4);
    assert.equal((sample(body, 'tribuna_channel_messages_total', { kind: 'new' }) ?? 0) - (sample(before, 'tribuna_channel_messages_total', { kind: 'new' }) ?? 0), 1);
    assert.equal(sample(body, 'tribuna_matches', { kind: 'relayed' }), 1);
    assert.equal(sample(body, 'tribuna_matches', { kind: 'authoritative' }), 0);
    assert.equal(sample(body, 'tribuna_parties'), 1);
    assert.equal(sample(body, 'tribuna_matchmaker_tickets'), 1);
    assert.ok((sample(body, 'tribuna_bus_messages_published_total', { node: NODE }) ?? 0) > (sample(before, 'tribuna_bus_messages_published_total', { node: NODE }) ?? 0));
    assert.ok((sample(body, 'tribuna_bus_messages_received_total', { node: NODE }) ?? 0) > 0);
    assert.ok((sample(body, 'tribuna_db_query_duration_seconds_count') ?? 0) > (sample(before, 'tribuna_db_query_duration_seconds_count') ?? 0));
    assert.doesNotMatch(body, /metrics-room/);

    sock.close();
    let after = await text();
    for (let i = 0; i < 50 && sample(after, 'tribuna_sockets') !== 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await text();
    }
    assert.equal(sample(after, 'tribuna_sockets'), 0);
    assert.equal(sample(after, 'tribuna_matchmaker_tickets'), 0);
  });
});

describe('deploy/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(fs.readFileSync(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'));

  it('is a dashboard whose panels read a Prometheus data source variable', () => {
    assert.equal(typeof dashboard.title, 'string');
    assert.ok(dashboard.schemaVersion >= 36);
    const ds = dashboard.templating.list.find((v: { type: string }) => v.type === 'datasource');
    assert.equal(ds?.query, 'prometheus');
    assert.ok(dashboard.panels.length >= 10);
    for (const p of panels(dashboard)) {
      if (p.type === 'row') continue;
      assert.equal(p.datasource?.uid, `\${${ds.name}}`, `panel "${p.title}" reads the data source variable`);
      assert.ok(p.targets?.length, `panel "${p.title}" has queries`);
    }
  });

  it('uses only metric names this server exports', async () => {
    const exported = exportedNames(await text());
    const used = new Set<string>();
    for (const p of panels(dashboard)) for (const t of p.targets ?? []) for (const n of metricNames(t.expr)) used.add(n);
    assert.ok(used.size >= 15, `names found: ${[...used].join(', ')}`);
    const unknown = [...used].filter((n) => !exported.has(n));
    assert.deepEqual(unknown, [], `the dashboard reads metrics the server does not export: ${unknown.join(', ')}`);
  });
});

interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

function panels(d: { panels: Panel[] }): Panel[] {
  return d.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
}

/** Every sample name of a scrape, with a histogram's and a summary's series named from its TYPE line. */
function exportedNames(body: string): Set<string> {
  const names = new Set<string>();
  for (const line of body.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)$/.exec(line);
    if (type) {
      names.add(type[1]);
      if (type[2] === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(type[1] + s);
      if (type[2] === 'summary') for (const s of ['_sum', '_count']) names.add(type[1] + s);
    } else if (line && !line.startsWith('#')) {
      names.add(/^[^{ ]+/.exec(line)![0]);
    }
  }
  return names;
}

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\$\w+/g, ''); // dashboard variables
  const out: string[] = [];
  for (const m of stripped.matchAll(/[A-Za-z_:][\w:]*/g)) {
    const after = stripped.slice(m.index + m[0].length).trimStart();
    if (after.startsWith('(')) continue; // a function
    if (PROMQL_WORDS.has(m[0].toLowerCase())) continue;
    if (/^\d/.test(stripped.slice(m.index - 1, m.index))) continue; // the unit of a duration or an exponent
    out.push(m[0]);
  }
  return out;
}
