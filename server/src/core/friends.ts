// Friends: invites, accepts, blocks and listings over user_edge (one row per direction).
// Every change locks both users' rows in id order first, so two users acting on each other at the
// same moment are serialised, and users.edge_count (edges in states 0-2) changes in the same transaction.
// Notifications are stored in the transaction and pushed only after it commits.
import type { Db, Queryable } from '../db/index.ts';
import type { FriendRecord, UserRow } from '../encode.ts';
import { invalid, notFound } from '../errors.ts';
import type { UserDeleteStep } from './accounts.ts';
import { BAD_CURSOR, decodeCursor, edgeConditions, edgeCursor, encodeCursor, isTuple } from './cursor.ts';
import { NotificationCode, type NotificationInput, type Notifications } from './notifications.ts';
import { isUuid } from '../tokens.ts';
import { userColumns, type Users } from './users.ts';
import { checkLimit, checkState } from './validate.ts';

const FriendState = { Friend: 0, InviteSent: 1, InviteReceived: 2, Blocked: 3 } as const;

export interface FriendPage {
  friends: FriendRecord[];
  cursor?: string;
}

interface FriendOfFriend {
  referrer: string;
  user: UserRow;
  online: boolean;
}

export interface FriendsOfFriendsPage {
  friendsOfFriends: FriendOfFriend[];
  cursor?: string;
}

type Action = 'add' | 'delete' | 'block';

const MAX_TARGETS = 1000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const SELF: Record<Action, string> = {
  add: 'Cannot add self as friend.',
  delete: 'Cannot delete self.',
  block: 'Cannot block self.',
};
// Positions order a user's list by the time of the last change; the destination id breaks ties.
const POSITION = '(extract(epoch from clock_timestamp()) * 1000000)::bigint';

/** Edges in states 0-2 count towards users.edge_count; blocks do not. */
const counted = (state: number | undefined) => state !== undefined && state <= FriendState.InviteReceived;

function friendNotification(to: string, from: string, username: string, accept: boolean): NotificationInput {
  return {
    userId: to,
    subject: accept ? `${username} accepted your friend request` : `${username} wants to add you as a friend`,
    content: { username },
    code: accept ? NotificationCode.FriendAccept : NotificationCode.FriendRequest,
    senderId: from,
    persistent: true,
  };
}

/** Edge writes of one transaction, applied in batches with the edge_count deltas they imply. */
class EdgeWrites {
  private readonly upserts: Array<[string, string, number]> = [];
  private readonly deletes: Array<[string, string]> = [];
  private readonly deltas = new Map<string, number>();

  set(source: string, destination: string, before: number | undefined, after: number | null): void {
    if (after === null) {
      if (before === undefined) return;
      this.deletes.push([source, destination]);
    } else {
      if (before === after) return;
      this.upserts.push([source, destination, after]);
    }
    const delta = Number(counted(after ?? undefined)) - Number(counted(before));
    if (delta) this.deltas.set(source, (this.deltas.get(source) ?? 0) + delta);
  }

  async apply(q: Queryable): Promise<void> {
    if (this.deletes.length) {
      await q.execute(
        `DELETE FROM user_edge e USING unnest($1::uuid[], $2::uuid[]) AS d(s, t)
         WHERE e.source_id = d.s AND e.destination_id = d.t`,
        [this.deletes.map((d) => d[0]), this.deletes.map((d) => d[1])],
      );
    }
    if (this.upserts.length) {
      await q.execute(
        `INSERT INTO user_edge (source_id, destination_id, state, position)
         SELECT s, t, st, ${POSITION} FROM unnest($1::uuid[], $2::uuid[], $3::smallint[]) AS x(s, t, st)
         ON CONFLICT (source_id, destination_id)
         DO UPDATE SET state = EXCLUDED.state, position = EXCLUDED.position, update_time = now()`,
        [this.upserts.map((u) => u[0]), this.upserts.map((u) => u[1]), this.upserts.map((u) => u[2])],
      );
    }
    const changed = [...this.deltas].filter(([, d]) => d !== 0);
    if (changed.length) {
      await q.execute(
        `UPDATE users u SET edge_count = u.edge_count + d.delta
         FROM unnest($1::uuid[], $2::int[]) AS d(id, delta) WHERE u.id = d.id`,
        [changed.map((c) => c[0]), changed.map((c) => c[1])],
      );
    }
  }
}

export class Friends {
  private readonly db: Db;
  private readonly users: Users;
  private readonly notifications: Notifications;

  constructor(db: Db, users: Users, notifications: Notifications) {
    this.db = db;
    this.users = users;
    this.notifications = notifications;
  }

  /** The state of userId's edge towards otherId, or undefined when there is none. */
  async state(userId: string, otherId: string): Promise<number | undefined> {
    if (!isUuid(userId) || !isUuid(otherId)) return undefined;
    const rows = await this.db.query<{ state: number }>(
      'SELECT state FROM user_edge WHERE source_id = $1 AND destination_id = $2',
      [userId, otherId],
    );
    return rows[0]?.state;
  }

  /** True when otherId has blocked userId. */
  async blockedBy(userId: string, otherId: string): Promise<boolean> {
    return (await this.state(otherId, userId)) === FriendState.Blocked;
  }

  /**
   * Of otherIds, those in a block with userId either way (one query over the primary key), each mapped to
   * true when userId made the block, false when only the other did.
   */
  async blocks(userId: string, otherIds: string[], q: Queryable = this.db): Promise<Map<string, boolean>> {
    const ids = otherIds.filter(isUuid).map((id) => id.toLowerCase());
    if (!isUuid(userId) || !ids.length) return new Map();
    const me = userId.toLowerCase();
    const rows = await q.query<{ source_id: string; destination_id: string }>(
      `SELECT source_id, destination_id FROM user_edge
       WHERE state = 3 AND ((source_id = $1 AND destination_id = ANY($2::uuid[])) OR (destination_id = $1 AND source_id = ANY($2::uuid[])))`,
      [me, ids],
    );
    const out = new Map<string, boolean>();
    for (const r of rows) {
      if (r.source_id === me) out.set(r.destination_id, true);
      else if (!out.has(r.source_id)) out.set(r.source_id, false);
    }
    return out;
  }

  async list(userId: string, limit: number, state: number | undefined, cursor: string | undefined): Promise<FriendPage> {
    if (!isUuid(userId)) throw invalid('Invalid user ID.');
    checkLimit(limit, 1, 1000);
    checkState(state, 0, 3);
    // A cursor from a list with another state filter is refused, as upstream does.
    const after = cursor ? edgeCursor(cursor, state === undefined ? [0, 1, 2, 3] : [state]) : undefined;
    const params: unknown[] = [userId, limit + 1];
    const where = edgeConditions(params, state, after, 'destination_id');
    const rows = await this.db.query<UserRow & { state: number; position: string; edge_update_time: Date; edge_metadata: unknown }>(
      `SELECT ${userColumns('u')}, e.state, e.position::text AS position, e.update_time AS edge_update_time,
         e.metadata AS edge_metadata
       FROM user_edge e JOIN users u ON u.id = e.destination_id
       WHERE e.source_id = $1${where}
       ORDER BY e.state, e.position, e.destination_id
       LIMIT $2`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      friends: page.map((r) => ({
        user: r,
        online: this.users.online(r.id),
        state: r.state,
        updateTime: r.edge_update_time,
        metadata: r.edge_metadata,
      })),
      cursor: rows.length > limit ? encodeCursor([last.state, last.position, last.id]) : undefined,
    };
  }

  /**
   * Friends of the user's friends, one entry per user (the referrer is the friend with the lowest id),
   * ordered by user id; the user, their friends and anyone in a block with them are left out.
   */
  async friendsOfFriends(userId: string, limit: number, cursor: string | undefined): Promise<FriendsOfFriendsPage> {
    if (!isUuid(userId)) throw invalid('Invalid user ID.');
    checkLimit(limit, 1, 100);
    let after: string | undefined;
    if (cursor) {
      after = (decodeCursor(cursor, isTuple(['string']), BAD_CURSOR) as [string])[0];
      if (!isUuid(after)) throw invalid(BAD_CURSOR);
    }
    const params: unknown[] = [userId, limit + 1];
    if (after) params.push(after);
    const rows = await this.db.query<UserRow & { referrer: string }>(
      `SELECT x.referrer, ${userColumns('u')}
       FROM (
         SELECT DISTINCT ON (f2.destination_id) f2.destination_id AS id, f2.source_id AS referrer
         FROM user_edge f1 JOIN user_edge f2 ON f2.source_id = f1.destination_id AND f2.state = 0
         WHERE f1.source_id = $1 AND f1.state = 0 AND f2.destination_id <> $1
           AND NOT EXISTS (SELECT 1 FROM user_edge m
                           WHERE m.source_id = $1 AND m.destination_id = f2.destination_id AND m.state IN (0, 3))
           AND NOT EXISTS (SELECT 1 FROM user_edge b
                           WHERE b.source_id = f2.destination_id AND b.destination_id = $1 AND b.state = 3)
           ${after ? 'AND f2.destination_id > $3::uuid' : ''}
         ORDER BY f2.destination_id, f2.source_id
         LIMIT $2
       ) x JOIN users u ON u.id = x.id
       ORDER BY u.id`,
      params,
    );
    const page = rows.slice(0, limit);
    return {
      friendsOfFriends: page.map((r) => ({ referrer: r.referrer, user: r, online: this.users.online(r.id) })),
      cursor: rows.length > limit ? encodeCursor([page[page.length - 1].id]) : undefined,
    };
  }

  /**
   * Invites, or accepts the invites of, the given users. Users who blocked the caller, users the
   * caller blocked, friends and pending invites are left as they are; unknown ids are ignored.
   * username names the caller in notifications; by default their stored username.
   */
  async add(userId: string, username: string | undefined, ids: string[], usernames: string[]): Promise<void> {
    await this.change('add', userId, username, ids, usernames);
  }

  /** Removes the caller's edges and the other users' (unless those are blocks): reject, cancel, unfriend, unblock. */
  async delete(userId: string, ids: string[], usernames: string[]): Promise<void> {
    await this.change('delete', userId, undefined, ids, usernames);
  }

  /** Sets the caller's edges to blocked and removes the other users' edges, unless those are blocks. */
  async block(userId: string, ids: string[], usernames: string[]): Promise<void> {
    await this.change('block', userId, undefined, ids, usernames);
  }

  /**
   * Friend import (Facebook, Steam): the users whose `column` is one of providerIds become the user's friends
   * at once, both ways, unless a block stands between them; each new friend gets a "joined the game"
   * notification. `reset` first removes the user's other friends and invites (never blocks). Returns the new friends.
   */
  async importFriends(userIdIn: string, column: 'facebook_id' | 'steam_id', providerIds: string[], reset: boolean): Promise<string[]> {
    if (!isUuid(userIdIn)) throw invalid('Invalid user ID.');
    const userId = userIdIn.toLowerCase();
    if (!providerIds.length && !reset) return [];
    const { added, deliveries } = await this.db.tx(async (q) => {
      const found = providerIds.length
        ? (await q.query<{ id: string }>(`SELECT id FROM users WHERE ${column} = ANY($1::text[]) AND id <> $2`, [providerIds, userId])).map((r) => r.id)
        : [];
      const edgeQuery = `SELECT source_id, destination_id, state FROM user_edge
         WHERE (source_id = $1 AND (destination_id = ANY($2::uuid[]) OR $3))
            OR (destination_id = $1 AND (source_id = ANY($2::uuid[]) OR $3))`;
      type Edge = { source_id: string; destination_id: string; state: number };
      const partners = (await q.query<Edge>(edgeQuery, [userId, found, reset])).map((e) => (e.source_id === userId ? e.destination_id : e.source_id));
      // Fixed lock order (by id), as every other change of edges; the edges are read again under the locks.
      const locked = await q.query<{ id: string; username: string }>(
        'SELECT id, username FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
        [[userId, ...found, ...partners]],
      );
      const mine = new Map<string, number>();
      const theirs = new Map<string, number>();
      for (const e of await q.query<Edge>(edgeQuery, [userId, found, reset])) {
        if (e.source_id === userId) mine.set(e.destination_id, e.state);
        else theirs.set(e.source_id, e.state);
      }
      const me = locked.find((r) => r.id === userId);
      if (!me) throw notFound('User account not found.');
      const writes = new EdgeWrites();
      if (reset) {
        for (const [other, state] of mine) {
          if (state === FriendState.Blocked) continue;
          writes.set(userId, other, state, null);
          mine.delete(other);
        }
        for (const [other, state] of theirs) {
          if (state === FriendState.Blocked) continue;
          writes.set(other, userId, state, null);
          theirs.delete(other);
        }
      }
      const exists = new Set(locked.map((r) => r.id));
      const added: string[] = [];
      for (const other of found) {
        if (!exists.has(other)) continue;
        const m = mine.get(other);
        const t = theirs.get(other);
        if (m === FriendState.Blocked || t === FriendState.Blocked) continue;
        if (m === FriendState.Friend && t === FriendState.Friend) continue;
        writes.set(userId, other, m, FriendState.Friend);
        writes.set(other, userId, t, FriendState.Friend);
        added.push(other);
      }
      await writes.apply(q);
      const notes: NotificationInput[] = added.map((other) => ({
        userId: other,
        subject: 'Your friend has just joined the game',
        content: { username: me.username },
        code: NotificationCode.FriendJoinGame,
        senderId: userId,
        persistent: true,
      }));
      return { added, deliveries: await this.notifications.store(notes, q) };
    });
    // Sent after commit: the transaction may retry.
    this.notifications.deliver(deliveries);
    return added;
  }

  /** Keeps the other users' edge_count right when a user is deleted; the edge rows cascade. */
  readonly deleteStep: UserDeleteStep = async (q, userId) => {
    await q.query(
      `SELECT id FROM users WHERE id = $1 OR id IN (SELECT source_id FROM user_edge WHERE destination_id = $1)
       ORDER BY id FOR UPDATE`,
      [userId],
    );
    await q.execute(
      `UPDATE users u SET edge_count = u.edge_count - 1
       FROM user_edge e WHERE e.destination_id = $1 AND e.source_id = u.id AND e.state <= 2`,
      [userId],
    );
  };

  private async targets(action: Action, userId: string, ids: string[], usernames: string[]): Promise<string[]> {
    if (!ids.length && !usernames.length) throw invalid('No valid ID or username was provided.');
    if (ids.length + usernames.length > MAX_TARGETS) throw invalid(`At most ${MAX_TARGETS} ids and usernames may be given.`);
    const out = new Set<string>();
    for (const id of ids) {
      if (!isUuid(id) || id === NIL_UUID) throw invalid(`Invalid user ID '${id}'.`);
      out.add(id.toLowerCase());
    }
    for (const u of usernames) if (u === '') throw invalid('Username must not be empty.');
    for (const id of (await this.users.idsByUsernames(usernames)).values()) out.add(id);
    if (out.has(userId.toLowerCase())) throw invalid(SELF[action]);
    // Only unknown usernames: nothing to add or block; deleting nothing is simply done.
    if (!out.size && action !== 'delete') throw invalid('No valid ID or username was provided.');
    return [...out];
  }

  private async change(action: Action, userIdIn: string, username: string | undefined, ids: string[], usernames: string[]): Promise<void> {
    if (!isUuid(userIdIn)) throw invalid('Invalid user ID.');
    const userId = userIdIn.toLowerCase();
    const targets = await this.targets(action, userId, ids, usernames);
    if (!targets.length) return;
    const deliveries = await this.db.tx(async (q) => {
      // Fixed lock order (by id) so concurrent changes on the same pair wait instead of deadlocking.
      const locked = await q.query<{ id: string; username: string }>(
        'SELECT id, username FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
        [[userId, ...targets]],
      );
      const me = locked.find((r) => r.id === userId);
      if (!me) throw notFound('User account not found.');
      const others = locked.filter((r) => r.id !== userId).map((r) => r.id);
      if (!others.length) return [];
      const edges = await q.query<{ source_id: string; destination_id: string; state: number }>(
        `SELECT source_id, destination_id, state FROM user_edge
         WHERE (source_id = $1 AND destination_id = ANY($2::uuid[])) OR (destination_id = $1 AND source_id = ANY($2::uuid[]))`,
        [userId, others],
      );
      const mine = new Map<string, number>();
      const theirs = new Map<string, number>();
      for (const e of edges) {
        if (e.source_id === userId) mine.set(e.destination_id, e.state);
        else theirs.set(e.source_id, e.state);
      }
      const writes = new EdgeWrites();
      const notes: NotificationInput[] = [];
      const name = username ?? me.username;
      for (const other of others) {
        const m = mine.get(other);
        const t = theirs.get(other);
        if (action === 'add') {
          // Upstream ignores adds across a block in either direction; delete (unblock) first.
          if (m === FriendState.Blocked || t === FriendState.Blocked) continue;
          if (m === FriendState.Friend || m === FriendState.InviteSent) continue;
          const accept = m === FriendState.InviteReceived || t === FriendState.InviteSent;
          writes.set(userId, other, m, accept ? FriendState.Friend : FriendState.InviteSent);
          writes.set(other, userId, t, accept ? FriendState.Friend : FriendState.InviteReceived);
          notes.push(friendNotification(other, userId, name, accept));
        } else if (action === 'delete') {
          writes.set(userId, other, m, null);
          if (t !== FriendState.Blocked) writes.set(other, userId, t, null);
        } else {
          writes.set(userId, other, m, FriendState.Blocked);
          if (t !== FriendState.Blocked) writes.set(other, userId, t, null);
        }
      }
      await writes.apply(q);
      return this.notifications.store(notes, q);
    });
    // Sent after commit: the transaction may retry.
    this.notifications.deliver(deliveries);
  }
}
