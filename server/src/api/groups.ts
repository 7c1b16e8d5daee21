// Groups: /v2/group and its members, and /v2/user/{userId}/group.
import type { Core } from '../core/index.ts';
import type { Actor } from '../core/groups.ts';
import { groupMsg, put, putWrapped, userMsg, type Msg } from '../encode.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

function actor(req: ApiRequest): Actor {
  return { id: req.session.uid, username: req.session.usn };
}

// Limit and state bounds are checked by the core, for runtime modules too.
export function groupRoutes(core: Core): Route[] {
  const { groups, groupMembers } = core;
  const members = (path: string, run: (a: Actor, groupId: string, ids: string[]) => Promise<void>): Route => ({
    method: 'POST',
    path: `/v2/group/{groupId}/${path}`,
    auth: 'bearer',
    async handler(req) {
      await run(actor(req), req.params.groupId, req.query.list('user_ids'));
      return {};
    },
  });

  return [
    {
      method: 'POST',
      path: '/v2/group',
      auth: 'bearer',
      async handler(req) {
        const b = req.body();
        const g = await groups.create(actor(req), {
          name: b.string('name'),
          description: b.string('description'),
          langTag: b.string('lang_tag'),
          avatarUrl: b.string('avatar_url'),
          open: b.bool('open'),
          maxCount: b.int('max_count'),
        });
        return groupMsg(g);
      },
    },
    {
      method: 'GET',
      path: '/v2/group',
      auth: 'bearer',
      async handler(req) {
        const q = req.query;
        const page = await groups.list({
          name: q.string('name'),
          langTag: q.string('lang_tag'),
          members: q.int('members', 0),
          open: q.bool('open'),
          limit: q.int('limit') ?? 1,
          cursor: q.string('cursor') || undefined,
        });
        const out: Msg = {};
        put(out, 'groups', page.groups.map(groupMsg));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
    {
      method: 'PUT',
      path: '/v2/group/{groupId}',
      auth: 'bearer',
      async handler(req) {
        const b = req.body();
        await groups.update(req.session.uid, req.params.groupId, {
          name: b.string('name'),
          description: b.string('description'),
          langTag: b.string('lang_tag'),
          avatarUrl: b.string('avatar_url'),
          open: b.bool('open'),
        });
        return {};
      },
    },
    {
      method: 'DELETE',
      path: '/v2/group/{groupId}',
      auth: 'bearer',
      async handler(req) {
        await groups.delete(req.session.uid, req.params.groupId);
        return {};
      },
    },
    {
      method: 'POST',
      path: '/v2/group/{groupId}/join',
      auth: 'bearer',
      async handler(req) {
        await groupMembers.join(actor(req), req.params.groupId);
        return {};
      },
    },
    {
      method: 'POST',
      path: '/v2/group/{groupId}/leave',
      auth: 'bearer',
      async handler(req) {
        await groupMembers.leave(actor(req), req.params.groupId);
        return {};
      },
    },
    members('add', (a, g, ids) => groupMembers.add(a, g, ids)),
    members('kick', (a, g, ids) => groupMembers.kick(a, g, ids)),
    members('ban', (a, g, ids) => groupMembers.ban(a, g, ids)),
    members('promote', (a, g, ids) => groupMembers.promote(a, g, ids)),
    members('demote', (a, g, ids) => groupMembers.demote(a, g, ids)),
    {
      method: 'GET',
      path: '/v2/group/{groupId}/user',
      auth: 'bearer',
      async handler(req) {
        const q = req.query;
        const page = await groupMembers.listUsers(req.params.groupId, q.int('limit') ?? 100, q.int('state'), q.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'group_users', page.users.map((u) => {
          const m: Msg = { user: userMsg(u.user, groupMembers.online(u.user.id)) };
          putWrapped(m, 'state', u.state);
          return m;
        }));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
    {
      method: 'GET',
      path: '/v2/user/{userId}/group',
      auth: 'bearer',
      async handler(req) {
        const q = req.query;
        const page = await groupMembers.listUserGroups(req.params.userId, q.int('limit') ?? 100, q.int('state'), q.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'user_groups', page.groups.map((g) => {
          const m: Msg = { group: groupMsg(g.group) };
          putWrapped(m, 'state', g.state);
          return m;
        }));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
  ];
}
