// Groups: /v2/group and its members, and /v2/user/{userId}/group.
import type { Core } from '../core/index.ts';
import type { Actor } from '../core/groups.ts';
import { groupMsg, put, putWrapped, userMsg, type Msg } from '../encode.ts';
import type { ApiRequest, Route } from '../http/routes.ts';
import { apiRoute } from './hooks.ts';

type MembersCall = 'AddGroupUsers' | 'KickGroupUsers' | 'BanGroupUsers' | 'PromoteGroupUsers' | 'DemoteGroupUsers';

function actor(req: ApiRequest): Actor {
  return { id: req.session.uid, username: req.session.usn };
}

// Limit and state bounds are checked by the core, for runtime modules too. The changes are upstream's API
// calls (CreateGroup, ...): a module's before-hook of that name sees and may change their request.
export function groupRoutes(core: Core): Route[] {
  const { groups, groupMembers } = core;
  const group = (req: ApiRequest) => ({ groupId: req.params.groupId });
  const members = (path: string, name: MembersCall, run: (a: Actor, groupId: string, ids: string[]) => Promise<void>): Route =>
    apiRoute(name, 'POST', `/v2/group/{groupId}/${path}`, (req) => ({ groupId: req.params.groupId, userIds: req.query.list('user_ids') }), async (req, r) => {
      await run(actor(req), r.groupId, r.userIds);
      return {};
    });

  return [
    apiRoute('CreateGroup', 'POST', '/v2/group', (req) => {
      const b = req.body();
      return {
        name: b.string('name'),
        description: b.string('description'),
        langTag: b.string('lang_tag'),
        avatarUrl: b.string('avatar_url'),
        open: b.bool('open'),
        maxCount: b.int('max_count'),
      };
    }, async (req, r) => groupMsg(await groups.create(actor(req), r))),
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
    apiRoute('UpdateGroup', 'PUT', '/v2/group/{groupId}', (req) => {
      const b = req.body();
      return {
        groupId: req.params.groupId,
        name: b.string('name'),
        description: b.string('description'),
        langTag: b.string('lang_tag'),
        avatarUrl: b.string('avatar_url'),
        open: b.bool('open'),
      };
    }, async (req, { groupId, ...settings }) => {
      await groups.update(req.session.uid, groupId, settings);
      return {};
    }),
    apiRoute('DeleteGroup', 'DELETE', '/v2/group/{groupId}', group, async (req, r) => {
      await groups.delete(req.session.uid, r.groupId);
      return {};
    }),
    apiRoute('JoinGroup', 'POST', '/v2/group/{groupId}/join', group, async (req, r) => {
      await groupMembers.join(actor(req), r.groupId);
      return {};
    }),
    apiRoute('LeaveGroup', 'POST', '/v2/group/{groupId}/leave', group, async (req, r) => {
      await groupMembers.leave(actor(req), r.groupId);
      return {};
    }),
    members('add', 'AddGroupUsers', (a, g, ids) => groupMembers.add(a, g, ids)),
    members('kick', 'KickGroupUsers', (a, g, ids) => groupMembers.kick(a, g, ids)),
    members('ban', 'BanGroupUsers', (a, g, ids) => groupMembers.ban(a, g, ids)),
    members('promote', 'PromoteGroupUsers', (a, g, ids) => groupMembers.promote(a, g, ids)),
    members('demote', 'DemoteGroupUsers', (a, g, ids) => groupMembers.demote(a, g, ids)),
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
