// Socket message handlers by envelope key. Each area adds its own in rt/<area>.ts.
import type { Msg } from '../encode.ts';
import type { Fields } from '../input.ts';
import type { SocketSession } from './session.ts';

/**
 * Returns the reply's message (e.g. {rpc: {...}}), or nothing for a bare acknowledgement. `message` is
 * the body as it came (what `body` reads), for the runtime's hooks.
 */
export type SocketHandler = (s: SocketSession, body: Fields, message?: unknown) => Promise<Msg | void> | Msg | void;
export type SocketHandlers = Record<string, SocketHandler>;
