// Groups: /v2/group and its members, and /v2/user/{userId}/group.
import type { Core } from '../core/index.ts';
import type { Actor } from '../core/groups.ts';
import { groupMsg, put, putWrapped, userMsg, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { Query } from '../http/input.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

function actor(req: ApiRequest): Actor {
  return { id: req.session.uid, username: req.session.usn };
}

function limitOf(q: Query, fallback: number, max: number): number {
  const limit = q.int('limit') ?? fallback;
  if (limit < 1 || limit > max) throw invalid(`Invalid limit - limit must be between 1 and ${max}.`);
  return limit;
}

function stateOf(q: Query): number | undefined {
  const state = q.int('state');
  if (state !== undefined && (state < 0 || state > 4)) throw invalid('Invalid state - state must be between 0 and 4.');
  return state;
}

export function groupRoutes(core: Core): Route[] {
  const { groups } = core;
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
          limit: limitOf(q, 1, 100),
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
        await groups.join(actor(req), req.params.groupId);
        return {};
      },
    },
    {
      method: 'POST',
      path: '/v2/group/{groupId}/leave',
      auth: 'bearer',
      async handler(req) {
        await groups.leave(actor(req), req.params.groupId);
        return {};
      },
    },
    members('add', (a, g, ids) => groups.add(a, g, ids)),
    members('kick', (a, g, ids) => groups.kick(a, g, ids)),
    members('ban', (a, g, ids) => groups.ban(a, g, ids)),
    members('promote', (a, g, ids) => groups.promote(a, g, ids)),
    members('demote', (a, g, ids) => groups.demote(a, g, ids)),
    {
      method: 'GET',
      path: '/v2/group/{groupId}/user',
      auth: 'bearer',
      async handler(req) {
        const page = await groups.listUsers(req.params.groupId, limitOf(req.query, 100, 100), stateOf(req.query), req.query.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'group_users', page.users.map((u) => {
          const m: Msg = { user: userMsg(u.user, groups.online(u.user.id)) };
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
        const page = await groups.listUserGroups(req.params.userId, limitOf(req.query, 100, 100), stateOf(req.query), req.query.string('cursor') || undefined);
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
