// Which reminders are due: targets (team events, and each team of a match) whose answers close within
// REMINDER_BEFORE_DEADLINE_HOURS (the question to those who have not answered), or that start within
// REMINDER_BEFORE_START_HOURS (the reminder to those who come), and that no node has claimed yet. Every
// branch reads a time index over the window only; a claim is looked up by its primary key.
import type { Queryable } from '@tribuna/server';
import type { TargetKind } from '../attendance/index.ts';

export type ReminderKind = 'unanswered' | 'coming';

export interface DueReminder {
  kind: ReminderKind;
  targetKind: TargetKind;
  targetId: string;
  teamId: string;
}

export interface Windows {
  now: Date;
  /** now + REMINDER_BEFORE_DEADLINE_HOURS: answers closing by then are asked for. */
  deadlineHorizon: Date;
  /** now + REMINDER_BEFORE_START_HOURS: what starts by then is reminded of. */
  startHorizon: Date;
}

// Both conditions are scalar subqueries on a unique key, looked up for each target of the window: an anti
// join would let the planner read every claim or deadline there is instead, a cost that grows forever.
const unclaimed = (kind: ReminderKind, id: string, team: string) =>
  `(SELECT true FROM reminder_run r WHERE r.kind = '${kind}' AND r.target_id = ${id} AND r.team_id = ${team}) IS NULL`;
/** No deadline of the team before the start: its answers close at the start. */
const noEarlierDeadline = (col: string, id: string, team: string, start: string) =>
  `COALESCE((SELECT d.deadline FROM attendance_deadline d WHERE d.${col} = ${id} AND d.team_id = ${team}), 'infinity') >= ${start}`;
/** A match's two sides, each answering for itself. */
const SIDES = 'CROSS JOIN LATERAL (VALUES (m.owner_team_id), (m.guest_team_id)) s (team_id)';

/**
 * The statement of due reminders, at most `limit`; exported so tests can EXPLAIN it. $1 now, $2 and $3 the horizons.
 * @internal
 */
export function dueRemindersQuery(w: Windows, limit: number): { sql: string; params: unknown[] } {
  const branches = [
    // The question, closing at the start: events, then each side of a match.
    `SELECT 'unanswered' AS kind, 'event' AS target_kind, e.id AS target_id, e.team_id FROM team_event e
     WHERE e.event_time > $1 AND e.event_time <= $2
       AND ${noEarlierDeadline('event_id', 'e.id', 'e.team_id', 'e.event_time')} AND ${unclaimed('unanswered', 'e.id', 'e.team_id')}`,
    `SELECT 'unanswered', 'match', m.id, s.team_id FROM match m ${SIDES}
     WHERE m.match_time > $1 AND m.match_time <= $2
       AND ${noEarlierDeadline('match_id', 'm.id', 's.team_id', 'm.match_time')} AND ${unclaimed('unanswered', 'm.id', 's.team_id')}`,
    // The question, closing at a team's deadline before the start.
    `SELECT 'unanswered', CASE WHEN d.event_id IS NULL THEN 'match' ELSE 'event' END, COALESCE(d.event_id, d.match_id), d.team_id
     FROM attendance_deadline d
     LEFT JOIN team_event e ON e.id = d.event_id
     LEFT JOIN match m ON m.id = d.match_id
     WHERE d.deadline > $1 AND d.deadline <= $2 AND d.deadline < COALESCE(e.event_time, m.match_time)
       AND ${unclaimed('unanswered', 'COALESCE(d.event_id, d.match_id)', 'd.team_id')}`,
    // The reminder before the start.
    `SELECT 'coming', 'event', e.id, e.team_id FROM team_event e
     WHERE e.event_time > $1 AND e.event_time <= $3 AND ${unclaimed('coming', 'e.id', 'e.team_id')}`,
    `SELECT 'coming', 'match', m.id, s.team_id FROM match m ${SIDES}
     WHERE m.match_time > $1 AND m.match_time <= $3 AND ${unclaimed('coming', 'm.id', 's.team_id')}`,
  ];
  return {
    sql: `${branches.map((b) => `(${b})`).join(' UNION ALL ')} LIMIT ${Number(limit)}`,
    params: [w.now, w.deadlineHorizon, w.startHorizon],
  };
}

export async function dueReminders(q: Queryable, w: Windows, limit: number): Promise<DueReminder[]> {
  const { sql, params } = dueRemindersQuery(w, limit);
  const rows = await q.query<{ kind: ReminderKind; target_kind: TargetKind; target_id: string; team_id: string }>(sql, params);
  return rows.map((r) => ({ kind: r.kind, targetKind: r.target_kind, targetId: r.target_id, teamId: r.team_id }));
}
