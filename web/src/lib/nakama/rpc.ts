// Named RPCs of the portal, called with the current session.
import { client } from './client.ts';
import { call } from './errors.ts';
import { sessionManager } from './session.ts';

export async function rpc<T>(id: string, payload: object = {}): Promise<T> {
  const s = await sessionManager.current();
  const r = await call(client.rpc(s, id, payload));
  return r.payload as T;
}
