// Online status: a socket connected with status=true is visible on its user's status stream, and
// followers are hidden presences on the streams of the users they follow.
import { invalid } from '../errors.ts';
import { presenceMsg } from '../encode.ts';
import type { Bus, Presences } from '../realtime/bus.ts';
import { stream, StreamMode, type Stream, type TrackedPresence } from '../realtime/tracker.ts';
import { isUuid } from '../tokens.ts';
import type { Users } from './users.ts';

const MAX_STATUS_LENGTH = 2048;
const MAX_FOLLOWS = 1000;

export interface SessionRef {
  id: string;
  userId: string;
  username: string;
}

export class Status {
  private readonly tracker: Presences;
  private readonly bus: Bus;
  private readonly users: Users;

  constructor(bus: Bus, users: Users) {
    this.tracker = bus.presences;
    this.bus = bus;
    this.users = users;
    bus.onPresence((s, joins, leaves) => {
      if (s.mode !== StreamMode.Status) return;
      const event: Record<string, unknown> = {};
      if (joins.length) event.joins = joins.map(presenceMsg);
      if (leaves.length) event.leaves = leaves.map(presenceMsg);
      this.bus.sendToStream(s, { status_presence_event: event });
    });
  }

  private own(userId: string): Stream {
    return stream(StreamMode.Status, userId);
  }

  /** Makes a session visible with a status ("" when connecting with status=true). */
  appear(session: SessionRef, status: string): void {
    if (status.length > MAX_STATUS_LENGTH) throw invalid(`Status must be at most ${MAX_STATUS_LENGTH} characters.`);
    this.tracker.update(session.id, this.own(session.userId), session.userId, { username: session.username, status });
  }

  /** Appear offline: the session leaves its own status stream. */
  disappear(session: SessionRef): void {
    this.tracker.untrack(session.id, this.own(session.userId));
  }

  /** Follows users by id or username; returns who of them is online now, with their statuses. */
  async follow(session: SessionRef, userIds: string[], usernames: string[]): Promise<TrackedPresence[]> {
    for (const id of userIds) if (!isUuid(id)) throw invalid(`Invalid user identifier: ${id}`);
    if (userIds.length + usernames.length > MAX_FOLLOWS) throw invalid(`At most ${MAX_FOLLOWS} users can be followed at once.`);
    const ids = new Set(await this.users.existing(userIds));
    for (const id of (await this.users.idsByUsernames(usernames)).values()) ids.add(id);
    ids.delete(session.userId);
    const online: TrackedPresence[] = [];
    for (const id of ids) {
      const s = this.own(id);
      this.tracker.track(session.id, s, session.userId, { username: session.username, hidden: true });
      online.push(...this.tracker.list(s));
    }
    return online;
  }

  unfollow(session: SessionRef, userIds: string[]): void {
    for (const id of userIds) {
      if (!isUuid(id)) throw invalid(`Invalid user identifier: ${id}`);
      if (id === session.userId) continue;
      const p = this.tracker.get(session.id, this.own(id));
      if (p?.hidden) this.tracker.untrack(session.id, this.own(id));
    }
  }
}
