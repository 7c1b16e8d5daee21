import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, Code, fails, registered as registeredOn, startPortal, withKey, type Portal } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-players-');
let alice: Session;
let bob: Session;
let guest: Session;

const registered = () => registeredOn(ts);
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const callWithKey = (id: string, input: object) => withKey(ts, id, input);

const create = (s: Session, input: object) => call(s, 'create_player', input);

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [alice, bob, guest] = await Promise.all([registered(), registered(), ts.newSession()]);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('create_player and get_player', () => {
  it('creates a player for its creator, trimmed, with statistics at 0', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const avatar = await ts.app.nk.fileUpload(alice.user_id!, png, 'png');
    const p = await create(alice, { first_name: '  Иван ', middle_name: 'Петрович', last_name: 'Сидоров', avatar_id: avatar.id, goals: 99, matches: 5 });
    assert.deepEqual(Object.keys(p).sort(), [
      'assists', 'avatar_id', 'create_time', 'creator_id', 'first_name', 'goals', 'id', 'last_name', 'matches', 'middle_name', 'red', 'update_time', 'yellow',
    ]);
    assert.equal(p.first_name, 'Иван');
    assert.equal(p.middle_name, 'Петрович');
    assert.equal(p.last_name, 'Сидоров');
    assert.equal(p.avatar_id, avatar.id);
    assert.equal(p.creator_id, alice.user_id);
    assert.deepEqual([p.goals, p.assists, p.matches, p.yellow, p.red], [0, 0, 0, 0, 0]);
    assert.ok(!Number.isNaN(Date.parse(p.create_time)));
    assert.deepEqual(await call(guest, 'get_player', { id: p.id }), p);
    assert.deepEqual(await callWithKey('get_player', { id: p.id }), p);
  });

  it('omits the optional fields when not given or empty', async () => {
    const p = await create(alice, { first_name: 'Олег', last_name: 'Блохин', middle_name: '  ', avatar_id: null });
    assert.equal('middle_name' in p, false);
    assert.equal('avatar_id' in p, false);
  });

  it('refuses missing, blank, too long and unprintable names', async () => {
    await fails(create(alice, { last_name: 'Яшин' }), 400, 'Имя: укажите имя.');
    await fails(create(alice, { first_name: 'Лев' }), 400, 'Фамилия: укажите фамилию.');
    await fails(create(alice, { first_name: '   ', last_name: 'Яшин' }), 400, 'Имя: укажите имя.');
    await fails(create(alice, { first_name: 'Лев', last_name: 'Я'.repeat(101) }), 400, 'Фамилия: не длиннее 100 символов.');
    await fails(create(alice, { first_name: 'Лев', middle_name: 'И'.repeat(101), last_name: 'Яшин' }), 400, /^Отчество: /);
    await fails(create(alice, { first_name: 'Л\u0000ев', last_name: 'Яшин' }), 400, 'Имя: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).');
    await fails(create(alice, { first_name: 7, last_name: 'Яшин' }), 400, 'Имя: ожидалась строка.');
    assert.equal((await create(alice, { first_name: 'Л'.repeat(100), last_name: 'Яшин' })).first_name.length, 100);
  });

  it('refuses an avatar that is not a stored file', async () => {
    await fails(create(alice, { first_name: 'Лев', last_name: 'Яшин', avatar_id: crypto.randomUUID() }), 400, 'Аватар: файл не найден.');
    await fails(create(alice, { first_name: 'Лев', last_name: 'Яшин', avatar_id: 'avatar.png' }), 400, /^Аватар: /);
  });

  it('lets only registered users create players', async () => {
    await fails(create(guest, { first_name: 'Лев', last_name: 'Яшин' }), 403);
    await fails(callWithKey('create_player', { first_name: 'Лев', last_name: 'Яшин' }), 401);
  });

  it('answers unknown and malformed ids', async () => {
    await fails(call(alice, 'get_player', { id: crypto.randomUUID() }), 404, 'Игрок не найден.');
    await fails(call(alice, 'get_player', { id: 'nope' }), 400, /^Идентификатор: /);
    await fails(call(alice, 'get_player', {}), 400, /^Идентификатор: /);
  });
});

describe('create_player limit', () => {
  // 21 also checks the wording: "не больше 21 игрока".
  let L: Portal;
  before(async () => {
    L = await startPortal({ LIMIT_PLAYERS_PER_USER: '21' });
  });
  after(() => L.close());

  const own = async (s: Session) => (await L.call(s, 'list_players', { only_mine: true, limit: 100 })).players.length;

  it('is 50 players per user unless LIMIT_PLAYERS_PER_USER says otherwise', () => {
    assert.equal(ts.app.nk.limits.playersPerUser, 50);
    assert.equal(L.ts.app.nk.limits.playersPerUser, 21);
  });

  it('refuses a player past the limit with 429; a deleted player frees its place, others are not held back', async () => {
    const [u, other] = await Promise.all([L.registered(), L.registered()]);
    const players = [];
    for (let i = 0; i < 21; i++) players.push(await L.player(u));
    await fails(L.player(u), 429, 'Достигнут предел: не больше 21 игрока на пользователя.', Code.Exhausted);
    assert.equal(await own(u), 21);
    await L.player(other);
    await L.call(u, 'delete_player', { id: players[0].id });
    await L.player(u);
    await fails(L.player(u), 429, undefined, Code.Exhausted);
  });

  it('lets only as many parallel creations through as there is room for', async () => {
    const u = await L.registered();
    for (let i = 0; i < 19; i++) await L.player(u);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => L.player(u)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    for (const r of results) if (r.status === 'rejected') await fails(Promise.reject(r.reason), 429, undefined, Code.Exhausted);
    assert.equal(await own(u), 21);
  });
});

describe('update_player and delete_player', () => {
  it('lets the creator change names and avatar, and clear the optional ones', async () => {
    const p = await create(alice, { first_name: 'Игорь', middle_name: 'Иванович', last_name: 'Акинфеев' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const avatar = await ts.app.nk.fileUpload(alice.user_id!, png, 'png');
    const changed = await call(alice, 'update_player', { id: p.id, first_name: ' Игорь В. ', avatar_id: avatar.id, goals: 1000 });
    assert.equal(changed.first_name, 'Игорь В.');
    assert.equal(changed.middle_name, 'Иванович');
    assert.equal(changed.last_name, 'Акинфеев');
    assert.equal(changed.avatar_id, avatar.id);
    assert.equal(changed.goals, 0);
    assert.equal(changed.create_time, p.create_time);
    assert.ok(Date.parse(changed.update_time) >= Date.parse(p.update_time));
    const cleared = await call(alice, 'update_player', { id: p.id, middle_name: null, avatar_id: null });
    assert.equal('middle_name' in cleared, false);
    assert.equal('avatar_id' in cleared, false);
    assert.deepEqual(await call(bob, 'get_player', { id: p.id }), cleared);
  });

  it('refuses bad changes', async () => {
    const p = await create(alice, { first_name: 'Игорь', last_name: 'Акинфеев' });
    await fails(call(alice, 'update_player', { id: p.id, last_name: '' }), 400, 'Фамилия: укажите фамилию.');
    await fails(call(alice, 'update_player', { id: p.id, first_name: null }), 400, /^Имя: /);
    await fails(call(alice, 'update_player', { id: p.id, avatar_id: crypto.randomUUID() }), 400, 'Аватар: файл не найден.');
    await fails(call(alice, 'update_player', { id: 'x', first_name: 'Игорь' }), 400, /^Идентификатор: /);
    await fails(call(alice, 'update_player', { id: crypto.randomUUID(), first_name: 'Игорь' }), 404);
  });

  it('lets no one but the creator change or delete a player', async () => {
    const p = await create(alice, { first_name: 'Игорь', last_name: 'Акинфеев' });
    await fails(call(bob, 'update_player', { id: p.id, first_name: 'Взлом' }), 403, 'Изменять и удалять игрока может только его создатель.');
    await fails(call(bob, 'delete_player', { id: p.id }), 403);
    await fails(call(guest, 'update_player', { id: p.id, first_name: 'Взлом' }), 403);
    await fails(call(guest, 'delete_player', { id: p.id }), 403);
    await fails(callWithKey('delete_player', { id: p.id }), 401);
    assert.equal((await call(alice, 'get_player', { id: p.id })).first_name, 'Игорь');
  });

  it('deletes for the creator; a second delete finds nothing', async () => {
    const p = await create(alice, { first_name: 'Игорь', last_name: 'Акинфеев' });
    assert.deepEqual(await call(alice, 'delete_player', { id: p.id }), {});
    await fails(call(alice, 'get_player', { id: p.id }), 404);
    await fails(call(alice, 'delete_player', { id: p.id }), 404);
    await fails(call(alice, 'delete_player', { id: 'x' }), 400);
  });

  it('removes a user\'s players with their account', async () => {
    const carol = await registered();
    const p = await create(carol, { first_name: 'Карл', last_name: 'Удаляемый' });
    await ts.client().deleteAccount(carol);
    await fails(call(alice, 'get_player', { id: p.id }), 404);
  });
});

describe('list_players', () => {
  // A server of its own, so the listing holds exactly these players.
  let lts: TestServer;
  let mine: Session;
  let other: Session;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const list = async (s: Session, input: object): Promise<any> => (await lts.client().rpc(s, 'list_players', input)).payload;
  const names = (r: { players: { last_name: string; first_name: string }[] }) => r.players.map((p) => `${p.last_name} ${p.first_name}`);

  before(async () => {
    lts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
    [mine, other] = await Promise.all([registeredOn(lts), registeredOn(lts)]);
    const add = async (s: Session, first_name: string, last_name: string, goals: number, matches: number) => {
      const p = (await lts.client().rpc(s, 'create_player', { first_name, last_name })).payload as { id: string };
      await lts.app.nk.db.execute('UPDATE player SET goals = $2, matches = $3 WHERE id = $1', [p.id, goals, matches]);
    };
    await add(mine, 'Иван', 'Иванов', 10, 20);
    await add(mine, 'Пётр', 'иванова', 0, 1);
    await add(mine, 'Anna', 'Smith', 5, 5);
    await add(other, 'Илья', 'Петров', 3, 30);
    await add(other, 'Ирина', 'Иванова', 7, 7);
    await add(other, 'x%_', 'Zeta', 1, 1);
  });
  after(() => lts.close());

  it('lists everyone in last name, first name order, case-insensitively, for anyone', async () => {
    const all = [
      'Smith Anna', 'Zeta x%_', 'Иванов Иван', 'Иванова Ирина', 'иванова Пётр', 'Петров Илья',
    ];
    assert.deepEqual(names(await list(mine, {})), all);
    assert.deepEqual(names(await withKey(lts, 'list_players', {})), all);
    assert.equal((await list(mine, {})).cursor, undefined);
  });

  it('pages with an opaque cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(other, { limit: 4, cursor });
      assert.ok(page.players.length <= 4);
      seen.push(...names(page));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 2);
    assert.deepEqual(seen, names(await list(other, { limit: 100 })));
    const firstTwo = await list(other, { limit: 2 });
    assert.deepEqual(names(await list(other, { limit: 2, cursor: firstTwo.cursor })), ['Иванов Иван', 'Иванова Ирина']);
  });

  it('filters by ids, creators, name prefixes and statistics', async () => {
    const everyone = (await list(mine, {})).players as { id: string; last_name: string; creator_id: string }[];
    const ids = everyone.filter((p) => p.last_name === 'Smith' || p.last_name === 'Петров').map((p) => p.id);
    assert.deepEqual(names(await list(mine, { ids })), ['Smith Anna', 'Петров Илья']);
    assert.deepEqual(names(await list(mine, { creator_ids: [other.user_id] })), ['Zeta x%_', 'Иванова Ирина', 'Петров Илья']);
    assert.deepEqual(names(await list(mine, { last_name: 'ИВАНОВ' })), ['Иванов Иван', 'Иванова Ирина', 'иванова Пётр']);
    assert.deepEqual(names(await list(mine, { last_name: 'иванова' })), ['Иванова Ирина', 'иванова Пётр']);
    assert.deepEqual(names(await list(mine, { first_name: 'и', last_name: 'иван' })), ['Иванов Иван', 'Иванова Ирина']);
    assert.deepEqual(names(await list(mine, { first_name: 'ПЁ' })), ['иванова Пётр']);
    // LIKE wildcards are matched literally.
    assert.deepEqual(names(await list(mine, { first_name: '%' })), []);
    assert.deepEqual(names(await list(mine, { first_name: 'x%_' })), ['Zeta x%_']);
    assert.deepEqual(names(await list(mine, { min_goals: 5, max_goals: 7 })), ['Smith Anna', 'Иванова Ирина']);
    assert.deepEqual(names(await list(mine, { min_matches: 20 })), ['Иванов Иван', 'Петров Илья']);
    assert.deepEqual(names(await list(mine, { max_matches: 1 })), ['Zeta x%_', 'иванова Пётр']);
    assert.deepEqual(names(await list(mine, { min_goals: 8, max_goals: 2 })), []);
    assert.deepEqual(names(await list(mine, { ids: [], creator_ids: [], first_name: '' })).length, 6);
  });

  it('lists only the caller\'s players with only_mine; a session is needed for it', async () => {
    assert.deepEqual(names(await list(mine, { only_mine: true })), ['Smith Anna', 'Иванов Иван', 'иванова Пётр']);
    assert.deepEqual(names(await list(mine, { only_mine: true, last_name: 'иванов', limit: 1 })), ['Иванов Иван']);
    assert.deepEqual(names(await list(mine, { only_mine: true, creator_ids: [other.user_id] })), []);
    const guest = await lts.newSession();
    assert.deepEqual(await list(guest, { only_mine: true }), { players: [] });
    const e = await errorOf(withKey(lts, 'list_players', { only_mine: true }));
    assert.equal(e.status, 401);
  });

  it('refuses bad filters', async () => {
    for (const input of [
      { limit: 0 }, { limit: 101 }, { limit: 'ten' }, { ids: ['nope'] }, { creator_ids: 'x' },
      { min_goals: -1 }, { max_matches: 1.5 }, { only_mine: 'yes' }, { first_name: 'a'.repeat(101) },
      { cursor: 'not-a-cursor' }, { cursor: Buffer.from('["a","b","c"]').toString('base64url') },
    ]) {
      const e = await errorOf(list(mine, input));
      assert.equal(e.status, 400, JSON.stringify(input));
    }
  });
});
