// Who is coming: who may answer and see the answers, the counts with those who have not answered, the
// deadline that closes answers, and the one-click link of reminder mails.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { clock } from '../lib/clock.ts';
import { call as callOn, fails, makeTeam, registered, withKey as withKeyOn, type Any } from '../testing.ts';
import { signLink, verifyLink } from './link-token.ts';

let ts: TestServer;
let owner: Session, admin: Session, member: Session, stranger: Session, guestOwner: Session, guestMember: Session;
let teamId: string, guestTeamId: string;
const HOUR = 3_600_000;
const call = (s: Session, id: string, input: object = {}): Promise<Any> => callOn(ts, s, id, input);
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  [owner, admin, member, stranger, guestOwner, guestMember] = await Promise.all(Array.from({ length: 6 }, () => registered(ts)));
  await ts.app.nk.accountUpdateId(member.user_id!, { displayName: 'Борис' });
  await ts.app.nk.accountUpdateId(admin.user_id!, { displayName: 'Анна' });
  teamId = await makeTeam(ts, owner, { admin, member });
  guestTeamId = await makeTeam(ts, guestOwner, { member: guestMember });
});
after(() => ts.close());
beforeEach(() => {
  clock.now = () => Date.now();
});

const newEvent = async (inMs = 48 * HOUR) =>
  (await call(owner, 'create_team_event', { team_id: teamId, title: 'Тренировка в манеже', type: 'training', event_time: at(inMs), place: 'Манеж' })).id as string;
const newMatch = async (inMs = 48 * HOUR) =>
  (await call(owner, 'create_match', { owner_team_id: teamId, guest_team_id: guestTeamId, match_time: at(inMs) })).id as string;

describe('set_attendance and list_attendance', () => {
  it('let the members of the team answer and see every answer, who has not answered and the counts', async () => {
    const event_id = await newEvent();
    const answer = await call(member, 'set_attendance', { event_id, status: 'yes', comment: '  Опоздаю на 10 минут ' });
    assert.deepEqual([answer.event_id, answer.team_id, answer.user_id, answer.status, answer.comment], [event_id, teamId, member.user_id, 'yes', 'Опоздаю на 10 минут']);
    await call(admin, 'set_attendance', { event_id, status: 'maybe' });
    // A new answer replaces the last.
    await call(admin, 'set_attendance', { event_id, status: 'no', comment: null });

    const list = await call(member, 'list_attendance', { event_id });
    assert.deepEqual(list.counts, { yes: 1, no: 1, maybe: 0, none: 1 });
    assert.deepEqual(list.attendance.map((a: Any) => [a.display_name, a.status, a.comment]), [['Анна', 'no', ''], ['Борис', 'yes', 'Опоздаю на 10 минут']]);
    assert.deepEqual(list.no_answer.map((a: Any) => a.user_id), [owner.user_id]);
    assert.deepEqual(list.viewer, { status: 'yes', comment: 'Опоздаю на 10 минут' });
    assert.equal(list.open, true);
    assert.equal(list.deadline, null);
    assert.equal(list.closes_at, list.start_time);
    assert.equal((await call(owner, 'list_attendance', { event_id })).viewer, null);
  });

  it('refuse people outside the team, guests and the HTTP key', async () => {
    const event_id = await newEvent();
    await fails(call(stranger, 'set_attendance', { event_id, status: 'yes' }), 403, 'Отвечать могут только игроки команды.');
    await fails(call(stranger, 'list_attendance', { event_id }), 403);
    await fails(call(guestMember, 'set_attendance', { event_id, status: 'yes' }), 403);
    await fails(call(await ts.newSession(), 'set_attendance', { event_id, status: 'yes' }), 403);
    await fails(withKeyOn(ts, 'list_attendance', { event_id }), 401);
  });

  it('refuse bad input in Russian', async () => {
    const event_id = await newEvent();
    await fails(call(member, 'set_attendance', { status: 'yes' }), 400, 'Укажите событие (event_id) или матч (match_id).');
    await fails(call(member, 'set_attendance', { event_id, match_id: event_id, status: 'yes' }), 400, /^Укажите что-то одно/);
    await fails(call(member, 'set_attendance', { event_id, status: 'sure' }), 400, /^Ответ: ожидалось 'yes' \(приду\)/);
    await fails(call(member, 'set_attendance', { event_id, status: 'yes', comment: 'я'.repeat(201) }), 400, 'Комментарий: не длиннее 200 символов.');
    await fails(call(member, 'set_attendance', { event_id: crypto.randomUUID(), status: 'yes' }), 404, 'Событие не найдено.');
    await fails(call(member, 'set_attendance', { event_id, team_id: guestTeamId, status: 'yes' }), 400, 'Команда: команда не участвует в этом событии.');
  });

  it("let members of either team of a match answer for their own team, and see only their team's answers", async () => {
    const match_id = await newMatch();
    assert.equal((await call(member, 'set_attendance', { match_id, status: 'yes' })).team_id, teamId);
    assert.equal((await call(guestMember, 'set_attendance', { match_id, status: 'no' })).team_id, guestTeamId);
    await fails(call(guestMember, 'set_attendance', { match_id, team_id: teamId, status: 'yes' }), 403, 'Отвечать могут только игроки команд матча.');
    await fails(call(stranger, 'set_attendance', { match_id, status: 'yes' }), 403);
    const home = await call(owner, 'list_attendance', { match_id });
    assert.deepEqual([home.team_id, home.counts], [teamId, { yes: 1, no: 0, maybe: 0, none: 2 }]);
    const away = await call(guestOwner, 'list_attendance', { match_id });
    assert.deepEqual([away.team_id, away.counts], [guestTeamId, { yes: 0, no: 1, maybe: 0, none: 1 }]);
  });

  it('ask a member of both teams of a match which team they answer for', async () => {
    const both = await registered(ts);
    const a = await makeTeam(ts, both);
    const b = await makeTeam(ts, both);
    const match_id = (await call(both, 'create_match', { owner_team_id: a, guest_team_id: b, match_time: at(HOUR * 5) })).id;
    await fails(call(both, 'set_attendance', { match_id, status: 'yes' }), 400, /^Команда: вы состоите в обеих командах матча/);
    assert.equal((await call(both, 'set_attendance', { match_id, team_id: b, status: 'yes' })).team_id, b);
  });

  it('leave out the answers of someone no longer in the team', async () => {
    const leaver = await registered(ts);
    const team = await makeTeam(ts, owner, { member: leaver });
    const event_id = (await call(owner, 'create_team_event', { team_id: team, title: 'Сбор', type: 'other', event_time: at(HOUR * 10) })).id;
    await call(leaver, 'set_attendance', { event_id, status: 'yes' });
    assert.deepEqual((await call(owner, 'list_attendance', { event_id })).counts, { yes: 1, no: 0, maybe: 0, none: 1 });
    await ts.app.nk.db.execute('DELETE FROM team_player WHERE team_id = $1 AND user_id = $2', [team, leaver.user_id]);
    assert.deepEqual((await call(owner, 'list_attendance', { event_id })).counts, { yes: 0, no: 0, maybe: 0, none: 1 });
  });
});

describe('the answer deadline', () => {
  it('is set by managers only, not after the start, and closes answers once it passes', async () => {
    const event_id = await newEvent(48 * HOUR);
    await fails(call(member, 'set_attendance_deadline', { event_id, deadline: at(24 * HOUR) }), 403, 'Это может делать только владелец или администратор команды.');
    await fails(call(admin, 'set_attendance_deadline', { event_id, deadline: at(49 * HOUR) }), 400, 'Срок ответа: срок ответа не может быть позже начала.');
    const set = await call(admin, 'set_attendance_deadline', { event_id, deadline: at(24 * HOUR) });
    assert.equal(set.closes_at, set.deadline);
    await call(member, 'set_attendance', { event_id, status: 'maybe' });

    clock.now = () => Date.now() + 25 * HOUR;
    await fails(call(member, 'set_attendance', { event_id, status: 'yes' }), 400, 'Приём ответов закрыт: срок ответа истёк.');
    const list = await call(member, 'list_attendance', { event_id });
    assert.deepEqual([list.open, list.viewer.status], [false, 'maybe']);

    // Removed, answers are open again until the start.
    await call(owner, 'set_attendance_deadline', { event_id, deadline: null });
    assert.equal((await call(member, 'set_attendance', { event_id, status: 'yes' })).status, 'yes');
    clock.now = () => Date.now() + 49 * HOUR;
    await fails(call(member, 'set_attendance', { event_id, status: 'no' }), 400, 'Приём ответов закрыт: событие уже началось.');
  });

  it("of a match is each team's own", async () => {
    const match_id = await newMatch(30 * HOUR);
    assert.equal((await call(guestOwner, 'set_attendance_deadline', { match_id, deadline: at(HOUR) })).team_id, guestTeamId);
    clock.now = () => Date.now() + 2 * HOUR;
    await fails(call(guestMember, 'set_attendance', { match_id, status: 'yes' }), 400, 'Приём ответов закрыт: срок ответа истёк.');
    assert.equal((await call(member, 'set_attendance', { match_id, status: 'yes' })).status, 'yes');
  });
});

describe('answer_by_token', () => {
  const key = () => ts.app.nk.env.LINK_SIGNING_KEY;
  const link = (event_id: string, userId: string, exp = Math.floor(Date.now() / 1000) + 3600) =>
    signLink(key(), { kind: 'event', targetId: event_id, teamId, userId, exp });

  it('answers for the member the link was made for, without a session of theirs', async () => {
    const event_id = await newEvent();
    const someone = await ts.newSession();
    const answer = await call(someone, 'answer_by_token', { token: link(event_id, member.user_id!), status: 'maybe' });
    assert.deepEqual([answer.user_id, answer.status, answer.title, answer.team_name.startsWith('Команда ')], [member.user_id, 'maybe', 'Тренировка в манеже', true]);
    assert.equal((await call(member, 'list_attendance', { event_id })).viewer.status, 'maybe');
  });

  it('refuses a tampered link, an expired one, and one of someone who left the team', async () => {
    const event_id = await newEvent();
    const someone = await ts.newSession();
    const token = link(event_id, member.user_id!);
    const [body, sig] = token.split('.');
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace(member.user_id!, admin.user_id!)).toString('base64url');
    assert.ok(verifyLink(key(), token, Date.now()).ok);
    const otherKey = signLink('another-key-of-16+', { kind: 'event', targetId: event_id, teamId, userId: member.user_id!, exp: 9_999_999_999 });
    for (const bad of [`${forged}.${sig}`, `${body}.${sig.slice(1)}A`, `${body}x.${sig}`, 'not-a-token', otherKey]) {
      await fails(call(someone, 'answer_by_token', { token: bad, status: 'yes' }), 403, 'Ссылка для ответа недействительна.');
    }
    await fails(call(someone, 'answer_by_token', { token: link(event_id, member.user_id!, Math.floor(Date.now() / 1000) - 1), status: 'yes' }), 400, 'Срок действия ссылки истёк. Ответьте на странице события на сайте.');
    await fails(call(someone, 'answer_by_token', { token: link(event_id, stranger.user_id!), status: 'yes' }), 403, 'Ответить нельзя: вы больше не в составе команды.');
    assert.equal((await call(member, 'list_attendance', { event_id })).viewer, null, 'nothing was answered');
  });
});
