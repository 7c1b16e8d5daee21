// /v2/friend: list, add or accept, delete (reject, cancel, unfriend, unblock), block, friends of friends,
// and the Facebook and Steam imports (friends who have accounts here become friends at once).
import type { Core } from '../core/index.ts';
import { friendMsg, put, userMsg, type Msg } from '../encode.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

export function friendRoutes(core: Core): Route[] {
  const { friends } = core;
  const targets = (req: ApiRequest) => [req.query.list('ids'), req.query.list('usernames')] as const;

  return [
    {
      method: 'GET',
      path: '/v2/friend',
      auth: 'bearer',
      async handler(req) {
        // Limit and state bounds are checked by the core, for runtime modules too.
        const q = req.query;
        const page = await friends.list(req.session.uid, q.int('limit') ?? 1000, q.int('state'), q.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'friends', page.friends.map(friendMsg));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
    {
      method: 'POST',
      path: '/v2/friend',
      auth: 'bearer',
      async handler(req) {
        await friends.add(req.session.uid, undefined, ...targets(req));
        return {};
      },
    },
    {
      method: 'DELETE',
      path: '/v2/friend',
      auth: 'bearer',
      async handler(req) {
        await friends.delete(req.session.uid, ...targets(req));
        return {};
      },
    },
    {
      method: 'POST',
      path: '/v2/friend/block',
      auth: 'bearer',
      async handler(req) {
        await friends.block(req.session.uid, ...targets(req));
        return {};
      },
    },
    {
      method: 'GET',
      path: '/v2/friend/friends',
      auth: 'bearer',
      async handler(req) {
        const q = req.query;
        const page = await friends.friendsOfFriends(req.session.uid, q.int('limit') ?? 10, q.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'friends_of_friends', page.friendsOfFriends.map((f) => ({ referrer: f.referrer, user: userMsg(f.user, f.online) })));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
    {
      method: 'POST',
      path: '/v2/friend/facebook',
      auth: 'bearer',
      async handler(req) {
        const token = req.body().string('token') ?? '';
        await core.signIn.importFacebookFriends(req.session.uid, token, req.query.bool('reset') === true);
        return {};
      },
    },
    {
      method: 'POST',
      path: '/v2/friend/steam',
      auth: 'bearer',
      async handler(req) {
        const token = req.body().string('token') ?? '';
        await core.signIn.importSteamFriends(req.session.uid, token, req.query.bool('reset') === true);
        return {};
      },
    },
  ];
}
