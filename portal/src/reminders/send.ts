// Sending one due reminder: in one transaction the target is claimed (reminder_run), each recipient is
// recorded (reminder_sent, one per kind, target and member ever) and notified; the mails go after the
// commit. A mail that fails is logged and not tried again: the notification in the app is the reminder's
// record, and a retry after a crash could not tell whether the mail server had taken the first one.
import type { Logger, Nk, Queryable } from '@tribuna/server';
import { closeTime, deadlineOf, loadTarget, signLink, targetColumn, teamMembers, type Target } from '../attendance/index.ts';
import { clock } from '../lib/clock.ts';
import { notifications, notify } from '../notifications/index.ts';
import type { DueReminder, ReminderKind } from './due.ts';
import { reminderMail, reminderTarget } from './mail.ts';

/** The members a reminder goes to: those who have not answered, or those who answered «Приду»; never one who switched it off. */
async function recipients(q: Queryable, kind: ReminderKind, t: Target, teamId: string): Promise<string[]> {
  const col = targetColumn(t.kind);
  const answered = `SELECT 1 FROM attendance a WHERE a.${col} = $1 AND a.team_id = $2 AND a.user_id = m.user_id`;
  const rows = await q.query<{ user_id: string }>(
    `SELECT m.user_id FROM ${teamMembers('$2::uuid')} m
     WHERE ${kind === 'unanswered' ? `NOT EXISTS (${answered})` : `EXISTS (${answered} AND a.status = 'yes')`}
       AND NOT EXISTS (SELECT 1 FROM reminder_settings s WHERE s.user_id = m.user_id AND NOT s.${kind})`,
    [t.id, teamId],
  );
  return rows.map((r) => r.user_id);
}

export interface Settings {
  beforeDeadlineMs: number;
  beforeStartMs: number;
}

interface Sent {
  target: Target;
  teamId: string;
  /** The team's deadline when answers close at it, before the start. */
  deadline?: Date;
  closes: Date;
  users: string[];
}

/**
 * Sends a due reminder unless another node already did, or the target moved out of its window since it was
 * found; answers how many members it went to.
 */
export async function sendReminder(nk: Nk, logger: Logger, due: DueReminder, s: Settings): Promise<number> {
  const sent = await nk.tx(async (tnk): Promise<Sent | undefined> => {
    const q = tnk.db;
    const target = await loadTarget(q, due.targetKind, due.targetId).catch(() => undefined);
    if (!target || !target.teamIds.includes(due.teamId)) return undefined;
    const deadline = await deadlineOf(q, target.kind, target.id, due.teamId);
    const closes = closeTime(target.start, deadline);
    const at = due.kind === 'unanswered' ? closes : target.start;
    const now = clock.now();
    const ahead = due.kind === 'unanswered' ? s.beforeDeadlineMs : s.beforeStartMs;
    if (at.getTime() <= now || at.getTime() > now + ahead) return undefined;
    // The claim: a node that finds it taken (now or once the holder commits) leaves the reminder alone.
    const claimed = await q.query(
      'INSERT INTO reminder_run (kind, target_id, team_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
      [due.kind, target.id, due.teamId],
    );
    if (!claimed.length) return undefined;
    const users = (await q.query<{ user_id: string }>(
      `INSERT INTO reminder_sent (kind, target_id, user_id, team_id) SELECT $1, $2, u, $4 FROM unnest($3::uuid[]) u
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [due.kind, target.id, await recipients(q, due.kind, target, due.teamId), due.teamId],
    )).map((r) => r.user_id);
    await q.execute('UPDATE reminder_run SET recipients = $4 WHERE kind = $1 AND target_id = $2 AND team_id = $3', [due.kind, target.id, due.teamId, users.length]);
    const n = reminderTarget(target, due.teamId);
    await notify(tnk, users, due.kind === 'unanswered' ? notifications.attendanceQuestion(n) : notifications.attendanceReminder(n), null);
    return { target, teamId: due.teamId, deadline: deadline && deadline < target.start ? deadline : undefined, closes, users };
  });
  if (!sent) return 0;
  await mailAll(nk, logger, due.kind, sent);
  return sent.users.length;
}

/** Mails each recipient with a proven address (one at a time: a reminder run is never in a hurry). */
async function mailAll(nk: Nk, logger: Logger, kind: ReminderKind, r: Sent): Promise<void> {
  const open = r.closes.getTime() > clock.now();
  for (const userId of r.users) {
    try {
      const account = await nk.accountGetId(userId);
      if (!account.email || !account.verifyTime || account.disableTime) continue;
      const token = open
        ? signLink(nk.env.LINK_SIGNING_KEY, { kind: r.target.kind, targetId: r.target.id, teamId: r.teamId, userId, exp: Math.floor(r.closes.getTime() / 1000) })
        : undefined;
      const mail = reminderMail({ kind, target: r.target, teamId: r.teamId, deadline: r.deadline, site: nk.env.PUBLIC_URL, token });
      await nk.mailSend({ to: account.email, ...mail, kind: `reminder ${kind}` });
    } catch (err) {
      logger.warn('reminder mail not sent', { kind, target_id: r.target.id, user_id: userId, err });
    }
  }
}
