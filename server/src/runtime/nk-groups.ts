// The `nk` facade's groups. Modules act as the system, as upstream's runtime does: with no callerId the
// caller's rights are not checked. The core's membership rules run for a caller, so the system acts as
// one of the group's superadmins (who may do anything to anyone but themselves): system messages and
// notifications of such a change name that superadmin. With a callerId, that user's rights apply.
import type { Core } from '../core/index.ts';
import { GroupState, type Actor, type GroupInput } from '../core/groups.ts';
import { isUuid } from '../tokens.ts';
import { jsonValueHasUnstorable } from '../core/validate.ts';
import type { GroupRow } from '../encode.ts';
import { invalid, notFound } from '../errors.ts';
import { userFromRow, type NkUser } from './nk-users.ts';

export interface NkGroup {
  id: string;
  creatorId: string | null;
  name: string;
  description: string | null;
  avatarUrl: string | null;
  langTag: string;
  metadata: Record<string, unknown>;
  open: boolean;
  edgeCount: number;
  maxCount: number;
  createTime: Date;
  updateTime: Date;
}

/** Settings of a group; open defaults to false and maxCount to 100 at creation. */
export interface NkGroupInput {
  name?: string;
  description?: string;
  langTag?: string;
  avatarUrl?: string;
  open?: boolean;
  metadata?: Record<string, unknown>;
  /** At creation only. */
  maxCount?: number;
}

export interface NkGroupUserList {
  /** state: 0 superadmin, 1 admin, 2 member, 3 join request, 4 banned. */
  groupUsers: Array<{ user: NkUser; state: number }>;
  cursor?: string;
}

export interface NkUserGroupList {
  userGroups: Array<{ group: NkGroup; state: number }>;
  cursor?: string;
}

export interface NkGroups {
  /** Creates a group with userId as its superadmin. A taken name is AlreadyExists. */
  groupCreate(userId: string, input: NkGroupInput): Promise<NkGroup>;
  /** Changes name, description, language, avatar, openness or metadata; with callerId, only as that admin. */
  groupUpdate(groupId: string, input: NkGroupInput, callerId?: string): Promise<void>;
  /** Deletes a group and its channel's messages; with callerId, only as that superadmin. */
  groupDelete(groupId: string, callerId?: string): Promise<void>;
  /** The user's state in the group (0 superadmin, 1 admin, 2 member, 3 join request, 4 banned), or undefined. */
  groupUserState(groupId: string, userId: string): Promise<number | undefined>;
  /** The groups that exist among the ids. */
  groupsGetId(groupIds: string[]): Promise<NkGroup[]>;
  /** Adds users as members, or accepts their join requests (-4 notification and a system message). */
  groupUsersAdd(groupId: string, userIds: string[], callerId?: string): Promise<void>;
  /** Removes members, declines join requests or lifts bans. */
  groupUsersKick(groupId: string, userIds: string[], callerId?: string): Promise<void>;
  groupUsersBan(groupId: string, userIds: string[], callerId?: string): Promise<void>;
  /** Moves members one step up (member to admin, admin to superadmin). */
  groupUsersPromote(groupId: string, userIds: string[], callerId?: string): Promise<void>;
  /** Moves admins one step down; a superadmin only while another remains. */
  groupUsersDemote(groupId: string, userIds: string[], callerId?: string): Promise<void>;
  /** The user joins (open group) or asks to (closed group), as the client's join does. */
  groupUserJoin(groupId: string, userId: string, username?: string): Promise<void>;
  /** The user leaves; the last superadmin only as the last member, which deletes the group. */
  groupUserLeave(groupId: string, userId: string, username?: string): Promise<void>;
  /** Members and join requests (banned users only when asked for by state 4); limit 1-100 (default 100). */
  groupUsersList(groupId: string, limit?: number, state?: number, cursor?: string): Promise<NkGroupUserList>;
  /** A user's groups with their state in each; limit 1-100 (default 100). */
  userGroupsList(userId: string, limit?: number, state?: number, cursor?: string): Promise<NkUserGroupList>;
}

function groupFromRow(g: GroupRow): NkGroup {
  return {
    id: g.id,
    creatorId: g.creator_id,
    name: g.name,
    description: g.description,
    avatarUrl: g.avatar_url,
    langTag: g.lang_tag,
    metadata: (g.metadata ?? {}) as Record<string, unknown>,
    open: g.open,
    edgeCount: g.edge_count,
    maxCount: g.max_count,
    createTime: g.create_time,
    updateTime: g.update_time,
  };
}

function groupInput(input: NkGroupInput): GroupInput {
  if (typeof input !== 'object' || input === null) throw invalid('Group settings must be an object.');
  const m = input.metadata;
  if (m !== undefined && (typeof m !== 'object' || m === null || Array.isArray(m) || jsonValueHasUnstorable(m))) {
    throw invalid('Group metadata must be an object of storable text (no NUL characters or lone surrogates).');
  }
  const { name, description, langTag, avatarUrl, open, metadata, maxCount } = input;
  return { name, description, langTag, avatarUrl, open, metadata, maxCount };
}

export function groupNk(core: Core): NkGroups {
  const { groups, groupMembers: members, users } = core;

  async function actorOf(userId: string, username?: string): Promise<Actor> {
    if (!isUuid(userId)) throw invalid('Invalid user id.');
    if (username) return { id: userId, username };
    const u = await users.getById(userId);
    if (!u) throw notFound('User not found.');
    return { id: u.row.id, username: u.row.username };
  }

  /** The group's superadmins (every group has one), those not among `avoid` first. */
  async function superadmins(groupId: string, avoid: string[] = []): Promise<Actor[]> {
    if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
    const page = await members.listUsers(groupId, 100, GroupState.SuperAdmin, undefined);
    const all = page.users.map((u) => ({ id: u.user.id, username: u.user.username }));
    if (!all.length) throw notFound('Group not found.');
    return [...all.filter((a) => !avoid.includes(a.id)), ...all.filter((a) => avoid.includes(a.id))];
  }

  /** Runs a membership change as the caller, or as the system (a superadmin; see the top of this file). */
  async function change(groupId: string, userIds: string[], callerId: string | undefined, run: (actor: Actor, ids: string[]) => Promise<void>) {
    if (!Array.isArray(userIds)) throw invalid('User ids must be a list.');
    if (callerId) return run(await actorOf(callerId), userIds);
    const ids = userIds.map((id) => (typeof id === 'string' ? id.toLowerCase() : id));
    const [actor] = await superadmins(groupId, ids);
    await run(actor, ids);
    // The acting superadmin is skipped among the targets: another one acts on it, when there is one.
    if (ids.includes(actor.id)) {
      const other = (await superadmins(groupId)).find((a) => a.id !== actor.id);
      if (other) await run(other, [actor.id]);
    }
  }

  return {
    async groupCreate(userId, input) {
      return groupFromRow(await groups.create(await actorOf(userId), groupInput(input)));
    },
    async groupUpdate(groupId, input, callerId) {
      const settings = groupInput(input);
      const actor = callerId ? await actorOf(callerId) : (await superadmins(groupId))[0];
      await groups.update(actor.id, groupId, settings);
    },
    async groupDelete(groupId, callerId) {
      const actor = callerId ? await actorOf(callerId) : (await superadmins(groupId))[0];
      await groups.delete(actor.id, groupId);
    },
    async groupUserState(groupId, userId) {
      if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
      if (!isUuid(userId)) throw invalid('Invalid user id.');
      return groups.state(groupId.toLowerCase(), userId.toLowerCase());
    },
    async groupsGetId(groupIds) {
      if (!Array.isArray(groupIds)) throw invalid('Group ids must be a list.');
      const out: NkGroup[] = [];
      for (const id of new Set(groupIds)) {
        const g = await groups.get(id);
        if (g) out.push(groupFromRow(g));
      }
      return out;
    },
    groupUsersAdd: (groupId, userIds, callerId) => change(groupId, userIds, callerId, (a, ids) => members.add(a, groupId, ids)),
    groupUsersKick: (groupId, userIds, callerId) => change(groupId, userIds, callerId, (a, ids) => members.kick(a, groupId, ids)),
    groupUsersBan: (groupId, userIds, callerId) => change(groupId, userIds, callerId, (a, ids) => members.ban(a, groupId, ids)),
    groupUsersPromote: (groupId, userIds, callerId) => change(groupId, userIds, callerId, (a, ids) => members.promote(a, groupId, ids)),
    groupUsersDemote: (groupId, userIds, callerId) => change(groupId, userIds, callerId, (a, ids) => members.demote(a, groupId, ids)),
    groupUserJoin: async (groupId, userId, username) => members.join(await actorOf(userId, username), groupId),
    groupUserLeave: async (groupId, userId, username) => members.leave(await actorOf(userId, username), groupId),
    async groupUsersList(groupId, limit = 100, state, cursor) {
      const page = await members.listUsers(groupId, limit, state, cursor || undefined);
      const out: NkGroupUserList = {
        groupUsers: page.users.map((u) => ({ user: userFromRow(u.user, members.online(u.user.id)), state: u.state })),
      };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
    async userGroupsList(userId, limit = 100, state, cursor) {
      const page = await members.listUserGroups(userId, limit, state, cursor || undefined);
      const out: NkUserGroupList = { userGroups: page.groups.map((g) => ({ group: groupFromRow(g.group), state: g.state })) };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
  };
}
