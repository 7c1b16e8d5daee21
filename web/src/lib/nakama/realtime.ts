// The page's realtime socket: on the page's origin (client.ts), with the session manager's session.
import { client } from './client.ts';
import { sessionManager } from './session.ts';
import { followSession, RealtimeSocket } from './socket.ts';

export const realtime = new RealtimeSocket({
  createSocket: () => client.createSocket(client.useSSL),
  session: () => sessionManager.current(),
});

/** From now on the socket follows the session: connected for signed-in users only. Returns the stop. */
export const startRealtime = (): (() => void) => followSession(realtime, sessionManager);
