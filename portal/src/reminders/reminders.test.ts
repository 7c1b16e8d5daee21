// Reminders: due when the clock passes their time, each sent once (in the bell and by mail), to whom they
// concern and not to who switched them off; the mail is Russian and its one-click answer works without a
// session until answers close. Passes are run at the time the test sets (the timer's own is an hour away).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startSmtpServer, startTestServer, type ParsedMail, type TestServer, type TestSmtpServer } from '@tribuna/server/testing';
import { clock } from '../lib/clock.ts';
import { eventPageLink } from '../lib/links.ts';
import { call as callOn, fails, makeTeam, registered, type Any } from '../testing.ts';
import { remindersOf } from './scheduler.ts';

const HOUR = 3_600_000;
const SITE = 'https://tribuna.example';
let ts: TestServer;
let smtp: TestSmtpServer;
let owner: Session, admin: Session, member: Session, guestOwner: Session;
let teamId: string, guestTeamId: string;
const call = (s: Session, id: string, input: object = {}): Promise<Any> => callOn(ts, s, id, input);
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** Runs a reminder pass as if it were `ms` from now. */
const passAt = (ms: number) => {
  clock.now = () => Date.now() + ms;
  return remindersOf(ts.app.nk).tick();
};
const emailOf = async (s: Session) => (await ts.app.nk.accountGetId(s.user_id!)).email!;
const mailsTo = async (s: Session) => {
  const to = await emailOf(s);
  return smtp.mails.filter((m) => m.envelope.to.includes(to));
};
const bell = async (s: Session, code: number) =>
  (await ts.app.nk.notificationsList(s.user_id!, 100, undefined, { newestFirst: true })).notifications.filter((n) => n.code === code);

before(async () => {
  smtp = await startSmtpServer();
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { SMTP_URL: smtp.url, PUBLIC_URL: SITE, REMINDER_TICK_SEC: '3600' } });
  [owner, admin, member, guestOwner] = await Promise.all(Array.from({ length: 4 }, () => registered(ts)));
  teamId = await makeTeam(ts, owner, { admin, member });
  guestTeamId = await makeTeam(ts, guestOwner);
});
after(async () => {
  await ts.close();
  await smtp.close();
});
beforeEach(async () => {
  clock.now = () => Date.now();
  // Each test sees only its own reminders: earlier tests' targets are claimed already.
  await remindersOf(ts.app.nk).tick();
});

const textOf = (m: ParsedMail) => m.text ?? '';

describe('reminders', () => {
  it('ask those who have not answered once the clock passes a day before the start, and only once', async () => {
    const eventTime = at(48 * HOUR);
    const event_id = (await call(owner, 'create_team_event', { team_id: teamId, title: 'Вечерняя', type: 'training', event_time: eventTime, place: 'Манеж, поле 2' })).id;
    const page = eventPageLink(teamId, event_id, new Date(eventTime));
    assert.match(page, /\?month=\d{4}-\d{2}&event=/, 'an event opens its calendar at its month');
    await call(member, 'set_attendance', { event_id, status: 'yes' });
    assert.equal(await passAt(23 * HOUR), 0, 'not yet due');
    assert.equal(await passAt(24 * HOUR + 60_000), 2, 'the owner and the admin, who have not answered');
    assert.equal(await passAt(25 * HOUR), 0, 'nothing twice');

    const [question] = await bell(admin, 113);
    assert.match(question.subject, /^Вы придёте\? Тренировка «Вечерняя», \d+ \S+ в \d\d:\d\d$/);
    assert.deepEqual(question.content, { link: page, event_id, team_id: teamId });
    assert.equal((await bell(member, 113)).length, 0, 'who answered is not asked');

    const mail = await smtp.waitForMail(await emailOf(admin));
    assert.equal(mail.subject, question.subject);
    const text = textOf(mail);
    assert.match(text, /^Команда «Команда [^»]+» ждёт вашего ответа: вы придёте\?\n\nТренировка «Вечерняя»\nКогда: [а-я]+, \d+ [а-я]+ в \d\d:\d\d \(по московскому времени\)\nГде: Манеж, поле 2\n/);
    assert.match(text, /\nОтветьте одним нажатием, входить на сайт не нужно:\nПриду: https:\/\/tribuna\.example\/attend\?token=[\w.-]+&status=yes\nНе приду: .+&status=no\nПод вопросом: .+&status=maybe\n/);
    assert.ok(text.includes(`Подробнее на сайте: ${SITE}${page}`));
    assert.ok(text.includes(`Напоминания можно отключить в профиле: ${SITE}/user/profile`));
    assert.match(mail.html ?? '', /<a href="https:\/\/tribuna\.example\/attend\?token=[\w.-]+&#38;status=no">Не приду<\/a>/);

    // The one-click answer works from the mail, with no session of the member's, until answers close.
    const token = /token=([\w.-]+)&status=maybe/.exec(text)![1];
    const visitor = await ts.newSession();
    assert.equal((await call(visitor, 'answer_by_token', { token, status: 'maybe' })).status, 'maybe');
    assert.equal((await call(admin, 'list_attendance', { event_id })).viewer.status, 'maybe');
    clock.now = () => Date.now() + 49 * HOUR;
    await fails(call(visitor, 'answer_by_token', { token, status: 'yes' }), 400, 'Срок действия ссылки истёк. Ответьте на странице события на сайте.');

    // Three hours before the start, those who come are reminded: the member, and the admin who said maybe is not.
    assert.equal(await passAt(45 * HOUR + 60_000), 1);
    const [reminder] = await bell(member, 114);
    assert.match(reminder.subject, /^Скоро: Тренировка «Вечерняя», /);
    const coming = await smtp.waitForMail(await emailOf(member));
    assert.match(coming.subject ?? '', /^Напоминание: Тренировка «Вечерняя», /);
    assert.match(textOf(coming), /^Вы ответили «Приду»\. Напоминаем о начале:\n/);
    assert.match(textOf(coming), /Если планы изменились, ответьте одним нажатием:\nНе приду: .+\nПод вопросом: .+\n/);
    assert.doesNotMatch(textOf(coming), /status=yes/);
    assert.equal(await passAt(46 * HOUR), 0);
    assert.equal((await mailsTo(member)).length, 1);
  });

  it("ask a day before a team's deadline, saying when it is", async () => {
    const event_id = (await call(owner, 'create_team_event', { team_id: teamId, title: 'Выезд', type: 'other', event_time: at(72 * HOUR) })).id;
    await call(owner, 'set_attendance_deadline', { event_id, deadline: at(40 * HOUR) });
    assert.equal(await passAt(15 * HOUR), 0);
    assert.equal(await passAt(16 * HOUR + 60_000), 3);
    const text = textOf(await smtp.waitForMail(await emailOf(member)));
    assert.match(text, /\nОтветить нужно до: [а-я]+, \d+ [а-я]+ в \d\d:\d\d\n/);
    assert.doesNotMatch(text, /\nГде:/, 'no place, no line');
    assert.equal(await passAt(48 * HOUR + 60_000), 0, 'the start is not asked about again');
  });

  it("reach each team of a match for its own members", async () => {
    const match_id = (await call(owner, 'create_match', { owner_team_id: teamId, guest_team_id: guestTeamId, match_time: at(30 * HOUR) })).id;
    assert.equal(await passAt(6 * HOUR + 60_000), 4);
    const [q] = await bell(guestOwner, 113);
    assert.match(q.subject, /^Вы придёте\? Матч «Команда [^»]+» — «Команда [^»]+», /);
    assert.deepEqual(q.content, { link: `/matches/${match_id}`, match_id, team_id: guestTeamId });
    const mail = await smtp.waitForMail(await emailOf(guestOwner));
    assert.ok(textOf(mail).includes(`Подробнее на сайте: ${SITE}/matches/${match_id}`));
  });

  it('go to nobody who switched them off, kind by kind', async () => {
    assert.deepEqual(await call(admin, 'get_reminder_settings'), { unanswered: true, coming: true });
    assert.deepEqual(await call(admin, 'set_reminder_settings', { unanswered: false }), { unanswered: false, coming: true });
    assert.deepEqual(await call(member, 'set_reminder_settings', { coming: false }), { unanswered: true, coming: false });
    const event_id = (await call(owner, 'create_team_event', { team_id: teamId, title: 'Разбор игры', type: 'other', event_time: at(30 * HOUR) })).id;
    await call(member, 'set_attendance', { event_id, status: 'yes' });
    const before = (await bell(admin, 113)).length;
    assert.equal(await passAt(6 * HOUR + 60_000), 1, 'the owner alone');
    assert.equal((await bell(admin, 113)).length, before);
    assert.equal(await passAt(27 * HOUR + 60_000), 0, 'the member who comes switched the reminder off');
    await call(admin, 'set_reminder_settings', { unanswered: true });
    await call(member, 'set_reminder_settings', { coming: true });
    await fails(call(await ts.newSession(), 'set_reminder_settings', { coming: false }), 403);
    await fails(call(admin, 'set_reminder_settings', { coming: 'нет' }), 400, 'Напоминать перед началом, если я приду: ожидалось true или false.');
  });

  it('skip what has started and what was deleted', async () => {
    const event_id = (await call(owner, 'create_team_event', { team_id: teamId, title: 'Отменится', type: 'other', event_time: at(10 * HOUR) })).id;
    await call(owner, 'delete_team_event', { id: event_id });
    assert.equal(await passAt(9 * HOUR), 0);
    await call(owner, 'create_team_event', { team_id: teamId, title: 'Прошло', type: 'other', event_time: at(2 * HOUR) });
    assert.equal(await passAt(3 * HOUR), 0, 'it started: too late for either reminder');
  });
});
