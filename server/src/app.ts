// Wires config -> database -> core -> runtime modules -> transports.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from './api/index.ts';
import type { Config } from './config.ts';
import { createCore, type Core } from './core/index.ts';
import { CORE_MIGRATIONS, migrate, openDb, type Db, type MigrationSet } from './db/index.ts';
import { RouteTable } from './http/routes.ts';
import { createHttpServer } from './http/server.ts';
import { loadStaticFiles } from './http/static.ts';
import { createLogger, type Logger } from './log.ts';
import type { Bus } from './realtime/bus.ts';
import { LocalBus } from './realtime/local-bus.ts';
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
  server: http.Server;
  /** Starts listening; resolves with the bound port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

export interface AppOptions {
  db?: Db;
  logger?: Logger;
  /** Modules to load instead of those named by RUNTIME_MODULES. */
  modules?: RuntimeModule[];
  /** The bus to other nodes, made with the socket's `serializers`; the caller closes it. Default: a LocalBus. */
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
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = opts.db ?? (await openDb(config));
  const modules = opts.modules ?? (await loadModules(config.modules));

  const sets: MigrationSet[] = [CORE_MIGRATIONS];
  for (const m of modules) if (m.migrationsDir) sets.push({ namespace: m.name, dir: m.migrationsDir });
  const applied = await migrate(db, sets);
  if (applied.length) logger.info('migrations applied', { migrations: applied });

  const bus = opts.bus ?? new LocalBus({ serializers, node: config.nodeName });
  const core = await createCore(config, db, logger, bus);
  const registry = new Registry(logger, config.runtimeEnv);
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

  const routes = new RouteTable();
  routes.addAll(apiRoutes(core, registry));

  const initializer = registry.initializer();
  for (const m of modules) {
    await m.init(initializer, nk, logger);
    logger.info('runtime module loaded', { module: m.name });
  }
  registry.checkHooks(Object.keys(handlers));
  if (registry.matchmakerMatched) core.matchmaker.onMatched = matchedHook(registry.matchmakerMatched);
  core.matchmaker.start();

  const staticFiles = loadStaticFiles(config.webDist);
  const server = createHttpServer({
    config,
    logger,
    routes,
    sessions: core.sessions,
    staticFiles,
    onUpgrade: sockets.handleUpgrade,
  });

  return {
    config,
    core,
    registry,
    nk,
    server,
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      });
    },
    async close() {
      core.matchmaker.stop();
      await matches.stopAll();
      sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      for (const hook of registry.shutdownHooks) await hook();
      if (!opts.bus) await bus.close();
      await db.close();
    },
  };
}
