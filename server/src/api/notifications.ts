// GET and DELETE /v2/notification.
import type { Core } from '../core/index.ts';
import { notificationMsg, put, type Msg } from '../encode.ts';
import type { Route } from '../http/routes.ts';

export function notificationRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/v2/notification',
      auth: 'bearer',
      async handler(req) {
        // The limit's bounds are checked by the core, for runtime modules too.
        const page = await core.notifications.list(req.session.uid, req.query.int('limit') ?? 1, req.query.string('cacheable_cursor') || undefined);
        const out: Msg = {};
        put(out, 'notifications', page.notifications.map(notificationMsg));
        put(out, 'cacheable_cursor', page.cacheableCursor);
        return out;
      },
    },
    {
      method: 'DELETE',
      path: '/v2/notification',
      auth: 'bearer',
      async handler(req) {
        await core.notifications.delete(req.session.uid, req.query.list('ids'));
        return {};
      },
    },
  ];
}
