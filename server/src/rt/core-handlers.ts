// ping, rpc and status messages.
import type { Core } from '../core/index.ts';
import { presenceMsg } from '../encode.ts';
import { invokeRpc } from '../runtime/invoke.ts';
import type { Registry } from '../runtime/registry.ts';
import { limitContext, SocketCode, SocketError } from './errors.ts';
import { sessionContext } from './hooks.ts';
import type { SocketHandlers } from './handlers.ts';

export function coreHandlers(core: Core, registry: Registry): SocketHandlers {
  return {
    ping: () => ({ pong: {} }),
    pong: () => undefined,

    async rpc(s, b) {
      const id = b.string('id');
      if (!id) throw new SocketError(SocketCode.BadInput, 'RPC id is required.');
      const httpKey = b.string('http_key');
      if (httpKey && httpKey !== core.config.httpKey) throw new SocketError(SocketCode.BadInput, 'HTTP key invalid.');
      const outcome = await invokeRpc(registry, id, { ...sessionContext(s, registry.env), queryParams: {}, headers: {}, executionMode: 'rpc' }, b.string('payload') ?? '');
      if (outcome.ok) {
        const rpc: Record<string, unknown> = { id };
        if (outcome.payload) rpc.payload = outcome.payload;
        return { rpc };
      }
      if (outcome.notFound) throw new SocketError(SocketCode.RuntimeFunctionNotFound, 'RPC function not found');
      throw new SocketError(SocketCode.RuntimeFunctionException, outcome.message, limitContext(outcome.code, outcome.retryAfterSec));
    },

    async status_follow(s, b) {
      const presences = await core.status.follow(s, b.stringList('user_ids'), b.stringList('usernames'));
      const status: Record<string, unknown> = {};
      if (presences.length) status.presences = presences.map(presenceMsg);
      return { status };
    },
    status_unfollow(s, b) {
      core.status.unfollow(s, b.stringList('user_ids'));
    },
    status_update(s, b) {
      const status = b.string('status');
      if (status === undefined) core.status.disappear(s);
      else core.status.appear(s, status);
    },
  };
}
