// The page's realtime socket: on the page's origin (client.ts), with the session manager's session. The
// official client, whose socket it is, loads when a signed-in session first needs the socket: a visitor's
// pages do without it.
import type { Client } from '@heroiclabs/nakama-js';
import { sessionManager } from './session.ts';
import { signedInSession } from './session-timing.ts';
import { followSession, RealtimeSocket } from './socket.ts';

let client: Client | undefined;

export const realtime = new RealtimeSocket({
  createSocket: () => client!.createSocket(client!.useSSL),
  session: () => sessionManager.current(),
});

/** The session manager as the socket follows it: signed in only once the client has loaded (it loads then). */
const managerWithClient = {
  subscribe: (listener: () => void) => {
    loaded.add(listener);
    const stop = sessionManager.subscribe(listener);
    return () => {
      loaded.delete(listener);
      stop();
    };
  },
  getSnapshot: () => {
    const snapshot = sessionManager.getSnapshot();
    if (client) return snapshot;
    if (signedInSession(snapshot)) loadClient();
    return { status: 'loading', guest: true } as const;
  },
};

const loaded = new Set<() => void>();
let loading = false;

function loadClient(): void {
  if (loading) return;
  loading = true;
  import('./client.ts').then(
    (m) => {
      client = m.client;
      for (const l of loaded) l();
    },
    () => {
      // Offline before it was ever loaded: the next change of session tries again.
      loading = false;
    },
  );
}

/** From now on the socket follows the session: connected for signed-in users only. Returns the stop. */
export const startRealtime = (): (() => void) => followSession(realtime, managerWithClient);
