// Reminders with two nodes on one PostgreSQL database: both run their passes at the same moment, again and
// again, and each reminder goes out once, in the bell and by mail. Skipped, saying so, when PostgreSQL or
// Redis does not answer on loopback.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { postgresAnswers, redisAnswers, startSmtpServer, startTestCluster, TEST_PG_URL, TEST_REDIS_URL, type TestServer, type TestSmtpServer } from '@tribuna/server/testing';
import { clock } from '../lib/clock.ts';
import { call, makeTeam, registered } from '../testing.ts';
import { remindersOf } from './scheduler.ts';

const [pgUp, redisUp] = await Promise.all([postgresAnswers(), redisAnswers()]);
const skip = !pgUp ? `PostgreSQL does not answer at ${TEST_PG_URL}: cluster reminder tests skipped`
  : !redisUp ? `Redis does not answer at ${TEST_REDIS_URL}: cluster reminder tests skipped` : false;
if (skip) console.log(`# ${skip}`);

const HOUR = 3_600_000;

describe('reminders on two nodes', { skip }, () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let smtp: TestSmtpServer;
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    smtp = await startSmtpServer();
    cluster = await startTestCluster(2, { moduleSpecifiers: ['@tribuna/portal'], env: { SMTP_URL: smtp.url, REMINDER_TICK_SEC: '3600' } });
    [a, b] = cluster.nodes;
  });
  after(async () => {
    clock.now = () => Date.now();
    await cluster?.close();
    await smtp?.close();
  });

  it('send each reminder once, whichever node claims it', async () => {
    const people: Session[] = [];
    for (let t = 0; t < 4; t++) {
      const [owner, admin, member] = [await registered(a), await registered(b), await registered(a)];
      people.push(owner, admin, member);
      const teamId = await makeTeam(a, owner, { admin, member });
      for (let e = 0; e < 3; e++) {
        await call(b, owner, 'create_team_event', { team_id: teamId, title: `Событие ${e + 1}`, type: 'other', event_time: new Date(Date.now() + (30 + e) * HOUR).toISOString() });
      }
    }
    clock.now = () => Date.now() + 10 * HOUR;
    // Both nodes at once, three rounds (a node's calls during its own pass share that pass).
    const passes: number[] = [];
    for (let round = 0; round < 3; round++) passes.push(...await Promise.all([remindersOf(a.app.nk).tick(), remindersOf(b.app.nk).tick()]));
    // 4 teams × 3 events × 3 members: each member asked once per event.
    assert.equal(passes.reduce((x, y) => x + y, 0), 36, JSON.stringify(passes));
    assert.equal(await remindersOf(a.app.nk).tick() + await remindersOf(b.app.nk).tick(), 0);

    for (const s of people) {
      const notes = (await a.app.nk.notificationsList(s.user_id!, 100)).notifications.filter((n) => n.code === 113);
      assert.equal(notes.length, 3, 'one question per event');
      assert.equal(new Set(notes.map((n) => n.subject)).size, 3);
    }
    const to = await Promise.all(people.map(async (s) => (await a.app.nk.accountGetId(s.user_id!)).email!));
    for (const address of to) await smtp.waitForMail(address);
    const counts = new Map<string, number>();
    for (const m of smtp.mails) for (const r of m.envelope.to) counts.set(r, (counts.get(r) ?? 0) + 1);
    assert.deepEqual([...new Set(to.map((x) => counts.get(x.toLowerCase())))], [3], 'three mails each, none twice');
    assert.equal(smtp.mails.length, 36);
  });
});
