// The frame the runtime's tests share: a server with one test module for the test file, an operator
// (a signed-in user) calling its RPCs, and the file's sockets closed when it ends.
import { after, before } from 'node:test';
import type { Socket } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, type TestServer, type TestSession } from './index.ts';
import type { RuntimeModule } from '../runtime/types.ts';

export interface ModuleTestServer {
  /** Set once the file's tests start. */
  ts: TestServer;
  operator: TestSession;
  /** Sockets a test opened; disconnected at the end of the file. */
  sockets: Socket[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rpc(id: string, args: object): Promise<any>;
  /** The status and body of a refused RPC of the operator's. */
  refusal(id: string, args: object): ReturnType<typeof errorOf>;
}

export function moduleTestServer(module: RuntimeModule): ModuleTestServer {
  const h = {
    sockets: [] as Socket[],
    async rpc(id: string, args: object) {
      return (await h.ts.client().rpc(h.operator, id, args)).payload;
    },
    refusal: (id: string, args: object) => errorOf(h.ts.client().rpc(h.operator, id, args)),
  } as ModuleTestServer;
  before(async () => {
    h.ts = await startTestServer({ modules: [module] });
    h.operator = await h.ts.newSession();
  });
  after(async () => {
    h.sockets.forEach((s) => s.disconnect(false));
    await h.ts.close();
  });
  return h;
}
