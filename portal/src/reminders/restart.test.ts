// Reminders across a restart: a server that sent them stops, another starts on the same database, and
// nothing is sent twice; and the timer of REMINDER_TICK_SEC runs the passes by itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '@tribuna/server';
import { freshDb, startSmtpServer, startTestServer, type TestServer, type TestSmtpServer } from '@tribuna/server/testing';
import { clock } from '../lib/clock.ts';
import { call, makeTeam, registered } from '../testing.ts';
import { remindersOf } from './scheduler.ts';

const HOUR = 3_600_000;
let smtp: TestSmtpServer;
before(async () => {
  smtp = await startSmtpServer();
});
after(() => smtp.close());

describe('reminders across a restart', () => {
  it('are sent once: the restarted server finds them sent', async () => {
    const fresh = await freshDb();
    // Both servers share the database; closing the first must not close it.
    const db: Db = { ...fresh.db, close: async () => {} };
    const env = { SMTP_URL: smtp.url, REMINDER_TICK_SEC: '3600' };
    let ts: TestServer = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], db, env });
    try {
      const [owner, member] = [await registered(ts), await registered(ts)];
      const teamId = await makeTeam(ts, owner, { member });
      const event = await call(ts, owner, 'create_team_event', { team_id: teamId, title: 'Сбор', type: 'other', event_time: new Date(Date.now() + 30 * HOUR).toISOString() });
      await call(ts, member, 'set_attendance', { event_id: event.id, status: 'yes' });
      clock.now = () => Date.now() + 28 * HOUR;
      // The question to the owner and the reminder to the member are both due.
      assert.equal(await remindersOf(ts.app.nk).tick(), 2);
      const mails = smtp.mails.length;
      await ts.close();

      ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], db, env });
      assert.equal(await remindersOf(ts.app.nk).tick(), 0);
      assert.equal(smtp.mails.length, mails, 'no mail sent again');
      const notes = await ts.app.nk.notificationsList(member.user_id!, 100);
      assert.equal(notes.notifications.filter((n) => n.code === 114).length, 1);
    } finally {
      clock.now = () => Date.now();
      await ts.close();
      await fresh.db.close();
      await fresh.drop();
    }
  });
});

describe('the reminder timer', () => {
  it('runs a pass every REMINDER_TICK_SEC without being asked', async () => {
    const ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { SMTP_URL: smtp.url, REMINDER_TICK_SEC: '1' } });
    try {
      const owner = await registered(ts);
      const teamId = await makeTeam(ts, owner);
      await call(ts, owner, 'create_team_event', { team_id: teamId, title: 'Тренировка', type: 'training', event_time: new Date(Date.now() + 50 * HOUR).toISOString() });
      clock.now = () => Date.now() + 27 * HOUR;
      const mail = await smtp.waitForMail((await ts.app.nk.accountGetId(owner.user_id!)).email!, 10_000);
      assert.match(mail.subject ?? '', /^Вы придёте\? Тренировка «Тренировка»/);
    } finally {
      clock.now = () => Date.now();
      await ts.close();
    }
  });
});
