// Filling a team: a manager puts their own player on it at once (add_team_player), and the roster's
// steps tell the people they concern: a request its team's managers, an approval or a refusal its requester.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { NotificationCode as N } from '../notifications/index.ts';
import { Code, failsWithCode, startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let admin: Session;
let member: Session;
let bob: Session;
let guest: Session;

before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, admin, member, bob, guest] = await Promise.all([P.registered(), P.registered(), P.registered(), P.registered(), P.guest()]);
  await P.ts.client().updateAccount(bob, { display_name: 'Борис Бобров' });
});
after(() => P.close());

const add = (s: Session, input: object) => P.call(s, 'add_team_player', input);

/** A team of owner's with an admin and a plain member, confirmed players written straight in (no notifications). */
async function team(input: object = {}) {
  const t = await P.team(owner, input);
  let number = 1;
  for (const [s, role] of [[admin, 1], [member, 0]] as const) {
    const p = await P.player(s);
    await P.ts.app.nk.db.execute(
      `INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, team_role, number, is_confirmed)
       VALUES ($1, $2, $3, $4, $4, $5, $6, true)`,
      [crypto.randomUUID(), t.id, p.id, s.user_id, role, number++],
    );
  }
  return t;
}

/** The portal's notifications (codes above 100) a user has about a team, oldest first. */
async function inbox(s: Session, teamId: string): Promise<Any[]> {
  const list = (await P.ts.client().listNotifications(s, 100)).notifications ?? [];
  return list
    .filter((n) => (n.code ?? 0) > 100 && (n.content as Any)?.team_id === teamId)
    .map((n) => ({ code: n.code, subject: n.subject, link: (n.content as Any).link, sender: n.sender_id }));
}

describe('add_team_player', () => {
  it('puts a manager\'s own player on an open or a closed team at once, with the number and roles given', async () => {
    for (const team_type of [0, 1]) {
      const t = await team({ team_type });
      const p = await P.player(owner);
      const tp = await add(owner, { team_id: t.id, player_id: p.id, number: 10, field_role: 4, team_role: 1 });
      assert.deepEqual(
        [tp.team_id, tp.player_id, tp.user_id, tp.creator_id, tp.number, tp.field_role, tp.team_role, tp.is_confirmed, tp.is_main_squad],
        [t.id, p.id, owner.user_id, owner.user_id, 10, 4, 1, true, false],
      );
      const seen = await P.call(owner, 'get_team', { id: t.id });
      assert.equal(seen.member_count, 3);
      assert.equal(seen.viewer.has_player, true);
      // An admin adds theirs too, with the lowest free number.
      const byAdmin = await add(admin, { team_id: t.id, player_id: (await P.player(admin)).id });
      assert.deepEqual([byAdmin.number, byAdmin.is_confirmed, byAdmin.field_role, byAdmin.team_role], [3, true, 0, 0]);
    }
  });

  it('lets only the owner name an admin, and only managers add', async () => {
    const t = await team({ team_type: 1 });
    await failsWithCode(add(admin, { team_id: t.id, player_id: (await P.player(admin)).id, team_role: 1 }), Code.Denied,
      'Назначать администраторов может только владелец команды.');
    const managersOnly = 'Это может делать только владелец или администратор команды.';
    for (const who of [member, bob]) await failsWithCode(add(who, { team_id: t.id, player_id: (await P.player(who)).id }), Code.Denied, managersOnly);
    await failsWithCode(add(guest, { team_id: t.id, player_id: (await P.player(bob)).id }), Code.Denied);
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).member_count, 2);
  });

  it('takes only the caller\'s own player, once', async () => {
    const t = await team();
    await failsWithCode(add(owner, { team_id: t.id, player_id: (await P.player(bob)).id }), Code.Denied,
      'Добавить в команду сразу можно только своего игрока.');
    const p = await P.player(owner);
    await add(owner, { team_id: t.id, player_id: p.id });
    await failsWithCode(add(owner, { team_id: t.id, player_id: p.id }), Code.AlreadyExists, 'Этот игрок уже в команде.');
    await failsWithCode(add(owner, { team_id: t.id, player_id: crypto.randomUUID() }), Code.NotFound, 'Игрок не найден.');
    await failsWithCode(add(owner, { team_id: crypto.randomUUID(), player_id: p.id }), Code.NotFound, 'Команда не найдена.');
  });

  it('keeps the numbers rule: 1 to 99, free ones only, the lowest free one by default', async () => {
    const t = await team();
    for (const number of [0, 100, 2.5, '9']) {
      await failsWithCode(add(owner, { team_id: t.id, player_id: (await P.player(owner)).id, number }), Code.Invalid, /^Номер: /);
    }
    await failsWithCode(add(owner, { team_id: t.id, player_id: (await P.player(owner)).id, number: 2 }), Code.AlreadyExists, 'Номер 2 уже занят');
    assert.equal((await add(owner, { team_id: t.id, player_id: (await P.player(owner)).id, number: 99 })).number, 99);
    assert.equal((await add(owner, { team_id: t.id, player_id: (await P.player(owner)).id, number: null })).number, 3);
    // Fill every other number with players made straight in the database.
    await P.ts.app.nk.db.execute(
      `WITH p AS (
         INSERT INTO player (id, first_name, last_name, first_name_key, last_name_key, creator_id)
         SELECT gen_random_uuid(), 'Запасной', n::text, 'запасной', n::text, $2 FROM generate_series(4, 98) n RETURNING id, last_name)
       INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, number, is_confirmed)
       SELECT gen_random_uuid(), $1, p.id, $2, $2, p.last_name::int, true FROM p`,
      [t.id, bob.user_id],
    );
    await failsWithCode(add(owner, { team_id: t.id, player_id: (await P.player(owner)).id }), Code.Precondition, 'Все номера от 1 до 99 заняты');
  });
});

describe('notifications of the roster', () => {
  it('tell a request to the team\'s managers, not to a member or the requester', async () => {
    const t = await team();
    await P.call(bob, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(bob)).id });
    const expected = {
      code: N.TeamJoinRequest,
      subject: `Борис Бобров просит принять игрока в команду «${t.name}»`,
      link: `/teams/${t.id}/roster`,
      sender: bob.user_id,
    };
    assert.deepEqual(await inbox(owner, t.id), [expected]);
    assert.deepEqual(await inbox(admin, t.id), [expected]);
    assert.deepEqual(await inbox(member, t.id), []);
    assert.deepEqual(await inbox(bob, t.id), []);
  });

  it('tell nobody of a manager\'s own player, which is on the team at once', async () => {
    const t = await team();
    await P.call(admin, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(admin)).id });
    await add(owner, { team_id: t.id, player_id: (await P.player(owner)).id });
    for (const who of [owner, admin, member]) assert.deepEqual(await inbox(who, t.id), []);
  });

  it('tell the requester of an approval, once, and no one else', async () => {
    const t = await team();
    const req = await P.call(bob, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(bob)).id });
    await P.call(admin, 'approve_team_player', { id: req.id, field_role: 2 });
    // Changing a confirmed player's place tells nothing more.
    await P.call(owner, 'approve_team_player', { id: req.id, is_main_squad: true });
    assert.deepEqual(await inbox(bob, t.id), [{ code: N.TeamJoinApproved, subject: `Заявка в команду «${t.name}» принята`, link: `/teams/${t.id}`, sender: admin.user_id }]);
    assert.deepEqual((await inbox(owner, t.id)).map((n) => n.code), [N.TeamJoinRequest]);
    assert.deepEqual(await inbox(member, t.id), []);
  });

  it('tell the requester of a refusal by a manager; a withdrawal or a removal tells no one', async () => {
    const t = await team();
    const req = await P.call(bob, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(bob)).id });
    await P.call(owner, 'reject_team_player', { id: req.id });
    assert.deepEqual(await inbox(bob, t.id), [{ code: N.TeamJoinRejected, subject: `Заявка в команду «${t.name}» отклонена`, link: `/teams/${t.id}`, sender: owner.user_id }]);
    const again = await P.call(bob, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(bob)).id });
    await P.call(bob, 'reject_team_player', { id: again.id });
    const confirmed = await P.member(owner, bob, t.id);
    await P.call(admin, 'reject_team_player', { id: confirmed.id });
    assert.deepEqual((await inbox(bob, t.id)).map((n) => n.code), [N.TeamJoinRejected, N.TeamJoinApproved]);
    assert.deepEqual((await inbox(owner, t.id)).map((n) => n.code), [N.TeamJoinRequest, N.TeamJoinRequest, N.TeamJoinRequest]);
  });
});

describe('leaving and removing', () => {
  it('lets a player\'s owner leave and a manager remove; the member is no longer one', async () => {
    const t = await team();
    const [mine] = (await P.call(guest, 'list_team_players', { team_ids: [t.id], user_ids: [member.user_id] })).team_players;
    await failsWithCode(P.call(bob, 'reject_team_player', { id: mine.id }), Code.Denied);
    assert.deepEqual(await P.call(member, 'reject_team_player', { id: mine.id }), {});
    const viewer = (await P.call(member, 'get_team', { id: t.id })).viewer;
    assert.deepEqual([viewer.is_member, viewer.has_player, viewer.can_join], [false, false, true]);
    const tp = await P.member(owner, bob, t.id);
    assert.deepEqual(await P.call(admin, 'reject_team_player', { id: tp.id }), {});
    assert.equal((await P.call(bob, 'get_team', { id: t.id })).viewer.is_member, false);
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).member_count, 1);
  });
});
