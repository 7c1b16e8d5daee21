// Named RPCs and event handlers registered by runtime modules.
import type { Logger } from '../log.ts';
import type { ApiEvent, EventContext, EventHandler, Initializer, RpcFunction } from './types.ts';

/** The largest request body an RPC may declare for itself. */
export const RPC_BODY_BYTES_CEILING = 64 * 1024 * 1024;

export class Registry {
  private readonly rpcs = new Map<string, RpcFunction>();
  private readonly bodyCaps = new Map<string, number>();
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

  /** The larger body cap an RPC was registered with, if any. */
  rpcMaxBodyBytes(id: string): number | undefined {
    return this.bodyCaps.size === 0 ? undefined : this.bodyCaps.get(id.toLowerCase());
  }

  rpcIds(): string[] {
    return [...this.rpcs.keys()];
  }

  initializer(): Initializer {
    return {
      registerRpc: (id, fn, options) => {
        const key = id.trim().toLowerCase();
        if (!key) throw new Error('An RPC id must not be empty.');
        if (this.rpcs.has(key)) throw new Error(`RPC "${key}" is already registered.`);
        const cap = options?.maxBodyBytes;
        if (cap !== undefined && !(Number.isInteger(cap) && cap > 0 && cap <= RPC_BODY_BYTES_CEILING)) {
          throw new Error(`RPC "${key}": maxBodyBytes must be a whole number from 1 to ${RPC_BODY_BYTES_CEILING}.`);
        }
        this.rpcs.set(key, fn);
        if (cap !== undefined) this.bodyCaps.set(key, cap);
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
