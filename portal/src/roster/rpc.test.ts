import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, planOf, startPortal, type Portal } from '../testing.ts';
import { listTeamPlayersQuery } from './store.ts';

let P: Portal;
let owner: Session;
let bob: Session;
let guest: Session;

before(async () => {
  // The owner creates teams and players in every test, more than a user's default allowance.
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, bob, guest] = await Promise.all([P.registered(), P.registered(), P.guest()]);
});
after(() => P.close());

const join = (s: Session, input: object) => P.call(s, 'request_join_team_player', input);
const approve = (s: Session, input: object) => P.call(s, 'approve_team_player', input);
const numbers = async (teamId: string) =>
  (await P.call(guest, 'list_team_players', { team_ids: [teamId] })).team_players.map((tp: { number: number }) => tp.number);

/** Fills every number from 1 to 99 but `except` with confirmed players of the owner, straight in the database. */
async function fillNumbers(teamId: string, userId: string, except: number) {
  await P.ts.app.nk.db.execute(
    `WITH p AS (
       INSERT INTO player (id, first_name, last_name, first_name_key, last_name_key, creator_id)
       SELECT gen_random_uuid(), 'Запасной', n::text, 'запасной', n::text, $2 FROM generate_series(1, 99) n WHERE n <> $3
       RETURNING id, last_name)
     INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, number, is_confirmed)
     SELECT gen_random_uuid(), $1, p.id, $2, $2, p.last_name::int, true FROM p`,
    [teamId, userId, except],
  );
}

describe('request_join_team_player', () => {
  it('files an unconfirmed request with the lowest free number and the player\'s names', async () => {
    const t = await P.team(owner);
    const p = await P.call(bob, 'create_player', { first_name: 'Лев', middle_name: 'Иванович', last_name: 'Яшин' });
    const tp = await join(bob, { team_id: t.id, player_id: p.id });
    assert.deepEqual(Object.keys(tp).sort(), [
      'create_time', 'creator_id', 'field_role', 'id', 'is_confirmed', 'is_main_squad', 'number', 'player', 'player_id',
      'team_id', 'team_role', 'update_time', 'user_id',
    ]);
    assert.deepEqual(
      [tp.team_id, tp.player_id, tp.user_id, tp.creator_id, tp.number, tp.is_confirmed, tp.field_role, tp.team_role, tp.is_main_squad],
      [t.id, p.id, bob.user_id, bob.user_id, 1, false, 0, 0, false],
    );
    assert.deepEqual(tp.player, { first_name: 'Лев', middle_name: 'Иванович', last_name: 'Яшин' });
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).member_count, 0);
  });

  it('gives the lowest free number, refuses a taken one, and counts requests as taken', async () => {
    const t = await P.team(owner);
    const a = await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number: 2 });
    assert.equal(a.number, 2);
    assert.deepEqual(await P.call(guest, 'get_team_free_number', { team_id: t.id }), { number: 1 });
    assert.equal((await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id })).number, 1);
    assert.equal((await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number: null })).number, 3);
    await failsWithCode(join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number: 2 }), Code.AlreadyExists, 'Номер 2 уже занят');
    assert.equal((await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number: 99 })).number, 99);
    assert.deepEqual(await numbers(t.id), [1, 2, 3, 99]);
  });

  it('refuses when all 99 numbers are taken', async () => {
    const t = await P.team(owner);
    await fillNumbers(t.id, owner.user_id!, 57);
    assert.deepEqual(await P.withKey('get_team_free_number', { team_id: t.id }), { number: 57 });
    assert.equal((await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id })).number, 57);
    assert.deepEqual(await P.call(guest, 'get_team_free_number', { team_id: t.id }), { number: null });
    await failsWithCode(join(bob, { team_id: t.id, player_id: (await P.player(bob)).id }), Code.Precondition, 'Все номера от 1 до 99 заняты');
    await failsWithCode(join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number: 57 }), Code.AlreadyExists, 'Номер 57 уже занят');
  });

  it('never gives two concurrent requests the same number', async () => {
    const t = await P.team(owner);
    const users = await Promise.all(Array.from({ length: 12 }, () => P.registered()));
    const players = await Promise.all(users.map((u) => P.player(u)));
    const made = await Promise.all(users.map((u, i) => join(u, { team_id: t.id, player_id: players[i].id })));
    assert.deepEqual(made.map((tp) => tp.number).sort((a, b) => a - b), Array.from({ length: 12 }, (_, i) => i + 1));
    // Everyone asks for 50 at once: one gets it, the others are told it is taken.
    const more = await Promise.all(users.map((u) => P.player(u)));
    const results = await Promise.allSettled(users.map((u, i) => join(u, { team_id: t.id, player_id: more[i].id, number: 50 })));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results.filter((r) => r.status === 'rejected')) await failsWithCode(Promise.reject(r.reason), Code.AlreadyExists, 'Номер 50 уже занят');
    assert.equal(new Set(await numbers(t.id)).size, 13);
  });

  it('confirms a manager\'s own player at once, also in a closed team', async () => {
    const t = await P.team(owner, { team_type: 1 });
    const tp = await join(owner, { team_id: t.id, player_id: (await P.player(owner)).id });
    assert.equal(tp.is_confirmed, true);
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).member_count, 1);
  });

  it('refuses someone else\'s player, a player already on the team, a closed team, guests and bad input', async () => {
    const t = await P.team(owner);
    const p = await P.player(bob);
    await failsWithCode(join(owner, { team_id: t.id, player_id: p.id }), Code.Denied, 'Подать заявку можно только за своего игрока.');
    await join(bob, { team_id: t.id, player_id: p.id });
    await failsWithCode(join(bob, { team_id: t.id, player_id: p.id }), Code.AlreadyExists, 'Этот игрок уже в команде или уже подал заявку.');
    const closed = await P.team(owner, { team_type: 1 });
    await failsWithCode(join(bob, { team_id: closed.id, player_id: p.id }), Code.Denied, 'Команда закрыта: заявки на вступление не принимаются.');
    await failsWithCode(join(guest, { team_id: t.id, player_id: p.id }), Code.Denied);
    await failsWithCode(join(bob, { team_id: crypto.randomUUID(), player_id: p.id }), Code.NotFound, 'Команда не найдена.');
    await failsWithCode(join(bob, { team_id: t.id, player_id: crypto.randomUUID() }), Code.NotFound, 'Игрок не найден.');
    for (const number of [0, 100, 1.5, '7']) {
      await failsWithCode(join(bob, { team_id: t.id, player_id: (await P.player(bob)).id, number }), Code.Invalid, /^Номер: /);
    }
    await failsWithCode(join(bob, { team_id: 'x', player_id: p.id }), Code.Invalid, /^Команда: /);
  });
});

describe('approve_team_player', () => {
  it('confirms with roles, number and squad; only the owner names admins', async () => {
    const t = await P.team(owner);
    const [admin, carol] = await Promise.all([P.registered(), P.registered()]);
    const adminTp = await P.member(owner, admin, t.id);
    await failsWithCode(approve(admin, { id: adminTp.id, team_role: 1 }), Code.Denied, 'Это может делать только владелец или администратор команды.');
    const made = await approve(owner, { id: adminTp.id, team_role: 1 });
    assert.equal(made.team_role, 1);
    const req = await join(carol, { team_id: t.id, player_id: (await P.player(carol)).id });
    await failsWithCode(approve(admin, { id: req.id, team_role: 1 }), Code.Denied, 'Назначать администраторов может только владелец команды.');
    const ok = await approve(admin, { id: req.id, field_role: 4, number: 10, is_main_squad: true, team_role: 0 });
    assert.deepEqual([ok.is_confirmed, ok.field_role, ok.number, ok.is_main_squad, ok.team_role], [true, 4, 10, true, 0]);
    assert.equal((await P.call(carol, 'get_team', { id: t.id })).viewer.is_member, true);
    assert.equal((await approve(owner, { id: req.id, number: 10, is_main_squad: false })).is_main_squad, false);
    await failsWithCode(approve(owner, { id: req.id, number: adminTp.number }), Code.AlreadyExists, `Номер ${adminTp.number} уже занят`);
  });

  it('refuses non-managers, unknown ids and bad input', async () => {
    const t = await P.team(owner);
    const member = await P.registered();
    await P.member(owner, member, t.id);
    const req = await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id });
    await failsWithCode(approve(bob, { id: req.id }), Code.Denied);
    await failsWithCode(approve(member, { id: req.id }), Code.Denied);
    await failsWithCode(approve(guest, { id: req.id }), Code.Denied);
    await failsWithCode(approve(owner, { id: crypto.randomUUID() }), Code.NotFound, 'Игрок команды не найден.');
    await failsWithCode(approve(owner, { id: req.id, field_role: 6 }), Code.Invalid, /^Амплуа: /);
    await failsWithCode(approve(owner, { id: req.id, team_role: 2 }), Code.Invalid, /^Роль в команде: /);
    await failsWithCode(approve(owner, { id: req.id, number: 100 }), Code.Invalid, /^Номер: /);
    assert.equal((await P.call(guest, 'list_team_players', { team_ids: [t.id], is_confirmed: false })).team_players.length, 1);
  });
});

describe('reject_team_player', () => {
  it('lets managers reject, the player\'s owner withdraw or leave, and no one else', async () => {
    const t = await P.team(owner);
    const [member, other] = await Promise.all([P.registered(), P.registered()]);
    const mTp = await P.member(owner, member, t.id);
    const req = await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id });
    await failsWithCode(P.call(other, 'reject_team_player', { id: req.id }), Code.Denied);
    await failsWithCode(P.call(member, 'reject_team_player', { id: req.id }), Code.Denied);
    await failsWithCode(P.call(guest, 'reject_team_player', { id: req.id }), Code.Denied);
    assert.deepEqual(await P.call(bob, 'reject_team_player', { id: req.id }), {});
    const again = await join(bob, { team_id: t.id, player_id: (await P.player(bob)).id });
    assert.deepEqual(await P.call(owner, 'reject_team_player', { id: again.id }), {});
    assert.deepEqual(await P.call(member, 'reject_team_player', { id: mTp.id }), {});
    assert.deepEqual(await numbers(t.id), []);
    await failsWithCode(P.call(owner, 'reject_team_player', { id: again.id }), Code.NotFound);
  });

  it('removes the player from every formation of the team', async () => {
    const t = await P.team(owner);
    const tp = await P.member(owner, bob, t.id);
    const [def] = (await P.call(owner, 'list_team_formations', { teamId: t.id })).formations;
    const second = await P.call(owner, 'create_team_formation', { teamId: t.id, name: '4-4-2' });
    for (const f of [def, second]) {
      await P.call(owner, 'create_team_player_position', { teamId: t.id, formationId: f.id, playerId: tp.player_id, x: 0.5, y: 0.5 });
    }
    await P.call(owner, 'reject_team_player', { id: tp.id });
    for (const f of [def, second]) {
      assert.deepEqual(await P.call(owner, 'list_team_player_positions', { teamId: t.id, formationId: f.id }), { positions: [] });
    }
  });
});

describe('list_team_players and get_team_free_number', () => {
  it('lists by number with every filter, pages, and is served by an index', async () => {
    const [t, u] = [await P.team(owner), await P.team(owner)];
    const carol = await P.registered();
    const a = await P.member(owner, carol, t.id, { number: 7 });
    await approve(owner, { id: a.id, field_role: 1, team_role: 1, is_main_squad: true });
    const b = await join(bob, { team_id: t.id, player_id: (await P.player(bob, 'Бобров')).id, number: 3 });
    const c = await P.member(owner, bob, u.id, { number: 5 });
    const list = async (input: object) =>
      (await P.withKey('list_team_players', input)).team_players.map((tp: { id: string }) => tp.id);
    assert.deepEqual(await list({ team_ids: [t.id] }), [b.id, a.id]);
    assert.deepEqual(await list({ team_ids: [t.id, u.id] }), [b.id, c.id, a.id]);
    assert.deepEqual(await list({ user_ids: [bob.user_id] , team_ids: [t.id, u.id] }), [b.id, c.id]);
    assert.deepEqual(await list({ player_ids: [a.player_id, c.player_id] }), [c.id, a.id]);
    assert.deepEqual(await list({ team_ids: [t.id], is_confirmed: true }), [a.id]);
    assert.deepEqual(await list({ team_ids: [t.id], is_confirmed: false }), [b.id]);
    assert.deepEqual(await list({ team_ids: [t.id], team_role: 1 }), [a.id]);
    assert.deepEqual(await list({ team_ids: [t.id], field_role: 1 }), [a.id]);
    assert.deepEqual(await list({ team_ids: [t.id], is_main_squad: false }), [b.id]);
    const first = await P.call(guest, 'list_team_players', { team_ids: [t.id, u.id], limit: 2 });
    assert.equal(first.team_players[1].player.last_name, 'Игроков');
    const rest = await P.call(guest, 'list_team_players', { team_ids: [t.id, u.id], limit: 2, cursor: first.cursor });
    assert.deepEqual(rest.team_players.map((tp: { id: string }) => tp.id), [a.id]);
    assert.equal(rest.cursor, undefined);
    for (const input of [{ limit: 201 }, { team_ids: ['x'] }, { is_confirmed: 'yes' }, { field_role: 9 }, { cursor: 'x' }]) {
      await failsWithCode(P.call(guest, 'list_team_players', input), Code.Invalid);
    }
    const { sql, params } = listTeamPlayersQuery({ limit: 100, teamIds: [t.id] });
    // A team has at most 99 rows, so either index led by team_id serves it, sorted or not.
    assert.match(await planOf(P.ts.app.nk.db, sql, params, { sorts: true }), /Index Scan (using|on) team_player_team_(number|player)_key/);
  });

  it('answers unknown teams and bad ids', async () => {
    await failsWithCode(P.call(guest, 'get_team_free_number', { team_id: crypto.randomUUID() }), Code.NotFound, 'Команда не найдена.');
    await failsWithCode(P.call(guest, 'get_team_free_number', { team_id: 'x' }), Code.Invalid);
  });
});
