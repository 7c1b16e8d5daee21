import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { listTeamsQuery } from './store.ts';
import { Code, fails, failsWithCode, planOf, PNG, startPortal, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let bob: Session;
let guest: Session;

before(async () => {
  P = await startPortal();
  [owner, bob, guest] = await Promise.all([P.registered(), P.registered(), P.guest()]);
});
after(() => P.close());

describe('create_team', () => {
  it('creates a team for its owner, with the default formation', async () => {
    const avatar = await P.ts.app.nk.fileUpload(owner.user_id!, PNG, 'png');
    const t = await P.call(owner, 'create_team', { name: '  Спартак ', description: 'Народная команда', avatar_id: avatar.id, rating: 99, member_count: 7 });
    assert.deepEqual(Object.keys(t).sort(), [
      'avatar_id', 'create_time', 'creator_id', 'description', 'id', 'member_count', 'name', 'rating', 'team_type', 'update_time',
    ]);
    assert.equal(t.name, 'Спартак');
    assert.equal(t.description, 'Народная команда');
    assert.equal(t.avatar_id, avatar.id);
    assert.deepEqual([t.team_type, t.rating, t.member_count, t.creator_id], [0, 0, 0, owner.user_id]);
    const { formations } = await P.call(owner, 'list_team_formations', { teamId: t.id });
    assert.deepEqual(formations.map((f: { name: string; isDefault: boolean }) => [f.name, f.isDefault]), [['default', true]]);
  });

  it('takes defaults: empty description, open type, no avatar', async () => {
    const t = await P.call(owner, 'create_team', { name: 'Торпедо', description: null, avatar_id: null });
    assert.equal(t.description, '');
    assert.equal(t.team_type, 0);
    assert.equal('avatar_id' in t, false);
    assert.equal((await P.call(owner, 'create_team', { name: 'Закрытый клуб', team_type: 1 })).team_type, 1);
  });

  it('refuses bad input', async () => {
    const create = (input: object) => P.call(owner, 'create_team', input);
    await failsWithCode(create({}), Code.Invalid, 'Название: укажите название команды.');
    await failsWithCode(create({ name: '   ' }), Code.Invalid, 'Название: укажите название команды.');
    await failsWithCode(create({ name: 'К'.repeat(101) }), Code.Invalid, 'Название: не длиннее 100 символов.');
    await failsWithCode(create({ name: 'Кома\nнда' }), Code.Invalid, 'Название: недопустимые символы.');
    await failsWithCode(create({ name: 'Команда', description: 'о'.repeat(2001) }), Code.Invalid, 'Описание: не длиннее 2000 символов.');
    await failsWithCode(create({ name: 'Команда', team_type: 2 }), Code.Invalid, /^Тип команды: /);
    await failsWithCode(create({ name: 'Команда', team_type: '0' }), Code.Invalid, /^Тип команды: /);
    await failsWithCode(create({ name: 'Команда', avatar_id: crypto.randomUUID() }), Code.Invalid, 'Аватар: файл не найден.');
  });

  it('lets only registered users create teams', async () => {
    await failsWithCode(P.call(guest, 'create_team', { name: 'Гости' }), Code.Denied);
    await failsWithCode(P.withKey('create_team', { name: 'Ключ' }), Code.Unauthenticated);
  });
});

describe('create_team limit', () => {
  let L: Portal;
  before(async () => {
    L = await startPortal({ LIMIT_TEAMS_PER_USER: '3' });
  });
  after(() => L.close());

  const ownTeams = async (s: Session) => (await L.call(s, 'list_teams', { creator_id: s.user_id, limit: 100 })).teams.length;

  it('is 20 teams per user unless LIMIT_TEAMS_PER_USER says otherwise', () => {
    assert.equal(P.ts.app.nk.limits.teamsPerUser, 20);
    assert.equal(L.ts.app.nk.limits.teamsPerUser, 3);
  });

  it('refuses a team past the limit with 429; a deleted team frees its place, others are not held back', async () => {
    const [u, other] = await Promise.all([L.registered(), L.registered()]);
    const teams = [await L.team(u), await L.team(u), await L.team(u)];
    await fails(L.team(u), 429, 'Достигнут предел: не больше 3 команд на пользователя.', Code.Exhausted);
    assert.equal(await ownTeams(u), 3);
    // Teams they manage but did not create do not count.
    await L.member(other, u, (await L.team(other)).id);
    await L.team(other);
    await L.call(u, 'delete_team', { id: teams[0].id });
    await L.team(u);
    await fails(L.team(u), 429, undefined, Code.Exhausted);
  });

  it('lets only as many parallel creations through as there is room for', async () => {
    const u = await L.registered();
    await L.team(u);
    await L.team(u);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => L.team(u)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') await fails(Promise.reject(r.reason), 429, undefined, Code.Exhausted);
    assert.equal(await ownTeams(u), 3);
  });
});

describe('get_team', () => {
  it('describes the viewer: owner, admin, member, a request only, a stranger, a visitor', async () => {
    const t = await P.team(owner);
    const [admin, member, asking] = await Promise.all([P.registered(), P.registered(), P.registered()]);
    const adminTp = await P.member(owner, admin, t.id);
    await P.call(owner, 'approve_team_player', { id: adminTp.id, team_role: 1 });
    await P.member(owner, member, t.id);
    const request = await P.call(asking, 'request_join_team_player', { team_id: t.id, player_id: (await P.player(asking)).id });
    const viewer = async (s: Session | null) => (s ? await P.call(s, 'get_team', { id: t.id }) : await P.withKey('get_team', { id: t.id })).viewer;
    const none = { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false, can_join: false };
    assert.deepEqual(await viewer(owner), { ...none, is_owner: true, is_member: true, can_manage: true });
    assert.deepEqual(await viewer(admin), { ...none, is_admin: true, is_member: true, has_player: true, can_manage: true });
    assert.deepEqual(await viewer(member), { ...none, is_member: true, has_player: true });
    assert.deepEqual(await viewer(asking), { ...none, has_player: true, pending_request_id: request.id });
    assert.deepEqual(await viewer(bob), { ...none, can_join: true });
    assert.deepEqual(await viewer(guest), { ...none, can_join: true });
    assert.deepEqual(await viewer(null), { ...none, can_join: true });
    // Withdrawn, the request is gone and the button is back; a closed team offers it to nobody.
    await P.call(asking, 'reject_team_player', { id: request.id });
    assert.deepEqual(await viewer(asking), { ...none, can_join: true });
    await P.call(owner, 'update_team', { id: t.id, team_type: 1 });
    assert.deepEqual(await viewer(asking), none);
    assert.deepEqual(await viewer(null), none);
    const got = await P.call(guest, 'get_team', { id: t.id });
    assert.equal(got.member_count, 2, 'confirmed players only');
    assert.equal(got.name, t.name);
  });

  it('answers unknown and malformed ids', async () => {
    await failsWithCode(P.call(guest, 'get_team', { id: crypto.randomUUID() }), Code.NotFound, 'Команда не найдена.');
    await failsWithCode(P.call(guest, 'get_team', { id: 'team-1' }), Code.Invalid, /^Идентификатор: /);
  });
});

describe('update_team', () => {
  it('lets the owner and admins change fields; null clears the avatar', async () => {
    const avatar = await P.ts.app.nk.fileUpload(owner.user_id!, PNG, 'png');
    const t = await P.team(owner, { avatar_id: avatar.id, description: 'Старое' });
    const changed = await P.call(owner, 'update_team', { id: t.id, name: ' Новое имя ', team_type: 1, avatar_id: null, rating: 5 });
    assert.equal(changed.name, 'Новое имя');
    assert.equal(changed.team_type, 1);
    assert.equal(changed.description, 'Старое');
    assert.equal('avatar_id' in changed, false);
    assert.equal(changed.rating, 0);
    assert.ok(Date.parse(changed.update_time) >= Date.parse(t.update_time));
    const admin = await P.registered();
    // Reopened, so the future admin's player may ask to join.
    await P.call(owner, 'update_team', { id: t.id, team_type: 0 });
    const tp = await P.member(owner, admin, t.id);
    await P.call(owner, 'approve_team_player', { id: tp.id, team_role: 1 });
    const byAdmin = await P.call(admin, 'update_team', { id: t.id, description: null });
    assert.equal(byAdmin.description, '');
    assert.deepEqual(await P.call(guest, 'get_team', { id: t.id }).then(({ viewer: _, ...team }) => team), byAdmin);
  });

  it('refuses members, strangers, guests and bad input', async () => {
    const t = await P.team(owner);
    const member = await P.registered();
    await P.member(owner, member, t.id);
    const denied = 'Это может делать только владелец или администратор команды.';
    await failsWithCode(P.call(member, 'update_team', { id: t.id, name: 'Захват' }), Code.Denied, denied);
    await failsWithCode(P.call(bob, 'update_team', { id: t.id, name: 'Захват' }), Code.Denied, denied);
    await failsWithCode(P.call(guest, 'update_team', { id: t.id, name: 'Захват' }), Code.Denied);
    await failsWithCode(P.call(owner, 'update_team', { id: t.id, name: '' }), Code.Invalid, 'Название: укажите название команды.');
    await failsWithCode(P.call(owner, 'update_team', { id: t.id, team_type: 3 }), Code.Invalid);
    await failsWithCode(P.call(owner, 'update_team', { id: t.id, avatar_id: crypto.randomUUID() }), Code.Invalid, 'Аватар: файл не найден.');
    await failsWithCode(P.call(owner, 'update_team', { id: crypto.randomUUID(), name: 'Нет' }), Code.NotFound);
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).name, t.name);
  });
});

describe('delete_team', () => {
  it('lets only the owner delete; the roster, formations and events go with it', async () => {
    const t = await P.team(owner);
    const admin = await P.registered();
    const tp = await P.member(owner, admin, t.id);
    await P.call(owner, 'approve_team_player', { id: tp.id, team_role: 1 });
    await P.call(owner, 'create_team_event', { team_id: t.id, title: 'Матч', type: 'match', event_time: '2035-05-01T18:00:00Z' });
    await failsWithCode(P.call(admin, 'delete_team', { id: t.id }), Code.Denied, 'Удалить команду может только её владелец.');
    await failsWithCode(P.call(bob, 'delete_team', { id: t.id }), Code.Denied);
    await failsWithCode(P.call(guest, 'delete_team', { id: t.id }), Code.Denied);
    assert.deepEqual(await P.call(owner, 'delete_team', { id: t.id }), {});
    await failsWithCode(P.call(owner, 'get_team', { id: t.id }), Code.NotFound);
    await failsWithCode(P.call(owner, 'delete_team', { id: t.id }), Code.NotFound);
    const db = P.ts.app.nk.db;
    for (const table of ['team_player', 'team_formation', 'team_event']) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE team_id = $1`, [t.id]);
      assert.equal(n, 0, table);
    }
  });
});

describe('list_teams', () => {
  // A server of its own, so the listing holds exactly these teams.
  let L: Portal;
  let mine: Session;
  let other: Session;
  const names = (r: { teams: { name: string }[] }) => r.teams.map((t) => t.name);

  before(async () => {
    L = await startPortal();
    [mine, other] = await Promise.all([L.registered(), L.registered()]);
    for (const [s, name, team_type] of [
      [mine, 'Спартак', 0], [other, 'спартанцы', 1], [mine, 'Динамо', 0], [other, 'Dynamo_%', 0], [mine, 'Зенит', 1],
    ] as const) {
      await L.call(s, 'create_team', { name, team_type });
    }
  });
  after(() => L.close());

  it('lists newest first for anyone, and pages with a cursor', async () => {
    const all = ['Зенит', 'Dynamo_%', 'Динамо', 'спартанцы', 'Спартак'];
    assert.deepEqual(names(await L.call(mine, 'list_teams', {})), all);
    assert.deepEqual(names(await L.withKey('list_teams', {})), all);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await L.call(other, 'list_teams', { limit: 2, cursor });
      assert.ok(page.teams.length <= 2);
      seen.push(...names(page));
      cursor = page.cursor;
    } while (cursor);
    assert.deepEqual(seen, all);
  });

  it('filters by type, creator, ids and a case-insensitive name prefix', async () => {
    const list = (input: object) => L.call(mine, 'list_teams', input).then(names);
    assert.deepEqual(await list({ team_type: 1 }), ['Зенит', 'спартанцы']);
    assert.deepEqual(await list({ team_type: 0, limit: 2 }), ['Dynamo_%', 'Динамо']);
    assert.deepEqual(await list({ creator_id: other.user_id }), ['Dynamo_%', 'спартанцы']);
    assert.deepEqual(await list({ name: 'СПАРТ' }), ['спартанцы', 'Спартак']);
    assert.deepEqual(await list({ name: 'спартак' }), ['Спартак']);
    assert.deepEqual(await list({ name: 'dynamo_' }), ['Dynamo_%']);
    assert.deepEqual(await list({ name: '%' }), [], 'wildcards are literal');
    assert.deepEqual(await list({ name: 'спарт', team_type: 0 }), ['Спартак']);
    const ids = (await L.call(mine, 'list_teams', { creator_id: mine.user_id })).teams.map((t: { id: string }) => t.id);
    assert.deepEqual(await list({ ids: ids.slice(1) }), ['Динамо', 'Спартак']);
  });

  it('lists the teams a user manages: created, or an admin of (not a plain member, not asking)', async () => {
    const [third, fourth] = await Promise.all([L.registered(), L.registered()]);
    const teams = (await L.call(other, 'list_teams', { creator_id: other.user_id })).teams as { id: string; name: string }[];
    const byName = (n: string) => teams.find((t) => t.name === n)!.id;
    const adminTp = await L.member(other, mine, byName('Dynamo_%'));
    await L.call(other, 'approve_team_player', { id: adminTp.id, team_role: 1 });
    await L.member(other, third, byName('Dynamo_%'));
    await L.call(fourth, 'request_join_team_player', { team_id: byName('Dynamo_%'), player_id: (await L.player(fourth)).id });
    const managed = (s: Session) => L.call(s, 'list_teams', { manager_id: s.user_id }).then(names);
    assert.deepEqual(await managed(mine), ['Зенит', 'Dynamo_%', 'Динамо', 'Спартак']);
    assert.deepEqual(await managed(other), ['Dynamo_%', 'спартанцы']);
    assert.deepEqual(await managed(third), []);
    assert.deepEqual(await managed(fourth), []);
    assert.deepEqual(await L.call(mine, 'list_teams', { manager_id: mine.user_id, team_type: 0, limit: 2 }).then(names), ['Dynamo_%', 'Динамо']);
    const { sql, params } = listTeamsQuery({ limit: 20, managerId: mine.user_id });
    assert.doesNotMatch(await planOf(L.ts.app.nk.db, sql, params, { sorts: true }), /Seq Scan/);
  });

  it('refuses bad filters', async () => {
    for (const input of [
      { limit: 0 }, { limit: 101 }, { team_type: 2 }, { creator_id: 'me' }, { manager_id: 'me' }, { ids: ['x'] }, { name: 5 },
      { cursor: 'nope' }, { cursor: Buffer.from('["1","x"]').toString('base64url') },
    ]) {
      await failsWithCode(L.call(mine, 'list_teams', input), Code.Invalid);
    }
  });

  it('is served by an index with and without team_type, by creator and by name', async () => {
    const plan = (f: object) => {
      const { sql, params } = listTeamsQuery({ limit: 20, ...f });
      return planOf(L.ts.app.nk.db, sql, params, { sorts: true });
    };
    assert.match(await plan({}), /Index Scan using team_create_time_id_idx/);
    assert.match(await plan({ teamType: 1 }), /team_type_create_time_id_idx/);
    const cursor = (await L.call(mine, 'list_teams', { limit: 1 })).cursor;
    assert.match(await plan({ teamType: 0, cursor }), /Index Cond: .*team_type/s);
    assert.match(await plan({ cursor }), /Index Scan using team_create_time_id_idx/);
    assert.match(await plan({ creatorId: mine.user_id }), /team_creator_id_idx/);
    assert.match(await plan({ name: 'спар' }), /team_name_key_idx/);
    assert.doesNotMatch(await plan({ teamType: 1 }), /Seq Scan/);
  });
});
