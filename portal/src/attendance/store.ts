// Attendance SQL (migrations/0040_attendance.sql): members' answers, per target and team, and the teams'
// answer deadlines. A team's members are its owner and the users with a confirmed player in it.
import type { Queryable } from '@tribuna/server';
import type { TargetKind } from './targets.ts';

export const STATUSES = ['yes', 'no', 'maybe'] as const;
export type Status = (typeof STATUSES)[number];

/** The target's column: fixed names, never from input. */
export const targetColumn = (kind: TargetKind) => (kind === 'event' ? 'event_id' : 'match_id');

/** The user ids of team `team` (SQL of its id), each once: the owner and the users with a confirmed player. */
export const teamMembers = (team: string) =>
  `(SELECT creator_id AS user_id FROM team WHERE id = ${team} UNION SELECT user_id FROM team_player WHERE team_id = ${team} AND is_confirmed)`;

export interface Answer {
  user_id: string;
  status: Status;
  comment: string;
  update_time: string;
}

/** A member and their answer, if any. */
export interface MemberAnswer {
  user_id: string;
  answer?: Answer;
}

export async function saveAnswer(
  q: Queryable,
  kind: TargetKind,
  targetId: string,
  teamId: string,
  userId: string,
  status: Status,
  comment: string,
): Promise<Answer> {
  const col = targetColumn(kind);
  const rows = await q.query<{ user_id: string; status: Status; comment: string; update_time: Date }>(
    `INSERT INTO attendance (${col}, team_id, user_id, status, comment) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (${col}, team_id, user_id) WHERE ${col} IS NOT NULL
     DO UPDATE SET status = EXCLUDED.status, comment = EXCLUDED.comment, update_time = now()
     RETURNING user_id, status, comment, update_time`,
    [targetId, teamId, userId, status, comment],
  );
  const r = rows[0];
  return { user_id: r.user_id, status: r.status, comment: r.comment, update_time: r.update_time.toISOString() };
}

/**
 * The statement of a team's members with their answers to a target; exported so tests can EXPLAIN it.
 * @internal
 */
export function membersAnswersQuery(kind: TargetKind, targetId: string, teamId: string): { sql: string; params: unknown[] } {
  const col = targetColumn(kind);
  return {
    sql: `SELECT m.user_id, a.status, a.comment, a.update_time
     FROM ${teamMembers('$2::uuid')} m
     LEFT JOIN attendance a ON a.${col} = $1 AND a.team_id = $2 AND a.user_id = m.user_id
     ORDER BY m.user_id`,
    params: [targetId, teamId],
  };
}

/** Every member of the team, with their answer to the target when they gave one (answers of former members are left out). */
export async function membersAnswers(q: Queryable, kind: TargetKind, targetId: string, teamId: string): Promise<MemberAnswer[]> {
  const { sql, params } = membersAnswersQuery(kind, targetId, teamId);
  const rows = await q.query<{ user_id: string; status: Status | null; comment: string | null; update_time: Date | null }>(sql, params);
  return rows.map((r) => (r.status
    ? { user_id: r.user_id, answer: { user_id: r.user_id, status: r.status, comment: r.comment ?? '', update_time: r.update_time!.toISOString() } }
    : { user_id: r.user_id }));
}

/** The team's answer deadline for the target, if its managers set one. */
export async function deadlineOf(q: Queryable, kind: TargetKind, targetId: string, teamId: string): Promise<Date | undefined> {
  const rows = await q.query<{ deadline: Date }>(
    `SELECT deadline FROM attendance_deadline WHERE ${targetColumn(kind)} = $1 AND team_id = $2`,
    [targetId, teamId],
  );
  return rows[0]?.deadline;
}

/** Sets the team's deadline for the target, or removes it (null). */
export async function setDeadline(q: Queryable, kind: TargetKind, targetId: string, teamId: string, deadline: Date | null): Promise<void> {
  const col = targetColumn(kind);
  if (deadline === null) {
    await q.execute(`DELETE FROM attendance_deadline WHERE ${col} = $1 AND team_id = $2`, [targetId, teamId]);
    return;
  }
  await q.execute(
    `INSERT INTO attendance_deadline (${col}, team_id, deadline) VALUES ($1, $2, $3)
     ON CONFLICT (${col}, team_id) WHERE ${col} IS NOT NULL DO UPDATE SET deadline = EXCLUDED.deadline`,
    [targetId, teamId, deadline],
  );
}

/** When answers close: at the deadline, or at the start when there is none or the start comes first. */
export const closeTime = (start: Date, deadline: Date | undefined): Date => (deadline && deadline < start ? deadline : start);
