// match_create, match_join, match_leave and match_data_send.
import type { Core } from '../core/index.ts';
import { AppError, Code } from '../errors.ts';
import { SocketCode, SocketError } from './errors.ts';
import type { SocketHandlers } from './handlers.ts';

/** A join's refusals have codes of their own: the match is not found, or its handler refused. */
function joinError(err: unknown): unknown {
  if (err instanceof AppError && err.code === Code.NotFound) return new SocketError(SocketCode.MatchNotFound, err.message);
  if (err instanceof AppError && err.code === Code.PermissionDenied) return new SocketError(SocketCode.MatchJoinRejected, err.message);
  return err;
}

export function matchHandlers(core: Core): SocketHandlers {
  const { matches } = core;
  return {
    match_create: (s, b) => ({ match: matches.create(s, b.string('name') || undefined) }),
    async match_join(s, b) {
      const metadata = b.stringMap('metadata') ?? {};
      try {
        return { match: await matches.join(s, b.string('match_id') || undefined, b.string('token') || undefined, metadata) };
      } catch (err) {
        throw joinError(err);
      }
    },
    match_leave(s, b) {
      matches.leave(s, b.string('match_id') ?? '');
    },
    // No reply: match data is sent without a cid.
    async match_data_send(s, b) {
      const sessionIds = b.list('presences').map((p) => p.string('session_id') ?? '');
      await matches.send(s, b.string('match_id') ?? '', b.int64('op_code') ?? 0n, b.string('data') ?? '', sessionIds, b.bool('reliable') ?? false);
    },
  };
}
