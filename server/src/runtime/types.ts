// What a runtime module sees: the initializer it registers with, the context of each call and `nk`.
import type { Logger } from '../log.ts';
import type { Nk } from './nk.ts';

export interface RpcContext {
  /** Absent when called with the HTTP key instead of a session. */
  userId?: string;
  username?: string;
  vars?: Record<string, string>;
  /** Expiry (unix seconds) of the caller's session token. */
  userSessionExp?: number;
  /** The socket session, for calls made over the socket. */
  sessionId?: string;
  clientIp: string;
  /** Query parameters of an HTTP call (http_key removed). */
  queryParams: Record<string, string[]>;
  headers: Record<string, string>;
  env: Record<string, string>;
  executionMode: 'rpc';
}

/** Returns the response payload (a string, usually JSON) or nothing. Throw AppError for a coded failure. */
export type RpcFunction = (ctx: RpcContext, payload: string) => Promise<string | void | undefined> | string | void | undefined;

export interface EventContext {
  userId?: string;
  username?: string;
  clientIp: string;
}

export interface ApiEvent {
  name: string;
  properties: Record<string, string>;
  timestamp: Date;
  external: boolean;
}

export type EventHandler = (ctx: EventContext, event: ApiEvent) => Promise<void> | void;

export interface RpcOptions {
  /**
   * A larger request-body cap over HTTP than the gateway's (MAX_REQUEST_SIZE_BYTES), for RPCs that carry
   * uploads. It applies to registered users and HTTP-key calls only; guests keep the gateway's cap.
   */
  maxBodyBytes?: number;
}

export interface Initializer {
  registerRpc(id: string, fn: RpcFunction, options?: RpcOptions): void;
  registerEvent(fn: EventHandler): void;
  /** Called once when the server stops, after transports close. */
  registerShutdown(fn: () => Promise<void> | void): void;
}

export interface RuntimeModule {
  name: string;
  /** A directory of NNNN_name.sql migrations applied before init. */
  migrationsDir?: string;
  init(initializer: Initializer, nk: Nk, logger: Logger): Promise<void> | void;
}
