// Named RPCs, their before and after hooks, hooks of socket messages and of REST API calls, event
// handlers, page metadata and plain GET routes registered by runtime modules.
import type { Logger } from '../log.ts';
import { NO_METRICS, type Metrics } from '../metrics.ts';
import { API_NAMES } from './api-hooks.ts';
import type { MatchHandler, MatchmakerMatchedFunction } from './match-types.ts';
import { HttpRoutes } from './http-routes.ts';
import { PageMetaRoutes } from './page-meta.ts';
import type {
  ApiBeforeHook, ApiEvent, LeaderboardResetFunction, TournamentEndFunction, TournamentResetFunction, ApiHookRegistrations, EventContext, EventHandler, Initializer, NkDeliveredNotifications,
  NotificationsDeliveredFunction, RpcAfterHook, RpcBeforeHook, RpcDescription, RpcFunction, RtAfterHook, RtBeforeHook,
} from './types.ts';

/** An API before-hook as stored: its request is checked by the caller against the call's fields. */
export type StoredApiHook = ApiBeforeHook<Record<string, unknown>>;

/** The largest request body an RPC may declare for itself. */
const RPC_BODY_BYTES_CEILING = 64 * 1024 * 1024;

/** A socket message's hook key: `channel_join`, `ChannelJoin` and `channeljoin` name the same message. */
function rtHookKey(messageName: string): string {
  return messageName.replace(/_/g, '').toLowerCase();
}

/** Adds a hook under a key, once: a second hook for the same key is a mistake in the module. */
function addHook<T>(hooks: Map<string, T>, key: string, fn: T, what: string): void {
  if (!key) throw new Error(`A ${what} hook needs a name.`);
  if (typeof fn !== 'function') throw new Error(`The ${what} hook of "${key}" must be a function.`);
  if (hooks.has(key)) throw new Error(`A ${what} hook of "${key}" is already registered.`);
  hooks.set(key, fn);
}

export class Registry {
  private readonly rpcs = new Map<string, RpcFunction>();
  private readonly rtKeys = new Map<string, string>();
  private readonly bodyCaps = new Map<string, number>();
  private readonly descriptions = new Map<string, () => RpcDescription>();
  private readonly eventHandlers: EventHandler[] = [];
  private readonly beforeRpc = new Map<string, RpcBeforeHook>();
  private readonly afterRpc = new Map<string, RpcAfterHook>();
  private readonly beforeRt = new Map<string, RtBeforeHook>();
  private readonly afterRt = new Map<string, RtAfterHook>();
  private readonly beforeApi = new Map<string, StoredApiHook>();
  private readonly matchHandlers = new Map<string, MatchHandler>();
  /** The matchmaker-matched function of a module, if one registered it. */
  matchmakerMatched: MatchmakerMatchedFunction | undefined;
  readonly shutdownHooks: Array<() => Promise<void> | void> = [];
  readonly notificationListeners: NotificationsDeliveredFunction[] = [];
  readonly leaderboardResetHooks: LeaderboardResetFunction[] = [];
  readonly tournamentResetHooks: TournamentResetFunction[] = [];
  readonly tournamentEndHooks: TournamentEndFunction[] = [];
  /** Modules' metadata of the web app's pages, for link previews. */
  readonly pageMeta = new PageMetaRoutes();
  /** Modules' own GET routes outside the API (a calendar feed). */
  readonly httpRoutes = new HttpRoutes();
  readonly logger: Logger;
  /** The module settings (the configuration's runtimeEnv) that every call's context carries as `env`. */
  readonly env: Readonly<Record<string, string>>;
  /** RPC calls counted and timed by id (set by the app when metrics are on). */
  metrics: Metrics = NO_METRICS;

  constructor(logger: Logger, env: Readonly<Record<string, string>>) {
    this.logger = logger;
    this.env = env;
  }

  /** RPC ids are case-insensitive: they are stored and looked up lower-cased. */
  rpc(id: string): RpcFunction | undefined {
    return this.rpcs.get(id.toLowerCase());
  }

  /** The larger body cap an RPC was registered with, if any. */
  rpcMaxBodyBytes(id: string): number | undefined {
    return this.bodyCaps.size === 0 ? undefined : this.bodyCaps.get(id.toLowerCase());
  }

  rpcIds(): string[] {
    return [...this.rpcs.keys()];
  }

  /** What the module says of an RPC for the API description (made now, not at registration); {} when nothing. */
  rpcDescription(id: string): RpcDescription {
    return this.descriptions.get(id.toLowerCase())?.() ?? {};
  }

  /** The hooks of an RPC, or undefined when it has none (the common case, checked once per call). */
  rpcHooks(id: string): { before?: RpcBeforeHook; after?: RpcAfterHook } | undefined {
    if (this.beforeRpc.size === 0 && this.afterRpc.size === 0) return undefined;
    const key = id.toLowerCase();
    const before = this.beforeRpc.get(key);
    const after = this.afterRpc.get(key);
    return before || after ? { before, after } : undefined;
  }

  /** The hooks of a socket message (by envelope key), or undefined when it has none. */
  rtHooks(messageName: string): { before?: RtBeforeHook; after?: RtAfterHook } | undefined {
    if (this.beforeRt.size === 0 && this.afterRt.size === 0) return undefined;
    // Asked at every socket message, by the handlers' own names: each name's key is made once.
    let key = this.rtKeys.get(messageName);
    if (key === undefined) this.rtKeys.set(messageName, (key = rtHookKey(messageName)));
    const before = this.beforeRt.get(key);
    const after = this.afterRt.get(key);
    return before || after ? { before, after } : undefined;
  }

  /** The before-hook of a REST API call by upstream's name (`CreateGroup`), or undefined (the common case). */
  apiHook(name: string): StoredApiHook | undefined {
    return this.beforeApi.size === 0 ? undefined : this.beforeApi.get(name);
  }

  /**
   * Refuses hooks of socket messages that do not exist, of RPCs no module registered and of API calls
   * no route serves: such a hook would never run. Called once every module is loaded.
   */
  checkHooks(messageNames: string[], apiNames: string[]): void {
    const served = new Set(apiNames);
    for (const name of this.beforeApi.keys()) {
      if (!served.has(name)) throw new Error(`A before hook is registered for ${name}, which no API route serves.`);
    }
    const known = new Set(messageNames.map(rtHookKey));
    for (const key of [...this.beforeRt.keys(), ...this.afterRt.keys()]) {
      if (!known.has(key)) throw new Error(`A hook is registered for "${key}", which is not a socket message.`);
    }
    for (const id of [...this.beforeRpc.keys(), ...this.afterRpc.keys()]) {
      if (!this.rpcs.has(id)) throw new Error(`A hook is registered for RPC "${id}", which no module registered.`);
    }
  }

  matchHandler(name: string): MatchHandler | undefined {
    return this.matchHandlers.get(name);
  }

  initializer(): Initializer {
    const apiHooks = Object.fromEntries(API_NAMES.map((name) => [
      `registerBefore${name}`,
      (fn: StoredApiHook) => addHook(this.beforeApi, name, fn, 'before API'),
    ])) as unknown as ApiHookRegistrations;
    return {
      ...apiHooks,
      registerRpc: (id, fn, options) => {
        const key = id.trim().toLowerCase();
        if (!key) throw new Error('An RPC id must not be empty.');
        if (this.rpcs.has(key)) throw new Error(`RPC "${key}" is already registered.`);
        const cap = options?.maxBodyBytes;
        if (cap !== undefined && !(Number.isInteger(cap) && cap > 0 && cap <= RPC_BODY_BYTES_CEILING)) {
          throw new Error(`RPC "${key}": maxBodyBytes must be a whole number from 1 to ${RPC_BODY_BYTES_CEILING}.`);
        }
        const describe = options?.describe;
        if (describe !== undefined && typeof describe !== 'function') throw new Error(`RPC "${key}": describe must be a function.`);
        this.rpcs.set(key, fn);
        if (cap !== undefined) this.bodyCaps.set(key, cap);
        if (describe) this.descriptions.set(key, describe);
      },
      registerPageMeta: (pattern, fn) => this.pageMeta.add(pattern, fn),
      registerHttpRoute: (method, pattern, fn) => this.httpRoutes.add(method, pattern, fn),
      registerBeforeRpc: (id, fn) => addHook(this.beforeRpc, id.trim().toLowerCase(), fn, 'before RPC'),
      registerAfterRpc: (id, fn) => addHook(this.afterRpc, id.trim().toLowerCase(), fn, 'after RPC'),
      registerBeforeRt: (name, fn) => addHook(this.beforeRt, rtHookKey(name.trim()), fn, 'before socket message'),
      registerAfterRt: (name, fn) => addHook(this.afterRt, rtHookKey(name.trim()), fn, 'after socket message'),
      registerEvent: (fn) => {
        this.eventHandlers.push(fn);
      },
      registerMatch: (name, handler) => {
        if (typeof name !== 'string' || !name.trim()) throw new Error('A match handler needs a name.');
        const fns = ['matchInit', 'matchJoinAttempt', 'matchJoin', 'matchLeave', 'matchLoop', 'matchTerminate', 'matchSignal'] as const;
        const missing = fns.filter((f) => typeof handler?.[f] !== 'function');
        if (missing.length) throw new Error(`Match handler "${name}" lacks ${missing.join(', ')}.`);
        if (this.matchHandlers.has(name)) throw new Error(`A match handler named "${name}" is already registered.`);
        this.matchHandlers.set(name, handler);
      },
      registerMatchmakerMatched: (fn) => {
        if (typeof fn !== 'function') throw new Error('The matchmaker matched hook must be a function.');
        if (this.matchmakerMatched) throw new Error('A matchmaker matched hook is already registered.');
        this.matchmakerMatched = fn;
      },
      registerShutdown: (fn) => {
        this.shutdownHooks.push(fn);
      },
      registerNotificationsDelivered: (fn) => {
        if (typeof fn !== 'function') throw new Error('A notifications listener must be a function.');
        this.notificationListeners.push(fn);
      },
      registerLeaderboardReset: (fn) => {
        if (typeof fn !== 'function') throw new Error('A leaderboard reset hook must be a function.');
        this.leaderboardResetHooks.push(fn);
      },
      registerTournamentReset: (fn) => {
        if (typeof fn !== 'function') throw new Error('A tournament reset hook must be a function.');
        this.tournamentResetHooks.push(fn);
      },
      registerTournamentEnd: (fn) => {
        if (typeof fn !== 'function') throw new Error('A tournament end hook must be a function.');
        this.tournamentEndHooks.push(fn);
      },
    };
  }

  /** Hands an event to every handler; a failing handler is logged and does not affect the others. */
  dispatchEvent(ctx: EventContext, event: ApiEvent): void {
    for (const h of this.eventHandlers) {
      Promise.resolve()
        .then(() => h(ctx, event))
        .catch((err) => this.logger.error('event handler failed', { event: event.name, err }));
    }
  }

  /** Hands delivered notifications to every listener; a failing listener is logged and does not affect the others. */
  notificationsDelivered(delivered: NkDeliveredNotifications[]): void {
    for (const fn of this.notificationListeners) {
      try {
        fn(delivered);
      } catch (err) {
        this.logger.error('notifications listener failed', { err });
      }
    }
  }

  get hasEventHandlers(): boolean {
    return this.eventHandlers.length > 0;
  }
}
