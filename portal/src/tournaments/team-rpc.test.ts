import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, Code, fails, failsWithCode, makeTeam, registered, teamCast, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-team-tournaments-');
let organizer: Session;
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const TEAM_CONFIRMS = 'Приглашение в турнир подтверждает владелец или администратор команды.';
const ORGANIZER_CONFIRMS = 'Заявку команды подтверждает создатель турнира.';
const NOT_A_SIDE = 'Добавить команду может создатель турнира, подать заявку — владелец или администратор команды.';
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newTournament = (input: object = {}) => call(organizer, 'create_tournament', { title: 'Кубок района', start_time: at(10 * DAY), ...input });
const link = (s: Session, tournamentId: string, team = teamId) => call(s, 'create_team_tournament', { team_id: team, tournament_id: tournamentId });
const confirm = (s: Session, id: string, is_confirmed = true) => call(s, 'set_team_tournament_confirmed', { id, is_confirmed });
/** The links of a tournament as s sees them (deleted tournaments' only for their creator). */
const linksOf = async (s: Session, tournamentId: string) =>
  (await call(s, 'list_team_tournaments', { tournament_id: tournamentId, include_deleted: true })).team_tournaments;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  organizer = await registered(ts);
  ({ owner, admin, member, stranger, guest, teamId } = await teamCast(ts));
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('inviting and applying', () => {
  it('lets the organizer invite a team, which its managers confirm', async () => {
    const t = await newTournament();
    const l = await link(organizer, t.id);
    assert.deepEqual(Object.keys(l).sort(), ['create_time', 'id', 'initiator', 'is_confirmed', 'team', 'team_id', 'tournament', 'tournament_id', 'update_time']);
    assert.deepEqual([l.team_id, l.tournament_id, l.initiator, l.is_confirmed], [teamId, t.id, 'organizer', false]);
    assert.deepEqual(l.team, { id: teamId, name: (await call(guest, 'get_team', { id: teamId })).name, description: '' });
    assert.deepEqual(l.tournament, {
      id: t.id, title: 'Кубок района', start_time: t.start_time, tournament_type: 0, access: 'open', creator_id: organizer.user_id, deleted: false,
    });
    for (const who of [organizer, member, stranger]) await fails(confirm(who, l.id), 403, TEAM_CONFIRMS);
    await fails(confirm(guest, l.id), 403);
    const confirmed = await confirm(admin, l.id);
    assert.equal(confirmed.is_confirmed, true);
    assert.deepEqual(await linksOf(guest, t.id), [confirmed]);
    assert.deepEqual((await withKey(ts, 'list_team_tournaments', { tournament_id: t.id })).team_tournaments, [confirmed]);
    assert.equal((await confirm(owner, l.id, false)).is_confirmed, false);
    await fails(confirm(organizer, l.id, false), 403, TEAM_CONFIRMS);
  });

  it('lets a team’s manager apply to an open tournament, which its organizer confirms', async () => {
    const t = await newTournament();
    const l = await link(admin, t.id);
    assert.deepEqual([l.initiator, l.is_confirmed], ['team', false]);
    for (const who of [owner, admin, stranger]) await fails(confirm(who, l.id), 403, ORGANIZER_CONFIRMS);
    assert.equal((await confirm(organizer, l.id)).is_confirmed, true);
  });

  it('refuses applications to a closed tournament; its organizer still invites', async () => {
    const t = await newTournament({ access: 'closed' });
    await fails(link(owner, t.id), 403, 'Турнир закрыт: заявки команд не принимаются.');
    assert.equal((await link(organizer, t.id)).initiator, 'organizer');
  });

  it('confirms at once when the organizer manages the team', async () => {
    const t = await call(owner, 'create_tournament', { title: 'Свой турнир', start_time: at(DAY) });
    const l = await link(owner, t.id);
    assert.deepEqual([l.initiator, l.is_confirmed], ['organizer', true]);
  });

  it('keeps a team in a tournament once', async () => {
    const t = await newTournament();
    await link(organizer, t.id);
    await fails(link(owner, t.id), 409, 'Команда уже участвует в этом турнире или подала заявку.');
    await fails(link(organizer, t.id), 409);
    // At once too: one link is made, the other attempt is refused.
    const u = await newTournament();
    const results = await Promise.allSettled([link(organizer, u.id), link(owner, u.id), link(admin, u.id)]);
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') await fails(Promise.reject(r.reason), 409);
    assert.equal((await call(guest, 'list_team_tournaments', { tournament_id: u.id })).team_tournaments.length, 1);
  });

  it('refuses others, unknown teams and tournaments, and deleted tournaments', async () => {
    const t = await newTournament();
    for (const who of [member, stranger]) await fails(link(who, t.id), 403, NOT_A_SIDE);
    await fails(link(guest, t.id), 403);
    await fails(withKey(ts, 'create_team_tournament', { team_id: teamId, tournament_id: t.id }), 401);
    await fails(link(organizer, t.id, crypto.randomUUID()), 404, 'Команда не найдена.');
    await fails(link(owner, crypto.randomUUID()), 404, 'Турнир не найден.');
    await fails(call(organizer, 'create_team_tournament', { team_id: 'x', tournament_id: t.id }), 400, /^Команда: /);
    await call(organizer, 'delete_tournament', { id: t.id });
    await fails(link(owner, t.id), 404, 'Турнир не найден.');
    await failsWithCode(link(organizer, t.id), Code.Precondition, 'Турнир удалён.');
    await fails(confirm(owner, crypto.randomUUID()), 404, 'Участие команды в турнире не найдено.');
  });

  it('freezes confirmation once the tournament is deleted', async () => {
    const t = await newTournament();
    const l = await link(organizer, t.id);
    await call(organizer, 'delete_tournament', { id: t.id });
    await failsWithCode(confirm(owner, l.id), Code.Precondition, 'Турнир удалён.');
    await fails(confirm(stranger, l.id), 403, TEAM_CONFIRMS);
    const [seen] = await linksOf(organizer, t.id);
    assert.deepEqual([seen.id, seen.is_confirmed, seen.tournament.deleted], [l.id, false, true]);
    assert.deepEqual(await linksOf(owner, t.id), []);
  });
});

describe('removing links', () => {
  it('lets either side remove a link, no one else', async () => {
    const t = await newTournament();
    const a = await link(organizer, t.id);
    for (const who of [member, stranger]) {
      await fails(call(who, 'delete_team_tournament', { id: a.id }), 403, 'Убрать команду из турнира может создатель турнира или владелец либо администратор команды.');
    }
    assert.deepEqual(await call(admin, 'delete_team_tournament', { id: a.id }), {});
    assert.deepEqual(await linksOf(guest, t.id), []);
    await fails(call(admin, 'delete_team_tournament', { id: a.id }), 404);
    const b = await link(owner, t.id);
    assert.deepEqual(await call(organizer, 'delete_team_tournament', { id: b.id }), {});
  });

  it('goes with its team', async () => {
    const team = await makeTeam(ts, stranger);
    const t = await newTournament();
    const l = await link(stranger, t.id, team);
    await call(stranger, 'delete_team', { id: team });
    assert.deepEqual(await linksOf(guest, t.id), []);
    await fails(confirm(stranger, l.id), 404, 'Участие команды в турнире не найдено.');
  });
});

describe('list team tournaments', () => {
  let team: string;
  const ids: Record<string, string> = {};
  const tournaments: Record<string, string> = {};
  before(async () => {
    team = await makeTeam(ts, owner);
    // name: start in days from now
    const plan: Record<string, number> = { past: -5, soon: 3, month: 25, later: 45, gone: 7 };
    for (const [name, days] of Object.entries(plan)) {
      // A new tournament starts today or later: one that has started is moved to its start afterwards.
      tournaments[name] = (await newTournament({ start_time: at(Math.max(days, 0) * DAY) })).id;
      if (days < 0) await call(organizer, 'update_tournament', { id: tournaments[name], start_time: at(days * DAY) });
      ids[name] = (await link(organizer, tournaments[name], team)).id;
    }
    await confirm(owner, ids.soon);
    await call(organizer, 'delete_tournament', { id: tournaments.gone });
  });
  const names = (r: Any) => r.team_tournaments.map((l: Any) => Object.keys(ids).find((k) => ids[k] === l.id));
  const list = (input: object = {}) => call(guest, 'list_team_tournaments', { team_id: team, ...input });

  it('lists a team’s tournaments by start time with their confirmation; deleted ones on request, to their creator', async () => {
    const r = await list();
    assert.deepEqual(names(r), ['past', 'soon', 'month', 'later']);
    assert.deepEqual(r.team_tournaments.map((l: Any) => l.is_confirmed), [false, true, false, false]);
    assert.deepEqual(names(await list({ sort_order: 'desc' })), ['later', 'month', 'soon', 'past']);
    const byOrganizer = (input: object = {}) => call(organizer, 'list_team_tournaments', { team_id: team, ...input });
    assert.deepEqual(names(await byOrganizer({ include_deleted: true })), ['past', 'soon', 'gone', 'month', 'later']);
    // Anyone else, the team's owner and a visitor included, never learns of a deleted tournament.
    assert.deepEqual(names(await list({ include_deleted: true })), ['past', 'soon', 'month', 'later']);
    assert.deepEqual(names(await call(owner, 'list_team_tournaments', { team_id: team, include_deleted: true })), ['past', 'soon', 'month', 'later']);
    assert.deepEqual(names(await withKey(ts, 'list_team_tournaments', { team_id: team, include_deleted: true })), ['past', 'soon', 'month', 'later']);
    // The team page's nearest tournaments: starting within 30 days.
    assert.deepEqual(names(await list({ start_before: at(30 * DAY) })), ['past', 'soon', 'month']);
    assert.deepEqual(names(await list({ start_after: at(0), start_before: at(30 * DAY) })), ['soon', 'month']);
    assert.deepEqual(names(await call(guest, 'list_team_tournaments', { tournament_id: tournaments.soon })), ['soon']);
    assert.deepEqual(names(await withKey(ts, 'list_team_tournaments', { team_id: team, tournament_id: tournaments.later })), ['later']);
    for (const sort_order of ['asc', 'desc']) {
      const whole = (await byOrganizer({ sort_order, include_deleted: true })).team_tournaments;
      assert.deepEqual(await allPages((cursor) => byOrganizer({ sort_order, include_deleted: true, limit: 2, cursor }), 'team_tournaments', 2), whole);
    }
  });

  it('follows a tournament’s new start time', async () => {
    await call(organizer, 'update_tournament', { id: tournaments.later, start_time: at(-10 * DAY) });
    assert.deepEqual(names(await list()), ['later', 'past', 'soon', 'month']);
    const moved = (await list()).team_tournaments[0];
    assert.equal(moved.tournament.start_time, (await call(guest, 'get_tournament', { id: tournaments.later })).start_time);
  });

  it('refuses bad input', async () => {
    const { cursor } = await list({ limit: 1 });
    await fails(list({ sort_order: 'desc', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(list({ start_before: 'через месяц' }), 400, /^Начало до: /);
    await fails(list({ include_deleted: 1 }), 400, /^Показывать удалённые: /);
    await fails(call(owner, 'set_team_tournament_confirmed', { id: ids.soon, is_confirmed: 'yes' }), 400, 'Подтверждение: ожидалось true или false.');
    await fails(call(owner, 'set_team_tournament_confirmed', { id: ids.soon }), 400, /^Подтверждение: /);
  });
});
