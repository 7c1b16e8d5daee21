// Named RPCs of the portal, called with the current session, or with a given one (an account that is not
// yet this browser's, as during registration). Ids, payloads and answers are typed by the portal's own
// definitions (RpcMap), so a misspelled id or a wrong field does not compile.
import type { RpcMap } from '@tribuna/portal/types';
import type { Session } from '@heroiclabs/nakama-js';
import { call } from './errors.ts';
import { callRpc } from './http.ts';
import { sessionManager } from './session.ts';

export type RpcId = keyof RpcMap;
/** The payload of an RPC as the web sends it (fields with a default may be left out). */
export type RpcInput<K extends RpcId> = RpcMap[K]['input'];
/** The answer of an RPC as the web reads it (JSON: instants are ISO strings). */
export type RpcOutput<K extends RpcId> = RpcMap[K]['output'];

/** The payload may be left out when it has no required field. */
type Args<K extends RpcId> =
  Record<never, never> extends RpcInput<K> ? [input?: RpcInput<K>, session?: Session] : [input: RpcInput<K>, session?: Session];

export async function rpc<K extends RpcId>(id: K, ...[input, session]: Args<K>): Promise<RpcOutput<K>> {
  const s = session ?? (await sessionManager.current());
  return (await call(callRpc(s, id, input ?? {}))) as RpcOutput<K>;
}
