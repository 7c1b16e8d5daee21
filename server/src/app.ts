// Wires config -> database -> core -> runtime modules -> transports.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from './api/index.ts';
import type { Config } from './config.ts';
import { createCore, type Core } from './core/index.ts';
import { CORE_MIGRATIONS, migrate, openDb, timedDb, type Db, type MigrationSet } from './db/index.ts';
import { RouteTable } from './http/routes.ts';
import { createHttpServer } from './http/server.ts';
import { videoUploads } from './http/videos.ts';
import { loadStaticFiles } from './http/static.ts';
import { Health } from './health.ts';
import { createLogger, type Logger } from './log.ts';
import { createMetrics } from './metrics.ts';
import type { Bus } from './realtime/bus.ts';
import { LocalBus } from './realtime/local-bus.ts';
import { RedisBus } from './realtime/redis-bus.ts';
import { StreamMode } from './realtime/tracker.ts';
import { channelHandlers } from './rt/channel-handlers.ts';
import { matchHandlers } from './rt/match-handlers.ts';
import { matchmakerHandlers } from './rt/matchmaker-handlers.ts';
import { partyHandlers } from './rt/party-handlers.ts';
import { coreHandlers } from './rt/core-handlers.ts';
import { withRtHooks } from './rt/hooks.ts';
import { serializers } from './rt/serializers.ts';
import { createSocketServer } from './rt/socket.ts';
import { matchedHook, MatchRegistry } from './runtime/match-registry.ts';
import { createNk, type Nk } from './runtime/nk.ts';
import { Registry } from './runtime/registry.ts';
import type { RuntimeModule } from './runtime/types.ts';

export interface App {
  config: Config;
  core: Core;
  /** The runtime modules' RPCs, hooks and event handlers. */
  registry: Registry;
  nk: Nk;
  /** The REST routes the server answers from. */
  routes: RouteTable;
  /** The socket's message types, by their envelope key (`channel_join`, `rpc`, ...). */
  socketMessages: readonly string[];
  server: http.Server;
  /** /healthz and /readyz: whether the node lives, and whether it should get traffic. */
  health: Health;
  /** Starts listening; resolves with the bound port. */
  listen(): Promise<number>;
  /**
   * The graceful stop (SIGTERM): not ready from now on; stops accepting connections; tells every socket to
   * reconnect (RESTART_CLOSE_CODE); waits up to DRAIN_TIMEOUT_MS for in-flight requests and those sockets;
   * then close(), which leaves the cluster.
   */
  shutdown(): Promise<void>;
  /** Stops at once: open connections are cut. */
  close(): Promise<void>;
}

export interface AppOptions {
  db?: Db;
  logger?: Logger;
  /** Modules to load instead of those named by RUNTIME_MODULES. */
  modules?: RuntimeModule[];
  /**
   * The bus to other nodes, made with the socket's `serializers`; the caller closes it. Default: a RedisBus
   * with REDIS_URL, else a LocalBus.
   */
  bus?: Bus;
}

export async function loadModules(specifiers: string[]): Promise<RuntimeModule[]> {
  const out: RuntimeModule[] = [];
  for (const spec of specifiers) {
    const mod = await import(spec);
    const m: RuntimeModule | undefined = mod.default ?? mod.module;
    if (!m || typeof m.init !== 'function') throw new Error(`Runtime module "${spec}" has no default export with an init function.`);
    out.push(m);
  }
  return out;
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<App> {
  const logger = opts.logger ?? createLogger(config.logLevel, { format: config.logFormat });
  // With METRICS_TOKEN: every statement timed, requests, RPCs and the bus counted, GET /metrics served.
  const metrics = createMetrics(config);
  const opened = opts.db ?? (await openDb(config));
  const db = metrics.on ? timedDb(opened, (start, failed) => metrics.dbQuery(start, failed)) : opened;
  const modules = opts.modules ?? (await loadModules(config.modules));

  const sets: MigrationSet[] = [CORE_MIGRATIONS];
  for (const m of modules) if (m.migrationsDir) sets.push({ namespace: m.name, dir: m.migrationsDir });
  const applied = await migrate(db, sets);
  if (applied.length) logger.info('migrations applied', { migrations: applied });

  // Cluster mode with REDIS_URL: the nodes share presences, delivery, revocations and limits in Redis.
  const bus = opts.bus ?? (config.redisUrl
    ? await RedisBus.connect({ url: config.redisUrl, prefix: config.redisPrefix, serializers, node: config.nodeName, logger })
    : new LocalBus({ serializers, node: config.nodeName }));
  if (metrics.on) bus.meter = metrics.bus;
  if (config.redisUrl && !opts.bus) logger.info('cluster mode: realtime shared through Redis', { node: config.nodeName });
  const core = await createCore(config, db, logger, bus);
  const registry = new Registry(logger, config.runtimeEnv);
  registry.metrics = metrics;
  const matches = new MatchRegistry(core, registry, logger);
  const nk = createNk(core, matches);

  const handlers = {
    ...coreHandlers(core, registry),
    ...channelHandlers(core),
    ...matchHandlers(core),
    ...partyHandlers(core),
    ...matchmakerHandlers(core),
  };
  const sockets = createSocketServer(core, withRtHooks(handlers, registry, logger));
  // A closed socket's tickets leave the pool; its match and party presences leave with the socket.
  sockets.onClose((s) => core.matchmaker.removeAll(s.id));

  if (metrics.on) {
    core.channels.onMessage = (code) => metrics.channelMessage(code);
    const pool = db.pool?.bind(db);
    metrics.live({
      sockets: () => sockets.count(),
      presences: () => bus.presences.ownCount(),
      authoritativeMatches: () => matches.size,
      relayedMatches: () => bus.presences.listStreams(StreamMode.MatchRelayed).length,
      parties: () => core.parties.size,
      tickets: () => core.matchmaker.size,
      ...(pool ? { pool } : {}),
    });
  }

  const routes = new RouteTable();
  const api = apiRoutes(core, registry, nk, logger, routes);
  routes.addAll(api);

  const initializer = registry.initializer();
  for (const m of modules) {
    await m.init(initializer, nk, logger);
    logger.info('runtime module loaded', { module: m.name });
  }
  registry.checkHooks(Object.keys(handlers), api.flatMap((r) => (r.api ? [r.api.name] : [])));
  if (registry.matchmakerMatched) core.matchmaker.onMatched = matchedHook(registry.matchmakerMatched);
  if (registry.notificationListeners.length) core.notifications.onDelivered = (d) => registry.notificationsDelivered(d);
  core.matchmaker.start();
  // Each reset's hooks run once, on the node that claimed it; each in turn, a failing one logged.
  core.leaderboards.onReset = async (board, reset) => {
    for (const fn of registry.leaderboardResetHooks) {
      await fn({ env: config.runtimeEnv, executionMode: 'leaderboard_reset' }, nk, board, Math.floor(reset.getTime() / 1000));
    }
  };
  const sec = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
  core.tournaments.onReset = async (t, end, reset) => {
    for (const fn of registry.tournamentResetHooks) {
      await fn({ env: config.runtimeEnv, executionMode: 'tournament_reset' }, nk, t, sec(end), sec(reset));
    }
  };
  core.tournaments.onEnd = async (t, end, reset) => {
    for (const fn of registry.tournamentEndHooks) {
      await fn({ env: config.runtimeEnv, executionMode: 'tournament_end' }, nk, t, sec(end), sec(reset));
    }
  };
  core.leaderboards.start();
  core.videoQueue.start();

  const health = new Health(config.nodeName, {
    database: () => db.query('SELECT 1'),
    ...(bus instanceof RedisBus ? { redis: () => bus.ping() } : {}),
  });
  const staticFiles = loadStaticFiles(config.webDist, { routes: registry.pageMeta, publicUrl: config.publicUrl, logger });
  const uploads = videoUploads(core.videos, core.sessions, core.accounts, core.bus.limits, logger);
  // Unfinished video uploads nobody resumed, and videos nobody attached, are removed once an hour.
  const uploadCleanup = setInterval(() => {
    uploads.cleanUp().then(
      (gone) => {
        if (gone.uploads || gone.videos) logger.info('video clean-up', gone);
      },
      (err: unknown) => logger.warn('video upload clean-up failed', { err }),
    );
  }, 3_600_000);
  uploadCleanup.unref();
  const server = createHttpServer({
    videos: { uploads, store: core.videos },
    config,
    logger,
    routes,
    sessions: core.sessions,
    staticFiles,
    health,
    moduleRoutes: { routes: registry.httpRoutes, env: config.runtimeEnv, logger },
    onUpgrade: sockets.handleUpgrade,
    metrics,
  });

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    core.matchmaker.stop();
    core.leaderboards.stop();
    clearInterval(uploadCleanup);
    await core.videoQueue.stop();
    await matches.stopAll();
    sockets.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    for (const hook of registry.shutdownHooks) await hook();
    if (!opts.bus) await bus.close();
    await db.close();
  }

  return {
    config,
    core,
    registry,
    nk,
    routes,
    socketMessages: Object.keys(handlers),
    server,
    health,
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    shutdown() {
      if (closing) return closing;
      health.startDraining();
      // Listening stops at once (idle keep-alive connections are closed; busy ones close after their
      // answer), so the load balancer sends new connections, and the sockets' reconnects, elsewhere.
      const requests = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections that fall idle later (their answer sent) are closed as they do.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      const drained = Promise.all([requests, sockets.drain()]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), config.drainTimeoutMs)));
      closing = Promise.race([drained, deadline]).then(async (outcome) => {
        clearTimeout(timer);
        clearInterval(idle);
        if (outcome === 'timeout') logger.warn('drain timeout: cutting what is left', { sockets: sockets.count() });
        await close();
      });
      return closing;
    },
    close() {
      closing ??= close();
      return closing;
    },
  };
}
