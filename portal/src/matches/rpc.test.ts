import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, fails, makeTeam, registered, teamCast, uploadPng, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-matches-');
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let home: string;
let away: string;

const EDITORS_ONLY = 'Изменять и удалять матч может только его создатель или владелец либо администратор одной из команд.';
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newMatch = (s: Session, input: object = {}) =>
  call(s, 'create_match', { owner_team_id: home, guest_team_id: away, match_time: '2030-06-01T18:00:00+03:00', ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  ({ owner, admin, member, stranger, guest, teamId: home, otherTeamId: away } = await teamCast(ts));
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('create and get matches', () => {
  it('creates a match between two teams for a manager of one; anyone reads it with both teams', async () => {
    const m = await call(admin, 'create_match', {
      owner_team_id: home,
      guest_team_id: away.toUpperCase(),
      match_time: '2030-06-01T18:00:00+03:00',
      creator_id: stranger.user_id,
    });
    assert.deepEqual(Object.keys(m).sort(), [
      'create_time', 'creator_id', 'guest_team', 'guest_team_id', 'id', 'match_time', 'owner_team', 'owner_team_id', 'result_state', 'update_time',
    ]);
    assert.equal(m.result_state, 'none');
    assert.deepEqual([m.owner_team_id, m.guest_team_id, m.match_time, m.creator_id], [home, away, '2030-06-01T15:00:00.000Z', admin.user_id]);
    const team = await call(guest, 'get_team', { id: home });
    assert.deepEqual(m.owner_team, { id: home, name: team.name, description: '' });
    assert.equal(m.guest_team.id, away);
    assert.deepEqual(await call(guest, 'get_match', { id: m.id }), m);
    assert.deepEqual(await withKey(ts, 'get_match', { id: m.id }), m);
  });

  it('shows a team avatar and description when they are set', async () => {
    const avatar = await uploadPng(ts, owner);
    const t = await call(owner, 'create_team', { name: 'С описанием', description: 'Дворовая команда', avatar_id: avatar });
    const m = await newMatch(owner, { guest_team_id: t.id });
    assert.deepEqual(m.guest_team, { id: t.id, name: 'С описанием', description: 'Дворовая команда', avatar_id: avatar });
  });

  it('refuses bad input', async () => {
    const SAME = 'Команда гостей: команда гостей должна отличаться от команды хозяев.';
    await fails(newMatch(owner, { guest_team_id: home }), 400, SAME);
    await fails(newMatch(owner, { guest_team_id: home.toUpperCase() }), 400, SAME);
    await fails(newMatch(owner, { owner_team_id: crypto.randomUUID() }), 404, 'Команда хозяев не найдена.');
    await fails(newMatch(owner, { guest_team_id: crypto.randomUUID() }), 404, 'Команда гостей не найдена.');
    await fails(newMatch(owner, { match_time: '2030-06-01 18:00' }), 400, /^Время матча: ожидались дата и время ISO 8601/);
    await fails(newMatch(owner, { match_time: '2030-02-30T18:00:00Z' }), 400, /^Время матча: /);
    await fails(newMatch(owner, { match_time: undefined }), 400, /^Время матча: /);
    await fails(newMatch(owner, { owner_team_id: 'home' }), 400, 'Команда хозяев: ожидался идентификатор (UUID).');
    await fails(call(guest, 'get_match', { id: crypto.randomUUID() }), 404, 'Матч не найден.');
    await fails(call(guest, 'get_match', {}), 400, /^Идентификатор: /);
  });

  it('refuses guests and calls without a user', async () => {
    await fails(newMatch(guest), 403);
    await fails(withKey(ts, 'create_match', { owner_team_id: home, guest_team_id: away, match_time: '2030-06-01T18:00:00Z' }), 401);
  });
});

describe('update and delete matches', () => {
  it('lets the creator and the teams’ managers change a match, into the past too; omitted fields stay', async () => {
    const m = await newMatch(stranger);
    const a = await call(stranger, 'update_match', { id: m.id, match_time: '2025-07-01T10:00:00Z' });
    assert.deepEqual([a.match_time, a.owner_team_id, a.guest_team_id, a.create_time], ['2025-07-01T10:00:00.000Z', home, away, m.create_time]);
    const third = await makeTeam(ts, stranger);
    const b = await call(admin, 'update_match', { id: m.id, guest_team_id: third });
    assert.deepEqual([b.guest_team_id, b.guest_team.id, b.match_time], [third, third, a.match_time]);
    const c = await call(owner, 'update_match', { id: m.id, owner_team_id: third, guest_team_id: home });
    assert.deepEqual([c.owner_team_id, c.guest_team_id], [third, home]);
    assert.deepEqual(await call(guest, 'get_match', { id: m.id }), c);
  });

  it('refuses others, and changes that leave the teams equal or name a missing team', async () => {
    const m = await newMatch(owner);
    for (const who of [member, await registered(ts)]) {
      await fails(call(who, 'update_match', { id: m.id, match_time: '2025-07-01T10:00:00Z' }), 403, EDITORS_ONLY);
      await fails(call(who, 'delete_match', { id: m.id }), 403, EDITORS_ONLY);
    }
    await fails(call(guest, 'update_match', { id: m.id }), 403);
    await fails(call(owner, 'update_match', { id: m.id, guest_team_id: home }), 400, /^Команда гостей: /);
    await fails(call(owner, 'update_match', { id: m.id, owner_team_id: away }), 400, /^Команда гостей: /);
    await fails(call(owner, 'update_match', { id: m.id, guest_team_id: crypto.randomUUID() }), 404, 'Команда гостей не найдена.');
    await fails(call(owner, 'update_match', { id: m.id, match_time: 'завтра' }), 400, /^Время матча: /);
    await fails(call(owner, 'update_match', { id: crypto.randomUUID() }), 404, 'Матч не найден.');
    assert.deepEqual(await call(guest, 'get_match', { id: m.id }), m);
  });

  it('deletes for the creator or a manager of either team', async () => {
    const m = await newMatch(admin);
    await fails(call(member, 'delete_match', { id: m.id }), 403, EDITORS_ONLY);
    assert.deepEqual(await call(stranger, 'delete_match', { id: m.id }), {});
    await fails(call(guest, 'get_match', { id: m.id }), 404);
    await fails(call(admin, 'delete_match', { id: m.id }), 404, 'Матч не найден.');
    const own = await newMatch(admin);
    assert.deepEqual(await call(admin, 'delete_match', { id: own.id }), {});
  });

  it('keeps a match whose team was deleted: the id stays, the summary goes, the remaining team’s managers edit it', async () => {
    const gone = await makeTeam(ts, stranger);
    const m = await newMatch(owner, { guest_team_id: gone });
    await call(stranger, 'delete_team', { id: gone });
    const seen = await call(guest, 'get_match', { id: m.id });
    assert.equal(seen.guest_team_id, gone);
    assert.equal('guest_team' in seen, false);
    assert.equal(seen.owner_team.id, home);
    const listed = (await call(guest, 'list_matches', { team_id: gone })).matches;
    assert.deepEqual(listed, [seen]);
    await fails(call(stranger, 'update_match', { id: m.id, match_time: '2030-08-01T10:00:00Z' }), 403, EDITORS_ONLY);
    assert.equal((await call(admin, 'update_match', { id: m.id, match_time: '2030-08-01T10:00:00Z' })).guest_team_id, gone);
  });
});

describe('list matches', () => {
  let a: string;
  let b: string;
  let c: string;
  const ids: Record<string, string> = {};
  before(async () => {
    [a, b, c] = [await makeTeam(ts, owner), await makeTeam(ts, owner), await makeTeam(ts, owner)];
    // name: [home, guest, day of May 2030]
    const plan: Record<string, [string, string, number]> = { ab1: [a, b, 1], ba2: [b, a, 2], ac3: [a, c, 3], cb4: [c, b, 4], ca5: [c, a, 5] };
    for (const [name, [o, g, day]] of Object.entries(plan)) {
      ids[name] = (await newMatch(owner, { owner_team_id: o, guest_team_id: g, match_time: `2030-05-0${day}T12:00:00Z` })).id;
    }
  });
  const names = (r: Any) => r.matches.map((m: Any) => Object.keys(ids).find((k) => ids[k] === m.id));
  const list = (input: object) => call(guest, 'list_matches', input);

  it('filters by home team, guest team, either side and time; newest first unless asc', async () => {
    assert.deepEqual(names(await list({ owner_team_id: a })), ['ac3', 'ab1']);
    assert.deepEqual(names(await list({ guest_team_id: a })), ['ca5', 'ba2']);
    assert.deepEqual(names(await list({ owner_team_id: a, guest_team_id: b })), ['ab1']);
    assert.deepEqual(names(await list({ team_id: a })), ['ca5', 'ac3', 'ba2', 'ab1']);
    assert.deepEqual(names(await list({ owner_team_id: a, guest_team_id: a.toUpperCase() })), ['ca5', 'ac3', 'ba2', 'ab1']);
    assert.deepEqual(names(await list({ team_id: a, sort_order: 'asc' })), ['ab1', 'ba2', 'ac3', 'ca5']);
    assert.deepEqual(names(await list({ team_id: b, owner_team_id: c })), ['cb4']);
    assert.deepEqual(names(await list({ owner_team_id: b, guest_team_id: b, team_id: a })), []);
    const may = { from_time: '2030-05-02T12:00:00Z', to_time: '2030-05-05T12:00:00Z' };
    assert.deepEqual(names(await list({ team_id: a, ...may, sort_order: 'asc' })), ['ba2', 'ac3']);
    assert.deepEqual(names(await list({ ...may, sort_order: 'asc' })), ['ba2', 'ac3', 'cb4']);
    assert.deepEqual(await withKey(ts, 'list_matches', { team_id: a }), await list({ team_id: a }));
  });

  it('pages by offset and by cursor alike', async () => {
    for (const sort_order of ['asc', 'desc']) {
      const whole = (await list({ team_id: a, sort_order })).matches;
      const byOffset = [];
      for (let offset = 0; ; offset += 2) {
        const page = (await list({ team_id: a, sort_order, limit: 2, offset })).matches;
        byOffset.push(...page);
        if (page.length < 2) break;
      }
      assert.deepEqual(byOffset, whole);
      assert.deepEqual(await allPages((cursor) => list({ team_id: a, sort_order, limit: 3, cursor }), 'matches', 3), whole);
      assert.deepEqual(await allPages((cursor) => list({ owner_team_id: a, sort_order, limit: 1, cursor }), 'matches', 1), whole.filter((m: Any) => m.owner_team_id === a));
    }
    const first = await list({ team_id: a, limit: 1 });
    assert.deepEqual((await list({ team_id: a, limit: 1, offset: 1, cursor: first.cursor })).matches.map((m: Any) => m.id), [ids.ba2]);
    assert.equal((await list({ team_id: a, limit: 4 })).cursor, undefined);
  });

  it('refuses bad input', async () => {
    await fails(list({ period: 'soon' }), 400, "Период: ожидалось 'upcoming' (предстоящие) или 'past' (прошедшие).");
    const { cursor } = await list({ team_id: a, limit: 1 });
    await fails(list({ team_id: a, sort_order: 'asc', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ cursor: 'abc' }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ offset: 10_001 }), 400, 'Смещение: не больше 10000; дальше листайте по cursor.');
    await fails(list({ offset: -1 }), 400, /^Смещение: /);
    await fails(list({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(list({ limit: 0 }), 400, /^Размер страницы: /);
    await fails(list({ team_id: 'a' }), 400, /^Команда: /);
    await fails(list({ from_time: '2030-05-01' }), 400, /^Начало периода: /);
    await fails(list({ sort_order: 'up' }), 400, /^Порядок: /);
  });
});

describe('the matches of my teams', () => {
  let a: string;
  let b: string;
  const ids: Record<string, string> = {};
  before(async () => {
    [a, b] = [await makeTeam(ts, owner), await makeTeam(ts, owner)];
    // Two of the owner's own teams against each other, and the owner's team against the stranger's.
    ids.ab = (await newMatch(owner, { owner_team_id: a, guest_team_id: b, match_time: '2031-03-02T18:00:00Z' })).id;
    ids.homeAway = (await newMatch(owner, { owner_team_id: home, guest_team_id: away, match_time: '2031-03-05T18:00:00Z' })).id;
    ids.awayB = (await newMatch(stranger, { owner_team_id: away, guest_team_id: b, match_time: '2031-03-09T18:00:00Z' })).id;
    ids.late = (await newMatch(owner, { owner_team_id: a, guest_team_id: away, match_time: '2031-04-20T18:00:00Z' })).id;
  });
  const march = { from_time: '2031-03-01T00:00:00+03:00', to_time: '2031-04-01T00:00:00+03:00' };
  const mine = async (s: Session, input: object = march) =>
    (await call(s, 'list_my_matches', input)).matches.map((m: Any) => Object.keys(ids).find((k) => ids[k] === m.id));

  it('answers the matches of the teams one created or plays in, in the period, by time, each once', async () => {
    assert.deepEqual(await mine(owner), ['ab', 'homeAway', 'awayB']);
    // A confirmed player of the home team and its admin see its match; the stranger sees those of their team.
    assert.deepEqual(await mine(member), ['homeAway']);
    assert.deepEqual(await mine(admin), ['homeAway']);
    assert.deepEqual(await mine(stranger), ['homeAway', 'awayB']);
    assert.deepEqual(await mine(owner, { from_time: '2031-03-02T18:00:01Z', to_time: '2031-03-09T18:00:00Z' }), ['homeAway']);
    const m = (await call(owner, 'list_my_matches', march)).matches[0];
    assert.deepEqual(m, await call(owner, 'get_match', { id: ids.ab }), 'the same match as get_match, with both teams');
  });

  it('answers nothing to a guest or a user without teams', async () => {
    assert.deepEqual(await mine(guest), []);
    assert.deepEqual(await mine(await registered(ts)), []);
  });

  it('refuses a period that ends before it starts, one over 62 days, and calls without a session', async () => {
    await fails(call(owner, 'list_my_matches', { from_time: march.to_time, to_time: march.from_time }), 400, /позже/);
    await fails(call(owner, 'list_my_matches', { from_time: '2031-01-01T00:00:00Z', to_time: '2031-03-05T00:00:00Z' }), 400, 'Период не может быть больше 62 дней.');
    await fails(call(owner, 'list_my_matches', { from_time: march.from_time }), 400, /^Конец периода: /);
    await fails(withKey(ts, 'list_my_matches', march), 401);
  });
});
