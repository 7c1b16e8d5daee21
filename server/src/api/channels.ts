// GET /v2/channel/{channelId}: message history.
import type { Core } from '../core/index.ts';
import { put, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../http/routes.ts';

export function channelRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/v2/channel/{channelId}',
      auth: 'bearer',
      async handler(req) {
        const limit = req.query.int('limit') ?? 1;
        if (limit < 1 || limit > 100) throw invalid('Invalid limit - limit must be between 1 and 100.');
        const page = await core.channels.history(
          req.session.uid,
          req.params.channelId,
          limit,
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
