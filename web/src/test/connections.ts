// The server side of every socket connection a test server accepts, so a socket test can cut a user's
// connections as a network failure would, and see which are still open.
import type { Socket as NetSocket } from 'node:net';
import type { TestServer } from '@tribuna/server/testing';

export function recordConnections(ts: TestServer) {
  const upgrades: Array<{ url: string; socket: NetSocket }> = [];
  ts.app.server.on('upgrade', (req, socket: NetSocket) => upgrades.push({ url: req.url ?? '', socket }));
  const of = (token: string) => upgrades.filter((u) => u.url.includes(encodeURIComponent(token)));
  return {
    /** Destroys the connections opened with this session token; answers how many there were. */
    cut(token: string): number {
      const open = of(token).filter((u) => !u.socket.destroyed);
      for (const u of open) u.socket.destroy();
      return open.length;
    },
    /** The connections opened with this session token that are neither destroyed nor closed. */
    open(token: string) {
      return of(token).filter((u) => !u.socket.destroyed && !u.socket.closed);
    },
  };
}
