// Notifications of teams' links to tournaments: each side hears of what the other side does, nobody of
// what they did themselves, and a refused or repeated change tells nobody.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Notification, Session } from '@heroiclabs/nakama-js';
import { nextEvent, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { NotificationCode as Code } from '../notifications/index.ts';
import { call as callOn, fails, registered, teamCast, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-tournament-notifications-');
let organizer: Session;
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let teamId: string;
let teamName: string;

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newTournament = (title = 'Кубок района', by = organizer) =>
  call(by, 'create_tournament', { title, start_time: new Date(Date.now() + 10 * 86_400_000).toISOString() });
const link = (s: Session, tournamentId: string) => call(s, 'create_team_tournament', { team_id: teamId, tournament_id: tournamentId });
const confirm = (s: Session, id: string, is_confirmed = true) => call(s, 'set_team_tournament_confirmed', { id, is_confirmed });
const remove = (s: Session, id: string) => call(s, 'delete_team_tournament', { id });

/** What a user was told of one tournament: [code, subject, link, sender] each, oldest first. */
async function heard(s: Session, tournamentId: string): Promise<[number, string, string, string][]> {
  const { notifications = [] } = await ts.client().listNotifications(s, 100);
  return notifications
    .filter((n) => (n.content as Any)?.tournament_id === tournamentId)
    .map((n) => [n.code!, n.subject!, (n.content as Any).link, n.sender_id!]);
}

/** Asserts who heard what of a tournament; everyone else of the cast heard nothing. */
async function expectHeard(tournamentId: string, expected: Map<Session, [number, string, string, string][]>): Promise<void> {
  for (const s of [organizer, owner, admin, member, stranger]) {
    assert.deepEqual(await heard(s, tournamentId), expected.get(s) ?? [], `user ${s.user_id}`);
  }
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  organizer = await registered(ts);
  ({ owner, admin, member, stranger, teamId } = await teamCast(ts));
  teamName = (await call(stranger, 'get_team', { id: teamId })).name;
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('an application', () => {
  it('tells the tournament’s creator, pushed live; the confirmation tells the team’s managers', async () => {
    const t = await newTournament();
    const socket = ts.client().createSocket();
    await socket.connect(organizer, false);
    try {
      const pushed = nextEvent<Notification>((r) => (socket.onnotification = r), 3000, 'the application');
      const l = await link(admin, t.id);
      const subject = `Команда «${teamName}» подала заявку на турнир «Кубок района»`;
      assert.equal((await pushed).subject, subject);
      await expectHeard(t.id, new Map([[organizer, [[Code.TournamentApplication, subject, `/tournaments/${t.id}/edit`, admin.user_id!]]]]));

      await confirm(organizer, l.id);
      const confirmed: [number, string, string, string] = [Code.TournamentConfirmed, `Команда «${teamName}» участвует в турнире «Кубок района»`, `/tournaments/${t.id}`, organizer.user_id!];
      await expectHeard(t.id, new Map([[organizer, [[Code.TournamentApplication, subject, `/tournaments/${t.id}/edit`, admin.user_id!]]], [owner, [confirmed]], [admin, [confirmed]]]));

      // Confirming what is confirmed, and refusals, tell nobody.
      await confirm(organizer, l.id);
      await fails(link(owner, t.id), 409);
      await fails(confirm(stranger, l.id), 403);
      assert.deepEqual((await heard(owner, t.id)).length, 1);
      assert.deepEqual((await heard(organizer, t.id)).length, 1);
    } finally {
      socket.disconnect(false);
    }
  });

  it('refused by the creator tells the team; taken back by the team tells the creator', async () => {
    const t = await newTournament('Кубок осени');
    await remove(organizer, (await link(owner, t.id)).id);
    const declined: [number, string, string, string] = [Code.TournamentWithdrawn, `Заявка команды «${teamName}» на турнир «Кубок осени» отклонена`, `/tournaments/${t.id}`, organizer.user_id!];
    const applied: [number, string, string, string] = [Code.TournamentApplication, `Команда «${teamName}» подала заявку на турнир «Кубок осени»`, `/tournaments/${t.id}/edit`, owner.user_id!];
    await expectHeard(t.id, new Map([[organizer, [applied]], [owner, [declined]], [admin, [declined]]]));

    const t2 = await newTournament('Кубок зимы');
    await remove(admin, (await link(admin, t2.id)).id);
    const subjects = (await heard(organizer, t2.id)).map((n) => [n[0], n[1], n[3]]);
    assert.deepEqual(subjects, [
      [Code.TournamentApplication, `Команда «${teamName}» подала заявку на турнир «Кубок зимы»`, admin.user_id],
      [Code.TournamentWithdrawn, `Команда «${teamName}» отозвала заявку на турнир «Кубок зимы»`, admin.user_id],
    ]);
    for (const s of [owner, admin, member, stranger]) assert.deepEqual(await heard(s, t2.id), []);
  });
});

describe('an invitation', () => {
  it('tells the team’s managers; a manager’s confirmation tells the creator', async () => {
    const t = await newTournament('Кубок лета');
    const l = await link(organizer, t.id);
    const invited: [number, string, string, string] = [Code.TournamentInvitation, `Команду «${teamName}» приглашают на турнир «Кубок лета»`, `/tournaments/${t.id}`, organizer.user_id!];
    await expectHeard(t.id, new Map([[owner, [invited]], [admin, [invited]]]));

    await confirm(admin, l.id);
    const confirmed: [number, string, string, string] = [Code.TournamentConfirmed, `Команда «${teamName}» участвует в турнире «Кубок лета»`, `/tournaments/${t.id}`, admin.user_id!];
    await expectHeard(t.id, new Map([[organizer, [confirmed]], [owner, [invited]], [admin, [invited]]]));

    // The confirmation withdrawn: the creator hears it; then the creator removes the team.
    await confirm(owner, l.id, false);
    await confirm(owner, l.id, false);
    const organizerHeard = (await heard(organizer, t.id)).map((n) => [n[0], n[1], n[3]]);
    assert.deepEqual(organizerHeard.slice(1), [[Code.TournamentWithdrawn, `Участие команды «${teamName}» в турнире «Кубок лета» больше не подтверждено`, owner.user_id]]);
    await remove(organizer, l.id);
    assert.deepEqual((await heard(admin, t.id)).map((n) => n[1]), [invited[1], `Приглашение команды «${teamName}» на турнир «Кубок лета» отменено`]);
  });

  it('confirmed by two managers at once tells the creator once', async () => {
    const t = await newTournament('Кубок дружбы');
    const l = await link(organizer, t.id);
    await Promise.all([confirm(owner, l.id), confirm(admin, l.id), confirm(owner, l.id)]);
    assert.deepEqual((await heard(organizer, t.id)).map((n) => n[0]), [Code.TournamentConfirmed]);
  });

  it('declined by the team tells the creator', async () => {
    const t = await newTournament('Кубок весны');
    await remove(owner, (await link(organizer, t.id)).id);
    assert.deepEqual((await heard(organizer, t.id)).map((n) => [n[0], n[1], n[3]]), [
      [Code.TournamentWithdrawn, `Команда «${teamName}» отклонила приглашение на турнир «Кубок весны»`, owner.user_id],
    ]);
  });

  it('confirmed at once when the creator manages the team: the other managers hear the team is in', async () => {
    const t = await newTournament('Свой кубок', owner);
    const l = await link(owner, t.id);
    assert.equal(l.is_confirmed, true);
    const confirmed: [number, string, string, string] = [Code.TournamentConfirmed, `Команда «${teamName}» участвует в турнире «Свой кубок»`, `/tournaments/${t.id}`, owner.user_id!];
    await expectHeard(t.id, new Map([[admin, [confirmed]]]));
  });
});

describe('a confirmed team leaving', () => {
  it('removed by the creator tells the team; leaving tells the creator', async () => {
    const t = await newTournament('Кубок города');
    const invited = await link(organizer, t.id);
    await confirm(admin, invited.id);
    await remove(organizer, invited.id);
    assert.equal((await heard(owner, t.id)).at(-1)![1], `Команда «${teamName}» исключена из турнира «Кубок города»`);

    const t2 = await newTournament('Кубок области');
    const l = await link(owner, t2.id);
    await confirm(organizer, l.id);
    await remove(admin, l.id);
    assert.deepEqual((await heard(organizer, t2.id)).map((n) => n[1]), [
      `Команда «${teamName}» подала заявку на турнир «Кубок области»`,
      `Команда «${teamName}» вышла из турнира «Кубок области»`,
    ]);
  });

  it('tells nobody once the tournament is deleted', async () => {
    const t = await newTournament('Кубок отменённый');
    const l = await link(organizer, t.id);
    await confirm(owner, l.id);
    await call(organizer, 'delete_tournament', { id: t.id });
    const before = await Promise.all([organizer, owner, admin].map((s) => heard(s, t.id)));
    await remove(organizer, l.id);
    assert.deepEqual(await Promise.all([organizer, owner, admin].map((s) => heard(s, t.id))), before);
  });
});
