// GET /v2/user: users by ids, usernames and Facebook ids.
import type { Core } from '../core/index.ts';
import { userMsg } from '../encode.ts';
import type { Route } from '../http/routes.ts';

export function userRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/v2/user',
      auth: 'bearer',
      async handler(req) {
        const found = await core.users.get(req.query.list('ids'), req.query.list('usernames'), req.query.list('facebook_ids'));
        return found.length ? { users: found.map((u) => userMsg(u.row, u.online)) } : {};
      },
    },
  ];
}
