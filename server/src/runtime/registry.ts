// Named RPCs and event handlers registered by runtime modules.
import type { Logger } from '../log.ts';
import type { ApiEvent, EventContext, EventHandler, Initializer, RpcFunction } from './types.ts';

export class Registry {
  private readonly rpcs = new Map<string, RpcFunction>();
  private readonly eventHandlers: EventHandler[] = [];
  readonly shutdownHooks: Array<() => Promise<void> | void> = [];
  private readonly logger: Logger;

  constructor(logger: Logger) {
    this.logger = logger;
  }

  /** RPC ids are case-insensitive: they are stored and looked up lower-cased. */
  rpc(id: string): RpcFunction | undefined {
    return this.rpcs.get(id.toLowerCase());
  }

  rpcIds(): string[] {
    return [...this.rpcs.keys()];
  }

  initializer(): Initializer {
    return {
      registerRpc: (id, fn) => {
        const key = id.trim().toLowerCase();
        if (!key) throw new Error('An RPC id must not be empty.');
        if (this.rpcs.has(key)) throw new Error(`RPC "${key}" is already registered.`);
        this.rpcs.set(key, fn);
      },
      registerEvent: (fn) => {
        this.eventHandlers.push(fn);
      },
      registerShutdown: (fn) => {
        this.shutdownHooks.push(fn);
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

  get hasEventHandlers(): boolean {
    return this.eventHandlers.length > 0;
  }
}
