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
  if (!session && early.size > 0) {
    const started = takeEarly(id, input ?? {});
    if (started) return started as Promise<RpcOutput<K>>;
  }
  return (await send(id, input ?? {}, session)) as RpcOutput<K>;
}

async function send(id: string, input: object, session?: Session): Promise<unknown> {
  const s = session ?? (await sessionManager.current());
  return call(callRpc(s, id, input));
}

/** How long a call started early waits for the app to ask for it. */
const EARLY_MS = 15_000;
const early = new Map<string, Promise<unknown>>();

/** One key for the same call: the id and the payload's defined fields in the order of their names. */
const earlyKey = (id: string, input: object) =>
  `${id} ${JSON.stringify(Object.entries(input).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;

function takeEarly(id: string, input: object): Promise<unknown> | undefined {
  const key = earlyKey(id, input);
  const started = early.get(key);
  early.delete(key);
  return started;
}

/**
 * Starts, with the current session, a call the app is about to make (the entry does it for the page an
 * address opens), so that its answer is on its way while the app's code loads. The app's first identical
 * call takes it over, once, within 15 s; a later one asks again.
 */
export function callEarly<K extends RpcId>(id: K, input: RpcInput<K>): void {
  const key = earlyKey(id, input);
  const started = send(id, input);
  started.catch(() => undefined);
  early.set(key, started);
  setTimeout(() => {
    if (early.get(key) === started) early.delete(key);
  }, EARLY_MS);
}
