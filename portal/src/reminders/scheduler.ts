// The reminders' one scheduler: every REMINDER_TICK_SEC each node looks for due reminders and sends them.
// Nodes need no lease: a reminder is claimed by a row with a unique key inserted in the transaction that
// sends it (send.ts), so whichever node claims it first sends it, once, and a restart finds it claimed.
import type { Initializer, Logger, Nk } from '@tribuna/server';
import { clock } from '../lib/clock.ts';
import { dueReminders } from './due.ts';
import { sendReminder, type Settings } from './send.ts';

/** Reminders read per query; a tick reads again while a page comes back full, up to MAX_PAGES. */
const PAGE = 100;
const MAX_PAGES = 50;
const HOUR_MS = 3_600_000;

/** @internal */
export interface Reminders {
  /** One pass: sends every due reminder; answers how many members were reminded. */
  tick(): Promise<number>;
}

const made = new WeakMap<Nk, Reminders>();

/**
 * The scheduler of a server's facade (tests run a pass at the time they set instead of waiting for one).
 * @internal
 */
export function remindersOf(nk: Nk): Reminders {
  const r = made.get(nk);
  if (!r) throw new Error('The reminders of this server were not started.');
  return r;
}

export function startReminders(initializer: Initializer, nk: Nk, logger: Logger): void {
  const settings: Settings = {
    beforeDeadlineMs: Number(nk.env.REMINDER_BEFORE_DEADLINE_HOURS) * HOUR_MS,
    beforeStartMs: Number(nk.env.REMINDER_BEFORE_START_HOURS) * HOUR_MS,
  };
  let running: Promise<number> | undefined;

  async function pass(): Promise<number> {
    let sent = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const now = clock.now();
      const due = await dueReminders(nk.db, {
        now: new Date(now),
        deadlineHorizon: new Date(now + settings.beforeDeadlineMs),
        startHorizon: new Date(now + settings.beforeStartMs),
      }, PAGE);
      for (const d of due) {
        try {
          sent += await sendReminder(nk, logger, d, settings);
        } catch (err) {
          logger.error('reminder not sent', { kind: d.kind, target_id: d.targetId, team_id: d.teamId, err });
        }
      }
      if (due.length < PAGE) break;
    }
    return sent;
  }

  // One pass at a time on a node: a tick that finds one running waits for it instead.
  const tick = () => (running ??= pass().finally(() => (running = undefined)));
  made.set(nk, { tick });

  const timer = setInterval(() => {
    tick().catch((err) => logger.error('reminder pass failed', { err }));
  }, Number(nk.env.REMINDER_TICK_SEC) * 1000);
  timer.unref();
  initializer.registerShutdown(async () => {
    clearInterval(timer);
    await running?.catch(() => {});
  });
}
