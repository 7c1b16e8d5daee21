// Prometheus metrics (GET /metrics), off unless METRICS_TOKEN is set. The rest of the server calls the small
// functions of a Metrics; when off, they are those of NO_METRICS, and callers check `on` before even reading
// the clock. Labels are bounded: route patterns of the route table (never a raw path), registered RPC ids
// (others lumped as "unknown"), fixed kinds. Counts that live in memory anyway (sockets, presences, matches,
// parties, tickets, the database pool) are read when scraped, not kept up to date on every change.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a request is counted under: a route of the table (its method and pattern), or a fixed name. */
export interface RouteKey {
  readonly method: string;
  readonly path: string;
}

/** What the bus carried, counted per node. */
export interface BusMeter {
  published(): void;
  received(): void;
}

/** Counts read when scraped. */
interface LiveCounts {
  sockets(): number;
  presences(): number;
  authoritativeMatches(): number;
  relayedMatches(): number;
  parties(): number;
  tickets(): number;
  /** The PostgreSQL pool; undefined on the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  /** False when METRICS_TOKEN is unset: nothing is recorded and /metrics is not served. */
  readonly on: boolean;
  /** A request answered with status; start is performance.now() when it arrived. */
  request(route: RouteKey, status: number, start: number): void;
  /** An RPC call ended; id undefined when no RPC has that id. */
  rpc(id: string | undefined, ok: boolean, start: number): void;
  /** A chat message delivered on a channel (code: 0 new, 1 edited, 2 removed). */
  channelMessage(code: number): void;
  /** One statement run on the database. */
  dbQuery(start: number, failed: boolean): void;
  readonly bus: BusMeter | undefined;
  /** Sets where the gauges read their counts when scraped. */
  live(counts: LiveCounts): void;
  /** Whether an Authorization header is `Bearer <METRICS_TOKEN>`. */
  authorized(authorization: string | undefined): boolean;
  /** The text format of every metric. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

const noop = (): void => {};

export const NO_METRICS: Metrics = {
  on: false,
  request: noop,
  rpc: noop,
  channelMessage: noop,
  dbQuery: noop,
  bus: undefined,
  live: noop,
  authorized: () => false,
  scrape: () => Promise.reject(new Error('Metrics are off (METRICS_TOKEN is unset).')),
};

/** Seconds, from about 1 ms to 10 s. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Label of the RPC calls of ids no module registered. */
const UNKNOWN_RPC = 'unknown';
const MESSAGE_KINDS = ['new', 'update', 'remove'];

interface Inc {
  inc(): void;
}
interface Observe {
  observe(value: number): void;
}

/** A route's children, made at its first request and kept: a request does one inc and one observe. */
interface RouteChildren {
  duration: Observe;
  byStatus: Map<number, Inc>;
  method: string;
  path: string;
}

interface RpcChildren {
  ok: { calls: Inc; duration: Observe };
  error: { calls: Inc; duration: Observe };
}

/** The metrics of one server; NO_METRICS without a token. `node` labels every series (NODE_NAME). */
export function createMetrics(config: { metricsToken: string | undefined; nodeName: string }): Metrics {
  const token = config.metricsToken;
  if (!token) return NO_METRICS;
  const tokenHash = sha256(token);
  const register = new Registry();
  register.setDefaultLabels({ node: config.nodeName });
  collectDefaultMetrics({ register });

  const httpRequests = new Counter({
    name: 'tribuna_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [register],
  });
  const httpDuration = new Histogram({
    name: 'tribuna_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [register],
  });
  const rpcCalls = new Counter({
    name: 'tribuna_rpc_calls_total',
    help: 'RPC calls, by RPC id (registered ids only; others are "unknown") and outcome (ok, error).',
    labelNames: ['id', 'outcome'],
    registers: [register],
  });
  const rpcDuration = new Histogram({
    name: 'tribuna_rpc_duration_seconds',
    help: 'Time an RPC call took, hooks included, by RPC id and outcome.',
    labelNames: ['id', 'outcome'],
    buckets: BUCKETS,
    registers: [register],
  });
  const channelMessages = new Counter({
    name: 'tribuna_channel_messages_total',
    help: 'Chat messages delivered on channels, by kind (new, update, remove).',
    labelNames: ['kind'],
    registers: [register],
  });
  const dbDuration = new Histogram({
    name: 'tribuna_db_query_duration_seconds',
    help: 'Time a database statement took.',
    buckets: BUCKETS,
    registers: [register],
  });
  const dbErrors = new Counter({ name: 'tribuna_db_query_errors_total', help: 'Database statements that failed.', registers: [register] });
  const busPublished = new Counter({ name: 'tribuna_bus_messages_published_total', help: 'Messages this node put on the bus.', registers: [register] });
  const busReceived = new Counter({ name: 'tribuna_bus_messages_received_total', help: 'Messages this node took from the bus.', registers: [register] });

  let counts: LiveCounts | undefined;
  const gauge = (name: string, help: string, read: (c: LiveCounts) => number | undefined): void => {
    new Gauge({
      name,
      help,
      registers: [register],
      collect() {
        const v = counts ? read(counts) : undefined;
        if (v !== undefined) this.set(v);
      },
    });
  };
  gauge('tribuna_sockets', 'Open sockets on this node.', (c) => c.sockets());
  gauge('tribuna_presences', 'Presences of this node\'s sessions, hidden ones included.', (c) => c.presences());
  new Gauge({
    name: 'tribuna_matches',
    help: 'Matches: authoritative ones running on this node, relayed ones with presences (as this node sees the cluster).',
    labelNames: ['kind'],
    registers: [register],
    collect() {
      if (!counts) return;
      this.labels('authoritative').set(counts.authoritativeMatches());
      this.labels('relayed').set(counts.relayedMatches());
    },
  });
  gauge('tribuna_parties', 'Parties led from this node.', (c) => c.parties());
  gauge('tribuna_matchmaker_tickets', 'Matchmaker tickets waiting on this node.', (c) => c.tickets());
  gauge('tribuna_db_pool_total', 'Connections of the PostgreSQL pool (0 on the embedded database).', (c) => c.pool?.().total);
  gauge('tribuna_db_pool_idle', 'Idle connections of the PostgreSQL pool.', (c) => c.pool?.().idle);
  gauge('tribuna_db_pool_waiting', 'Queries waiting for a connection of the PostgreSQL pool.', (c) => c.pool?.().waiting);

  const routes = new Map<RouteKey, RouteChildren>();
  const routeChildren = (route: RouteKey): RouteChildren => {
    let r = routes.get(route);
    if (!r) {
      r = { duration: httpDuration.labels(route.method, route.path), byStatus: new Map(), method: route.method, path: route.path };
      routes.set(route, r);
    }
    return r;
  };
  const rpcs = new Map<string, RpcChildren>();
  const rpcChildren = (id: string): RpcChildren => ({
    ok: { calls: rpcCalls.labels(id, 'ok'), duration: rpcDuration.labels(id, 'ok') },
    error: { calls: rpcCalls.labels(id, 'error'), duration: rpcDuration.labels(id, 'error') },
  });
  const messages = MESSAGE_KINDS.map((k) => channelMessages.labels(k));

  return {
    on: true,
    request(route, status, start) {
      const r = routeChildren(route);
      let count = r.byStatus.get(status);
      if (!count) r.byStatus.set(status, (count = httpRequests.labels(r.method, r.path, String(status))));
      count.inc();
      r.duration.observe((performance.now() - start) / 1000);
    },
    rpc(id, ok, start) {
      // Ids are case-insensitive: the children are kept under the lower-cased id only, so that spellings of
      // one id cannot grow the map.
      let r = rpcs.get(id ?? UNKNOWN_RPC);
      if (!r) {
        const key = id === undefined ? UNKNOWN_RPC : id.toLowerCase();
        r = rpcs.get(key);
        if (!r) rpcs.set(key, (r = rpcChildren(key)));
      }
      const c = ok ? r.ok : r.error;
      c.calls.inc();
      c.duration.observe((performance.now() - start) / 1000);
    },
    channelMessage(code) {
      messages[code]?.inc();
    },
    dbQuery(start, failed) {
      dbDuration.observe((performance.now() - start) / 1000);
      if (failed) dbErrors.inc();
    },
    bus: { published: () => busPublished.inc(), received: () => busReceived.inc() },
    live(c) {
      counts = c;
    },
    authorized(authorization) {
      if (!authorization?.startsWith('Bearer ')) return false;
      return crypto.timingSafeEqual(sha256(authorization.slice(7).trim()), tokenHash);
    },
    async scrape() {
      return { contentType: register.contentType, body: await register.metrics() };
    },
  };
}

/** Both sides hashed first, so that the comparison takes the same time whatever the lengths. */
function sha256(s: string): Buffer {
  return crypto.createHash('sha256').update(s).digest();
}
