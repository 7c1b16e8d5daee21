// Group membership: join, leave, add, kick, ban, promote and demote with their state rules, member
// listings and a user's groups. Every membership change locks the group row, so counts and capacity
// checks cannot race; notifications and system messages go out after the transaction commits.
import type { Db, Queryable } from '../db/index.ts';
import type { GroupRow, UserRow } from '../encode.ts';
import { invalid, notFound } from '../errors.ts';
import { MessageCode, type Channels } from './channels.ts';
import { edgeConditions, edgeCursor, encodeCursor } from './cursor.ts';
import { deleteGroup, DENIED, findGroup, GROUP_COLUMNS, GroupState, lockGroup, memberState, POSITION, type Actor } from './groups.ts';
import { NotificationCode, type NotificationInput, type Notifications } from './notifications.ts';
import { isUuid } from '../tokens.ts';
import { userColumns } from './users.ts';
import { checkLimit, checkState } from './validate.ts';

export interface GroupUser {
  user: UserRow;
  state: number;
}

type Effect = () => void;

export class GroupMembers {
  private readonly db: Db;
  private readonly channels: Channels;
  private readonly notifications: Notifications;
  private readonly isOnline: (userId: string) => boolean;

  constructor(db: Db, channels: Channels, notifications: Notifications, isOnline: (userId: string) => boolean) {
    this.db = db;
    this.channels = channels;
    this.notifications = notifications;
    this.isOnline = isOnline;
  }

  online(userId: string): boolean {
    return this.isOnline(userId);
  }

  /** Runs fn in a transaction and the side effects it collected after the commit. */
  private async withEffects<T>(fn: (q: Queryable, effects: Effect[]) => Promise<T>): Promise<T> {
    let effects: Effect[] = [];
    const result = await this.db.tx(async (q) => {
      effects = [];
      return fn(q, effects);
    });
    for (const e of effects) e();
    return result;
  }

  async join(actor: Actor, groupId: string): Promise<void> {
    await this.withEffects(async (q, effects) => {
      if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
      const [g] = await q.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM groups g WHERE id = $1 FOR UPDATE`, [groupId]);
      if (!g) throw notFound('Group not found.');
      // Any existing relation, a ban included, makes a join a no-op.
      if ((await memberState(q, groupId, actor.id)) !== undefined) return;
      if (g.edge_count >= g.max_count) throw invalid('Group is full.');
      if (g.open) {
        await insertEdge(q, groupId, actor.id, GroupState.Member);
        await changeEdgeCount(q, groupId, 1);
        effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupJoin, actor, who(actor)));
        return;
      }
      await insertEdge(q, groupId, actor.id, GroupState.JoinRequest);
      const admins = await q.query<{ user_id: string }>('SELECT user_id FROM group_edge WHERE group_id = $1 AND state <= 1', [groupId]);
      const inputs: NotificationInput[] = admins.map((a) => ({
        userId: a.user_id,
        subject: `${actor.username} wants to join your group "${g.name}"`,
        content: { group_id: groupId, group_name: g.name, user_id: actor.id, username: actor.username },
        code: NotificationCode.GroupJoinRequest,
        senderId: actor.id,
        persistent: true,
      }));
      const stored = await this.notifications.store(inputs, q);
      effects.push(() => this.notifications.deliver(stored));
    });
  }

  /** The last superadmin may leave only as the last member, which deletes the group. */
  async leave(actor: Actor, groupId: string): Promise<void> {
    let deleted = false;
    await this.withEffects(async (q, effects) => {
      deleted = false;
      const state = await lockGroup(q, groupId, actor.id);
      if (state === undefined || state === GroupState.Banned) return;
      if (state === GroupState.SuperAdmin) {
        const [c] = await q.query<{ supers: number; members: number }>(
          `SELECT count(*) FILTER (WHERE state = 0)::int AS supers, count(*) FILTER (WHERE state <= 2)::int AS members
           FROM group_edge WHERE group_id = $1`,
          [groupId],
        );
        if (c.supers === 1) {
          if (c.members > 1) throw invalid('The last superadmin cannot leave the group; promote another member first.');
          await deleteGroup(q, groupId);
          deleted = true;
          return;
        }
      }
      await q.execute('DELETE FROM group_edge WHERE group_id = $1 AND user_id = $2', [groupId, actor.id]);
      if (state <= GroupState.Member) {
        await changeEdgeCount(q, groupId, -1);
        effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupLeave, actor, who(actor)));
      }
    });
    if (deleted) this.channels.closeGroupChannel(groupId);
    else this.channels.removeFromGroupChannel(groupId, actor.id);
  }

  /** Admins add users or accept their join requests. */
  async add(actor: Actor, groupId: string, userIds: string[]): Promise<void> {
    await this.membershipChange(actor, groupId, userIds, async (q, g, target, effects) => {
      if (target.state !== undefined && target.state !== GroupState.JoinRequest) return;
      if (g.edge_count >= g.max_count) throw invalid('Group is full.');
      if (target.state === undefined) await insertEdge(q, groupId, target.id, GroupState.Member);
      else await setState(q, groupId, target.id, GroupState.Member);
      g.edge_count++;
      await changeEdgeCount(q, groupId, 1);
      effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupAdd, actor, who(target)));
      const stored = await this.notifications.store([{
        userId: target.id,
        subject: `You've been added to group "${g.name}"`,
        content: { group_id: groupId, group_name: g.name },
        code: NotificationCode.GroupAdd,
        senderId: actor.id,
        persistent: true,
      }], q);
      effects.push(() => this.notifications.deliver(stored));
    });
  }

  /** Removes members, declines join requests, lifts bans. Admins act on members; superadmins on anyone. */
  async kick(actor: Actor, groupId: string, userIds: string[]): Promise<void> {
    await this.membershipChange(actor, groupId, userIds, async (q, _g, target, effects, callerState) => {
      if (target.state === undefined || !outranks(callerState, target.state)) return;
      await q.execute('DELETE FROM group_edge WHERE group_id = $1 AND user_id = $2', [groupId, target.id]);
      const member = target.state <= GroupState.Member;
      if (member) await changeEdgeCount(q, groupId, -1);
      effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupKick, actor, who(target)));
      // After the broadcast: the kicked member still sees why they were dropped from the channel.
      if (member) effects.push(() => this.channels.removeFromGroupChannel(groupId, target.id));
    });
  }

  /** Bans members or non-members; a banned user cannot join until kicked (unbanned). */
  async ban(actor: Actor, groupId: string, userIds: string[]): Promise<void> {
    await this.membershipChange(actor, groupId, userIds, async (q, _g, target, effects, callerState) => {
      if (target.state === GroupState.Banned) return;
      if (target.state !== undefined && !outranks(callerState, target.state)) return;
      if (target.state === undefined) await insertEdge(q, groupId, target.id, GroupState.Banned);
      else await setState(q, groupId, target.id, GroupState.Banned);
      const member = target.state !== undefined && target.state <= GroupState.Member;
      if (member) await changeEdgeCount(q, groupId, -1);
      effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupBan, actor, who(target)));
      if (member) effects.push(() => this.channels.removeFromGroupChannel(groupId, target.id));
    });
  }

  /** Moves members one step up (member to admin, admin to superadmin), never above the caller. */
  async promote(actor: Actor, groupId: string, userIds: string[]): Promise<void> {
    await this.membershipChange(actor, groupId, userIds, async (q, _g, target, effects, callerState) => {
      if (target.state === undefined || target.state > GroupState.Member || target.state <= callerState) return;
      await setState(q, groupId, target.id, target.state - 1);
      effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupPromote, actor, who(target)));
    });
  }

  /** Moves admins one step down, to member at most; a superadmin only while another remains. */
  async demote(actor: Actor, groupId: string, userIds: string[]): Promise<void> {
    await this.membershipChange(actor, groupId, userIds, async (q, _g, target, effects, callerState) => {
      if (target.state === undefined || target.state >= GroupState.Member) return;
      if (!outranks(callerState, target.state)) return;
      if (target.state === GroupState.SuperAdmin) {
        const [c] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM group_edge WHERE group_id = $1 AND state = 0', [groupId]);
        if (c.n <= 1) return;
      }
      await setState(q, groupId, target.id, target.state + 1);
      effects.push(await this.channels.groupSystemMessage(q, groupId, MessageCode.GroupDemote, actor, who(target)));
    });
  }

  /**
   * The shared frame of add, kick, ban, promote and demote: the caller must be an admin or superadmin;
   * the caller is skipped among the targets; unknown users are ignored.
   */
  private async membershipChange(
    actor: Actor,
    groupId: string,
    userIds: string[],
    apply: (q: Queryable, g: GroupRow, target: Actor & { state: number | undefined }, effects: Effect[], callerState: number) => Promise<void>,
  ): Promise<void> {
    if (!userIds.length) throw invalid('No user IDs were given.');
    for (const id of userIds) if (!isUuid(id)) throw invalid(`Invalid user ID '${id}'.`);
    await this.withEffects(async (q, effects) => {
      if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
      const [g] = await q.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM groups g WHERE id = $1 FOR UPDATE`, [groupId]);
      if (!g) throw notFound(DENIED);
      const callerState = await memberState(q, groupId, actor.id);
      if (callerState === undefined || callerState > GroupState.Admin) throw notFound(DENIED);
      const targets = await q.query<{ id: string; username: string; state: number | null }>(
        `SELECT u.id, u.username, e.state FROM users u
         LEFT JOIN group_edge e ON e.group_id = $1 AND e.user_id = u.id
         WHERE u.id = ANY($2::uuid[]) AND u.id <> $3 ORDER BY u.id`,
        [groupId, [...new Set(userIds)], actor.id],
      );
      for (const t of targets) await apply(q, g, { id: t.id, username: t.username, state: t.state ?? undefined }, effects, callerState);
    });
  }

  /** Members and join requests of a group (banned users only when asked for by state 4). */
  async listUsers(groupId: string, limit: number, state: number | undefined, cursor: string | undefined): Promise<{ users: GroupUser[]; cursor?: string }> {
    checkLimit(limit, 1, 100);
    checkState(state, 0, 4);
    if (!isUuid(groupId)) throw invalid('Invalid group identifier.');
    // Without a state filter banned users are left out, so no cursor of that listing is in state 4.
    const after = cursor ? edgeCursor(cursor, state === undefined ? [0, 1, 2, 3] : [state]) : undefined;
    if (!(await findGroup(this.db, groupId))) throw notFound('Group not found.');
    const params: unknown[] = [groupId, limit + 1];
    const where = (state === undefined ? ' AND e.state <= 3' : '') + edgeConditions(params, state, after, 'user_id');
    const rows = await this.db.query<UserRow & { state: number; position: string }>(
      `SELECT ${userColumns('u')}, e.state, e.position::text AS position
       FROM group_edge e JOIN users u ON u.id = e.user_id
       WHERE e.group_id = $1${where} ORDER BY e.state, e.position, e.user_id LIMIT $2`,
      params,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    return {
      users: page.map((r) => ({ user: r, state: r.state })),
      cursor: more ? encodeCursor([last.state, last.position, last.id]) : undefined,
    };
  }

  async listUserGroups(userId: string, limit: number, state: number | undefined, cursor: string | undefined): Promise<{ groups: Array<{ group: GroupRow; state: number }>; cursor?: string }> {
    checkLimit(limit, 1, 100);
    checkState(state, 0, 4);
    if (!isUuid(userId)) throw invalid('Invalid user identifier.');
    const after = cursor ? edgeCursor(cursor, state === undefined ? [0, 1, 2, 3, 4] : [state]) : undefined;
    const params: unknown[] = [userId, limit + 1];
    const where = edgeConditions(params, state, after, 'group_id');
    const rows = await this.db.query<GroupRow & { state: number; position: string }>(
      `SELECT ${GROUP_COLUMNS}, e.state, e.position::text AS position FROM group_edge e JOIN groups g ON g.id = e.group_id
       WHERE e.user_id = $1${where} ORDER BY e.state, e.position, e.group_id LIMIT $2`,
      params,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    return {
      groups: page.map((r) => ({ group: r, state: r.state })),
      cursor: more ? encodeCursor([last.state, last.position, last.id]) : undefined,
    };
  }

  /**
   * Account deletion: leave every group. A group left without a superadmin gets its longest-standing
   * remaining member as one; a group left empty is deleted.
   */
  readonly deleteStep = async (q: Queryable, userId: string): Promise<void> => {
    const edges = await q.query<{ group_id: string; state: number }>(
      'SELECT group_id, state FROM group_edge WHERE user_id = $1 ORDER BY group_id',
      [userId],
    );
    for (const e of edges) {
      await q.execute('SELECT id FROM groups WHERE id = $1 FOR UPDATE', [e.group_id]);
      await q.execute('DELETE FROM group_edge WHERE group_id = $1 AND user_id = $2', [e.group_id, userId]);
      if (e.state > GroupState.Member) continue;
      await q.execute('UPDATE groups SET edge_count = edge_count - 1 WHERE id = $1', [e.group_id]);
      const [c] = await q.query<{ supers: number; members: number }>(
        `SELECT count(*) FILTER (WHERE state = 0)::int AS supers, count(*) FILTER (WHERE state <= 2)::int AS members
         FROM group_edge WHERE group_id = $1`,
        [e.group_id],
      );
      if (c.members === 0) {
        await deleteGroup(q, e.group_id);
      } else if (c.supers === 0) {
        await q.execute(
          `UPDATE group_edge SET state = 0 WHERE (group_id, user_id) = (
             SELECT group_id, user_id FROM group_edge WHERE group_id = $1 AND state <= 2 ORDER BY state, position LIMIT 1)`,
          [e.group_id],
        );
      }
    }
  };
}

/** Counts members in or out of a group (join requests and bans are not members). */
async function changeEdgeCount(q: Queryable, groupId: string, delta: 1 | -1): Promise<void> {
  await q.execute('UPDATE groups SET edge_count = edge_count + $2, update_time = now() WHERE id = $1', [groupId, delta]);
}

function who(a: Actor): Record<string, unknown> {
  return { user_id: a.id, username: a.username };
}

/** Whether a caller in state `caller` may act on a target in state `target`. */
function outranks(caller: number, target: number): boolean {
  return caller === GroupState.SuperAdmin || target > caller;
}

async function insertEdge(q: Queryable, groupId: string, userId: string, state: number): Promise<void> {
  await q.execute(`INSERT INTO group_edge (group_id, user_id, state, position) VALUES ($1, $2, $3, ${POSITION})`, [groupId, userId, state]);
}

async function setState(q: Queryable, groupId: string, userId: string, state: number): Promise<void> {
  await q.execute(
    `UPDATE group_edge SET state = $3, position = ${POSITION}, update_time = now() WHERE group_id = $1 AND user_id = $2`,
    [groupId, userId, state],
  );
}
