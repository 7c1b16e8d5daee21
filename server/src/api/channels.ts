// GET /v2/channel/{channelId}: message history.
import type { Core } from '../core/index.ts';
import { put, type Msg } from '../encode.ts';
import type { Route } from '../http/routes.ts';

export function channelRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/v2/channel/{channelId}',
      auth: 'bearer',
      async handler(req) {
        // The limit's bounds are checked by the core, for runtime modules too.
        const page = await core.channels.history(
          req.session.uid,
          req.params.channelId,
          req.query.int('limit') ?? 1,
          req.query.bool('forward') ?? true,
          req.query.string('cursor') || undefined,
        );
        const out: Msg = {};
        put(out, 'messages', page.messages);
        put(out, 'next_cursor', page.nextCursor);
        put(out, 'prev_cursor', page.prevCursor);
        put(out, 'cacheable_cursor', page.cacheableCursor);
        return out;
      },
    },
  ];
}
