// A member's reminder switches (reminder_settings, migrations/0041_reminders.sql): the question to those who
// have not answered, and the reminder before the start to those who come. Both are on until switched off.
import { z } from 'zod';
import type { Queryable } from '@tribuna/server';
import { rpc } from '../lib/rpc.ts';

export interface ReminderSettings {
  /** «Вы придёте?» before the answer deadline (or the start), while the member has not answered. */
  unanswered: boolean;
  /** A reminder before the start, after answering «Приду». */
  coming: boolean;
}

const DEFAULTS: ReminderSettings = { unanswered: true, coming: true };

async function readSettings(q: Queryable, userId: string): Promise<ReminderSettings> {
  const rows = await q.query<ReminderSettings>('SELECT unanswered, coming FROM reminder_settings WHERE user_id = $1', [userId]);
  return rows[0] ?? DEFAULTS;
}

async function writeSettings(q: Queryable, userId: string, c: Partial<ReminderSettings>): Promise<ReminderSettings> {
  const rows = await q.query<ReminderSettings>(
    `INSERT INTO reminder_settings (user_id, unanswered, coming) VALUES ($1, COALESCE($2, true), COALESCE($3, true))
     ON CONFLICT (user_id) DO UPDATE SET unanswered = COALESCE($2, reminder_settings.unanswered),
       coming = COALESCE($3, reminder_settings.coming), update_time = now()
     RETURNING unanswered, coming`,
    [userId, c.unanswered ?? null, c.coming ?? null],
  );
  return rows[0];
}

const flag = z.boolean({ error: 'ожидалось true или false.' });

export const reminderSettingsRpcs = [
  // Any session: the caller's switches (a guest's are the defaults: both on).
  rpc('get_reminder_settings', 'session', z.object({}), async ({ userId, nk }) => readSettings(nk.db, userId)),

  // Registered users, for themselves. Omitted switches stay as they are.
  rpc(
    'set_reminder_settings',
    'registered',
    z.object({ unanswered: flag.optional(), coming: flag.optional() }),
    async ({ input, userId, nk }) => writeSettings(nk.db, userId, input),
    { limit: 'write' },
  ),
];
