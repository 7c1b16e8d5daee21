// Named RPCs of the portal, called with the current session, or with a given one (an account that is not
// yet this browser's, as during registration).
import { client, type Session } from './client.ts';
import { call } from './errors.ts';
import { sessionManager } from './session.ts';

export async function rpc<T>(id: string, payload: object = {}, session?: Session): Promise<T> {
  const s = session ?? (await sessionManager.current());
  const r = await call(client.rpc(s, id, payload));
  return r.payload as T;
}
