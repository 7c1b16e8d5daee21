import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, planOf, startPortal, type Portal } from '../testing.ts';
import { listEventsQuery, listMyEventsQuery } from './store.ts';
import { FIELD_LABELS } from '../lib/labels.ts';

let P: Portal;
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;

before(async () => {
  P = await startPortal();
  [owner, admin, member, stranger, guest] = await Promise.all([P.registered(), P.registered(), P.registered(), P.registered(), P.guest()]);
  teamId = (await P.team(owner)).id;
  const tp = await P.member(owner, admin, teamId);
  await P.call(owner, 'approve_team_player', { id: tp.id, team_role: 1 });
  await P.member(owner, member, teamId);
});
after(() => P.close());

const create = (s: Session, input: object) =>
  P.call(s, 'create_team_event', { team_id: teamId, title: 'Тренировка', type: 'training', event_time: '2035-05-01T18:30:00+03:00', ...input });

describe('create, update and delete_team_event', () => {
  it('lets managers add events; the time is kept as an instant', async () => {
    const e = await create(owner, { title: ' Матч с Торпедо ', type: 'match', place: 'Лужники', description: 'Сбор в 18:00' });
    assert.deepEqual(Object.keys(e).sort(), [
      'create_time', 'creator_id', 'description', 'event_time', 'id', 'place', 'team_id', 'title', 'type', 'update_time',
    ]);
    assert.deepEqual(
      [e.team_id, e.title, e.type, e.event_time, e.place, e.description, e.creator_id],
      [teamId, 'Матч с Торпедо', 'match', '2035-05-01T15:30:00.000Z', 'Лужники', 'Сбор в 18:00', owner.user_id],
    );
    const byAdmin = await create(admin, { type: 'birthday', place: null });
    assert.deepEqual([byAdmin.place, byAdmin.description, byAdmin.creator_id], ['', '', admin.user_id]);
    for (const type of ['tournament', 'other']) assert.equal((await create(owner, { type })).type, type);
  });

  it('changes and removes events; null empties place and description', async () => {
    const e = await create(owner, { place: 'Стадион', description: 'Форма белая' });
    const changed = await P.call(admin, 'update_team_event', { id: e.id, title: 'Перенесено', event_time: '2035-05-02T10:00:00Z', place: null });
    assert.deepEqual([changed.title, changed.event_time, changed.place, changed.description, changed.type], [
      'Перенесено', '2035-05-02T10:00:00.000Z', '', 'Форма белая', 'training',
    ]);
    assert.equal((await P.call(owner, 'update_team_event', { id: e.id, type: 'other', description: null })).description, '');
    assert.deepEqual(await P.call(admin, 'delete_team_event', { id: e.id }), {});
    await failsWithCode(P.call(owner, 'update_team_event', { id: e.id, title: 'Нет' }), Code.NotFound, 'Событие не найдено.');
    await failsWithCode(P.call(owner, 'delete_team_event', { id: e.id }), Code.NotFound);
  });

  it('refuses a new event in the past beyond a minute of clock skew; moving one there is free', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const PAST = 'Время события не может быть в прошлом.';
    await failsWithCode(create(owner, { event_time: at(-2 * 60_000) }), Code.Invalid, PAST);
    await failsWithCode(create(admin, { event_time: '2020-05-01T18:30:00+03:00' }), Code.Invalid, PAST);
    const e = await create(owner, { event_time: at(-30_000) });
    const moved = await P.call(admin, 'update_team_event', { id: e.id, event_time: '2020-05-01T10:00:00Z' });
    assert.equal(moved.event_time, '2020-05-01T10:00:00.000Z');
  });

  it('refuses members, strangers and guests', async () => {
    const e = await create(owner, {});
    const denied = 'Это может делать только владелец или администратор команды.';
    for (const s of [member, stranger]) {
      await failsWithCode(create(s, {}), Code.Denied, denied);
      await failsWithCode(P.call(s, 'update_team_event', { id: e.id, title: 'Взлом' }), Code.Denied, denied);
      await failsWithCode(P.call(s, 'delete_team_event', { id: e.id }), Code.Denied, denied);
    }
    await failsWithCode(create(guest, {}), Code.Denied);
    await failsWithCode(P.withKey('create_team_event', { team_id: teamId, title: 'Ключ', type: 'other', event_time: '2035-05-01T10:00:00Z' }), Code.Unauthenticated);
    await failsWithCode(create(owner, { team_id: crypto.randomUUID() }), Code.NotFound, 'Команда не найдена.');
  });

  it('refuses bad input', async () => {
    for (const [input, field] of [
      [{ title: '' }, 'title'], [{ title: 'С'.repeat(201) }, 'title'], [{ title: undefined }, 'title'],
      [{ type: 'party' }, 'type'], [{ type: undefined }, 'type'],
      [{ event_time: undefined }, 'event_time'], [{ event_time: '' }, 'event_time'], [{ event_time: '2035-05-01' }, 'event_time'],
      [{ event_time: '2035-05-01T18:30:00' }, 'event_time'], [{ event_time: '2035-02-30T10:00:00Z' }, 'event_time'],
      [{ event_time: '2035-05-01T24:00:00Z' }, 'event_time'], [{ event_time: 1746100000000 }, 'event_time'],
      [{ place: 'М'.repeat(201) }, 'place'], [{ description: 'о'.repeat(2001) }, 'description'],
    ] as const) {
      await failsWithCode(create(owner, input), Code.Invalid, new RegExp(`^${FIELD_LABELS[field]}: `));
    }
    await failsWithCode(P.call(owner, 'update_team_event', { id: 'x' }), Code.Invalid, /^Идентификатор: /);
  });
});

describe('list_team_events', () => {
  let T: string;
  const list = async (input: object) =>
    ((await P.call(guest, 'list_team_events', { team_id: T, ...input })).events as { title: string }[]).map((e) => e.title);

  before(async () => {
    T = (await P.team(owner)).id;
    for (const [title, event_time] of [
      ['Последний день февраля', '2035-02-28T20:59:59Z'],
      ['Полночь 1 марта', '2035-03-01T00:00:00+03:00'],
      ['Ночь 1 марта', '2035-02-28T22:30:00Z'],
      ['Середина марта', '2035-03-15T12:00:00+03:00'],
      ['Конец марта', '2035-03-31T23:59:59+03:00'],
      ['Апрель', '2035-04-01T00:00:00+03:00'],
    ]) {
      await P.call(owner, 'create_team_event', { team_id: T, title, type: 'other', event_time });
    }
  });

  it('lists a month by time, both days included, in Moscow time by default', async () => {
    const march = ['Полночь 1 марта', 'Ночь 1 марта', 'Середина марта', 'Конец марта'];
    assert.deepEqual(await list({ start_date: '2035-03-01', end_date: '2035-03-31' }), march);
    assert.deepEqual(await list({ start_date: '2035-03-01', end_date: '2035-03-31', time_zone: 'Europe/Moscow' }), march);
    assert.deepEqual(await list({ start_date: '2035-03-15', end_date: '2035-03-15' }), ['Середина марта']);
    assert.deepEqual(await list({ start_date: '2035-02-01', end_date: '2035-02-28' }), ['Последний день февраля']);
    assert.deepEqual((await P.withKey('list_team_events', { team_id: T, start_date: '2035-04-01', end_date: '2035-04-30' })).events.length, 1);
    assert.deepEqual(await list({ start_date: '2036-03-01', end_date: '2036-03-31' }), []);
  });

  it('shifts the month edges to the given time zone', async () => {
    assert.deepEqual(await list({ start_date: '2035-03-01', end_date: '2035-03-31', time_zone: 'UTC' }), ['Середина марта', 'Конец марта', 'Апрель']);
    assert.deepEqual(await list({ start_date: '2035-02-01', end_date: '2035-02-28', time_zone: 'UTC' }), [
      'Последний день февраля', 'Полночь 1 марта', 'Ночь 1 марта',
    ]);
  });

  it('takes at most 366 days, in order, as real yyyy-MM-dd dates', async () => {
    assert.equal((await list({ start_date: '2034-03-31', end_date: '2035-04-01' })).length, 6);
    await failsWithCode(P.call(guest, 'list_team_events', { team_id: T, start_date: '2034-03-31', end_date: '2035-04-02' }), Code.Invalid,
      'Диапазон дат не может быть больше 366 дней.');
    await failsWithCode(P.call(guest, 'list_team_events', { team_id: T, start_date: '2035-03-31', end_date: '2035-03-01' }), Code.Invalid,
      'Конец периода: не может быть раньше начала периода.');
    for (const [input, field] of [
      [{ start_date: '2035-3-01', end_date: '2035-03-31' }, 'start_date'], [{ start_date: '2035-03-01', end_date: '2035-02-30' }, 'end_date'],
      [{ start_date: '01.03.2035', end_date: '2035-03-31' }, 'start_date'], [{ start_date: '2035-03-01' }, 'end_date'],
      [{ start_date: '2035-03-01', end_date: '2035-03-31', time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ start_date: '2035-03-01', end_date: '2035-03-31', time_zone: '+03:00' }, 'time_zone'],
    ] as const) {
      await failsWithCode(P.call(guest, 'list_team_events', { team_id: T, ...input }), Code.Invalid, new RegExp(`^${FIELD_LABELS[field]}: `));
    }
    await failsWithCode(P.call(guest, 'list_team_events', { team_id: crypto.randomUUID(), start_date: '2035-03-01', end_date: '2035-03-31' }),
      Code.NotFound, 'Команда не найдена.');
  });

  it('answers at most 1000 events', async () => {
    const team = (await P.team(owner)).id;
    await P.ts.app.nk.db.execute(
      `INSERT INTO team_event (id, team_id, title, type, event_time, creator_id)
       SELECT gen_random_uuid(), $1, 'Тренировка ' || n, 'training', '2035-06-01T10:00:00Z'::timestamptz + n * interval '1 minute', $2
       FROM generate_series(1, 1001) n`,
      [team, owner.user_id],
    );
    const { events } = await P.call(guest, 'list_team_events', { team_id: team, start_date: '2035-06-01', end_date: '2035-06-30' });
    assert.equal(events.length, 1000);
    assert.equal(events[999].title, 'Тренировка 1000');
  });

  it('is served by the index on team and time', async () => {
    const { sql, params } = listEventsQuery({ teamId: T, startDate: '2035-03-01', endDate: '2035-03-31', timeZone: 'Europe/Moscow' });
    const plan = await planOf(P.ts.app.nk.db, sql, params, { sorts: true });
    assert.match(plan, /Index Scan using team_event_team_id_event_time_idx/);
    assert.match(plan, /Index Cond: .*event_time >=.*event_time </s);
  });
});

describe('list_my_team_events', () => {
  let me: Session;
  const mine = async (s: Session, input: object) => (await P.call(s, 'list_my_team_events', input)).events as Record<string, string>[];
  const march = { start_date: '2035-03-01', end_date: '2035-03-31' };

  before(async () => {
    me = await P.registered();
    const other = await P.registered();
    const own = await P.team(me, { name: 'Своя команда' });
    const joined = await P.team(other, { name: 'Чужая, но я в ней' });
    await P.member(other, me, joined.id);
    const asked = await P.team(other, { name: 'Только заявка' });
    await P.call(me, 'request_join_team_player', { team_id: asked.id, player_id: (await P.player(me)).id });
    const strange = await P.team(other, { name: 'Посторонняя' });
    for (const [team, title, event_time] of [
      [own, 'Тренировка своей', '2035-03-10T18:00:00+03:00'],
      [joined, 'Матч команды, где я игрок', '2035-03-05T12:00:00+03:00'],
      [own, 'Апрельская', '2035-04-01T00:00:00+03:00'],
      [asked, 'Где я жду подтверждения', '2035-03-07T10:00:00+03:00'],
      [strange, 'Чужое событие', '2035-03-08T10:00:00+03:00'],
    ] as const) {
      await P.call(team === own ? me : other, 'create_team_event', { team_id: team.id, title, type: 'match', event_time });
    }
  });

  it("lists the events of the caller's own teams and of those with a confirmed player of theirs, with the team's name", async () => {
    const events = await mine(me, march);
    assert.deepEqual(events.map((e) => [e.title, e.team_name]), [
      ['Матч команды, где я игрок', 'Чужая, но я в ней'],
      ['Тренировка своей', 'Своя команда'],
    ]);
    assert.deepEqual(Object.keys(events[0]).sort(), [
      'create_time', 'creator_id', 'description', 'event_time', 'id', 'place', 'team_id', 'team_name', 'title', 'type', 'update_time',
    ]);
    assert.deepEqual((await mine(me, { ...march, time_zone: 'UTC' })).map((e) => e.title), ['Матч команды, где я игрок', 'Тренировка своей', 'Апрельская']);
    assert.deepEqual(await mine(me, { start_date: '2035-05-01', end_date: '2035-05-31' }), []);
  });

  it('answers nothing for a user without teams or a guest, and refuses calls without a session', async () => {
    assert.deepEqual(await mine(await P.registered(), march), []);
    assert.deepEqual(await mine(guest, march), []);
    await failsWithCode(P.withKey('list_my_team_events', march), Code.Unauthenticated);
  });

  it('refuses bad ranges as list_team_events does', async () => {
    await failsWithCode(mine(me, { start_date: '2035-03-31', end_date: '2035-03-01' }), Code.Invalid, 'Конец периода: не может быть раньше начала периода.');
    await failsWithCode(mine(me, { start_date: '2034-03-31', end_date: '2035-04-02' }), Code.Invalid, 'Диапазон дат не может быть больше 366 дней.');
    for (const [input, field] of [
      [{ start_date: '2035-03-01' }, 'end_date'], [{ start_date: '2035-02-30', end_date: '2035-03-31' }, 'start_date'],
      [{ ...march, time_zone: 'Mars/Olympus' }, 'time_zone'],
    ] as const) {
      await failsWithCode(mine(me, input), Code.Invalid, new RegExp(`^${FIELD_LABELS[field]}: `));
    }
  });

  it("is served by the indexes on the user's teams and memberships and on team and time", async () => {
    const { sql, params } = listMyEventsQuery(me.user_id!, { startDate: '2035-03-01', endDate: '2035-03-31', timeZone: 'Europe/Moscow' });
    const plan = await planOf(P.ts.app.nk.db, sql, params, { sorts: true });
    assert.match(plan, /team_creator_id_idx/);
    assert.match(plan, /team_player_user_id_team_id_idx/);
    assert.match(plan, /Index Scan using team_event_team_id_event_time_idx on team_event .*\n\s+Index Cond: \(\(team_id = \w+\.id\) AND \(event_time >= .*\) AND \(event_time < /);
    assert.doesNotMatch(plan, /Seq Scan/);
  });
});
