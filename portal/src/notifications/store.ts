// The read marker of a user's notifications (table notification_read). The game server lists notifications
// with times in whole seconds, so a time alone cannot tell apart two of the same second: the marker is a
// second before which everything is read, and the ids read one by one at or after it.
import type { Queryable } from '@tribuna/server';

/**
 * Ids read one by one that are kept: the newest marked.
 * @internal
 */
export const READ_IDS_KEPT = 200;

export interface NotificationState {
  /** Every notification created before this (whole seconds) is read. */
  read_before?: string;
  /** Notifications read one by one, the latest marked last. */
  read_ids: string[];
}

interface Row {
  read_before: Date | null;
  read_ids: string[];
}

const toState = (r: Row | undefined): NotificationState => {
  const out: NotificationState = { read_ids: r?.read_ids ?? [] };
  if (r?.read_before) out.read_before = r.read_before.toISOString();
  return out;
};

export async function readState(q: Queryable, userId: string): Promise<NotificationState> {
  const rows = await q.query<Row>('SELECT read_before, read_ids FROM notification_read WHERE user_id = $1', [userId]);
  return toState(rows[0]);
}

/**
 * Marks read: everything before `before` (moved forward only, never past the current second, whose later
 * notifications are still to come) and the given ids (added, the newest READ_IDS_KEPT kept).
 */
export async function markRead(q: Queryable, userId: string, before: Date | undefined, ids: string[]): Promise<NotificationState> {
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  const readBefore = before ? new Date(Math.min(second(before.getTime()), second(Date.now()))) : null;
  const fresh = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await q.query<Row>(
    `INSERT INTO notification_read AS r (user_id, read_before, read_ids) VALUES ($1, $2, $3::uuid[])
     ON CONFLICT (user_id) DO UPDATE SET
       read_before = GREATEST(r.read_before, EXCLUDED.read_before),
       read_ids = (
         SELECT coalesce(array_agg(k.id ORDER BY k.pos), '{}') FROM (
           SELECT u.id, max(u.pos) AS pos FROM unnest(r.read_ids || EXCLUDED.read_ids) WITH ORDINALITY AS u(id, pos)
           GROUP BY u.id ORDER BY pos DESC LIMIT ${READ_IDS_KEPT}
         ) k
       ),
       update_time = now()
     RETURNING read_before, read_ids`,
    [userId, readBefore, fresh],
  );
  return toState(rows[0]);
}
