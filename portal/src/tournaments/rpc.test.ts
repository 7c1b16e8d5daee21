import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, Code, fails, failsWithCode, registered, uploadPng, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-tournaments-');
let author: Session;
let stranger: Session;
let guest: Session;

const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const CREATOR_ONLY = 'Изменять и удалять турнир может только его создатель.';
const TYPE = /^Тип турнира: тип турнира: 0 \(кубок\) или 1 \(круговой\)/;
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newTournament = (s: Session, input: object = {}) => call(s, 'create_tournament', { title: 'Кубок района', start_time: '2030-06-01T10:00:00Z', ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, stranger, guest] = await Promise.all([registered(ts), registered(ts), ts.newSession()]);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('create and get tournaments', () => {
  it('creates a tournament with a cover; anyone reads it', async () => {
    const cover = await uploadPng(ts, author);
    const t = await newTournament(author, {
      title: ' Летний кубок ',
      description: 'Для любителей\nвсех возрастов',
      image_url: cover,
      tournament_type: 1,
      access: 'closed',
      start_time: '2030-06-01T12:00:00+03:00',
    });
    assert.deepEqual(Object.keys(t).sort(), [
      'access', 'create_time', 'creator_id', 'description', 'id', 'image_url', 'rating', 'rating_count', 'start_time', 'title',
      'tournament_type', 'update_time', 'user_rating',
    ]);
    assert.deepEqual(
      [t.title, t.description, t.image_url, t.tournament_type, t.access, t.start_time, t.rating, t.rating_count, t.user_rating, t.creator_id],
      ['Летний кубок', 'Для любителей\nвсех возрастов', cover, 1, 'closed', '2030-06-01T09:00:00.000Z', 0, 0, 0, author.user_id],
    );
    assert.deepEqual(await call(guest, 'get_tournament', { id: t.id }), t);
    assert.deepEqual(await withKey(ts, 'get_tournament', { id: t.id }), t);
  });

  it('defaults to an open cup without a cover or description', async () => {
    const t = await newTournament(author);
    assert.deepEqual([t.tournament_type, t.access, t.description, 'image_url' in t], [0, 'open', '', false]);
  });

  it('refuses bad input', async () => {
    await fails(newTournament(author, { title: '  ' }), 400, 'Название: укажите название турнира.');
    await fails(newTournament(author, { title: undefined }), 400, 'Название: укажите название турнира.');
    await fails(newTournament(author, { title: 'К'.repeat(201) }), 400, 'Название: не длиннее 200 символов.');
    await fails(newTournament(author, { start_time: undefined }), 400, /^Время начала: ожидались дата и время/);
    await fails(newTournament(author, { start_time: '2030-06-01' }), 400, /^Время начала: /);
    for (const type of [2, -1, '1', 'open', 'closed', 0.5, null]) await fails(newTournament(author, { tournament_type: type }), 400, TYPE);
    await fails(newTournament(author, { access: 'private' }), 400, "Доступ: ожидалось 'open' (открытый) или 'closed' (закрытый).");
    await fails(newTournament(author, { image_url: crypto.randomUUID() }), 400, 'Обложка: файл не найден.');
    await fails(newTournament(author, { description: 'о'.repeat(5001) }), 400, 'Описание: не длиннее 5000 символов.');
    await fails(call(guest, 'get_tournament', { id: crypto.randomUUID() }), 404, 'Турнир не найден.');
  });

  it('starts today or later in the creator’s time zone as the form sends it; a change of the start is free', async () => {
    const PAST = 'Дата начала турнира не может быть раньше сегодняшнего дня.';
    /** The day at an offset of hours from UTC, days from today there, and its midnight there as the form writes it. */
    const midnight = (offsetHours: number, days: number) => {
      const day = new Date(Date.now() + offsetHours * 3_600_000 + days * DAY).toISOString().slice(0, 10);
      const sign = offsetHours < 0 ? '-' : '+';
      return `${day}T00:00:00${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
    };
    for (const offset of [-11, 0, 3, 14]) {
      // Today's midnight has passed, yet today is the sender's today at every offset.
      const today = await newTournament(author, { start_time: midnight(offset, 0) });
      assert.equal(today.start_time, new Date(midnight(offset, 0)).toISOString());
      await fails(newTournament(author, { start_time: midnight(offset, -1) }), 400, PAST);
      // Moving an existing tournament into the past is free.
      const moved = await call(author, 'update_tournament', { id: today.id, start_time: midnight(offset, -30) });
      assert.equal(moved.start_time, new Date(midnight(offset, -30)).toISOString());
    }
    await fails(newTournament(author, { start_time: '2020-01-01T10:00:00Z' }), 400, PAST);
  });

  it('refuses guests and calls without a user', async () => {
    await fails(newTournament(guest), 403);
    await fails(withKey(ts, 'create_tournament', { title: 'Кубок', start_time: '2030-06-01T10:00:00Z' }), 401);
  });
});

describe('update and delete tournaments', () => {
  it('lets the creator change given fields; null clears the cover', async () => {
    const t = await newTournament(author, { image_url: await uploadPng(ts, author), description: 'Было' });
    const u = await call(author, 'update_tournament', { id: t.id, title: 'Осенний кубок', access: 'closed', image_url: null });
    assert.deepEqual(
      [u.title, u.description, u.access, u.tournament_type, u.start_time, 'image_url' in u, u.create_time],
      ['Осенний кубок', 'Было', 'closed', 0, t.start_time, false, t.create_time],
    );
    const v = await call(author, 'update_tournament', { id: t.id, tournament_type: 1, start_time: '2031-01-01T00:00:00Z', description: null });
    assert.deepEqual([v.tournament_type, v.start_time, v.description, v.title], [1, '2031-01-01T00:00:00.000Z', '', 'Осенний кубок']);
    assert.deepEqual(await call(guest, 'get_tournament', { id: t.id }), v);
    await fails(call(author, 'update_tournament', { id: t.id, tournament_type: 'open' }), 400, TYPE);
    await fails(call(author, 'update_tournament', { id: t.id, title: '' }), 400, /^Название: /);
  });

  it('refuses everyone but the creator', async () => {
    const t = await newTournament(author);
    await fails(call(stranger, 'update_tournament', { id: t.id, title: 'Чужой' }), 403, CREATOR_ONLY);
    await fails(call(stranger, 'delete_tournament', { id: t.id }), 403, CREATOR_ONLY);
    await fails(call(guest, 'update_tournament', { id: t.id, title: 'Чужой' }), 403);
    await fails(withKey(ts, 'delete_tournament', { id: t.id }), 401);
    await fails(call(author, 'update_tournament', { id: crypto.randomUUID(), title: 'Нет' }), 404, 'Турнир не найден.');
    assert.deepEqual(await call(guest, 'get_tournament', { id: t.id }), t);
  });

  it('deletes softly: gone for everyone but the creator, who may no longer change it', async () => {
    const t = await newTournament(author);
    assert.deepEqual(await call(author, 'delete_tournament', { id: t.id }), {});
    for (const who of [guest, stranger]) await fails(call(who, 'get_tournament', { id: t.id }), 404, 'Турнир не найден.');
    const seen = await call(author, 'get_tournament', { id: t.id });
    assert.ok(Date.parse(seen.delete_time) > 0);
    assert.deepEqual(await call(author, 'delete_tournament', { id: t.id }), {});
    assert.equal((await call(author, 'get_tournament', { id: t.id })).delete_time, seen.delete_time);
    await failsWithCode(call(author, 'update_tournament', { id: t.id, title: 'Снова' }), Code.Precondition, 'Турнир удалён.');
    await fails(call(stranger, 'update_tournament', { id: t.id, title: 'Снова' }), 404);
    await fails(call(stranger, 'rate_tournament', { tournament_id: t.id, rating: 5 }), 404);
    await failsWithCode(call(author, 'rate_tournament', { tournament_id: t.id, rating: 5 }), Code.Precondition, 'Турнир удалён.');
    const mine = await call(author, 'list_tournaments', { only_mine: true, limit: 100 });
    assert.ok(!mine.tournaments.some((x: Any) => x.id === t.id));
  });
});

describe('rate tournaments', () => {
  it('keeps one rating per user, averages them and answers each viewer their own', async () => {
    const t = await newTournament(author);
    const [a, b] = [await registered(ts), await registered(ts)];
    let r = await call(a, 'rate_tournament', { tournament_id: t.id, rating: 5 });
    assert.deepEqual([r.rating, r.rating_count, r.user_rating], [5, 1, 5]);
    r = await call(b, 'rate_tournament', { tournament_id: t.id, rating: 2 });
    assert.deepEqual([r.rating, r.rating_count, r.user_rating], [3.5, 2, 2]);
    r = await call(b, 'rate_tournament', { tournament_id: t.id, rating: 4 });
    assert.deepEqual([r.rating, r.rating_count, r.user_rating], [4.5, 2, 4]);
    assert.equal((await call(a, 'get_tournament', { id: t.id })).user_rating, 5);
    const seen = await call(guest, 'get_tournament', { id: t.id });
    assert.deepEqual([seen.rating, seen.rating_count, seen.user_rating], [4.5, 2, 0]);
    const listed = (await call(b, 'list_tournaments', { limit: 100 })).tournaments.find((x: Any) => x.id === t.id);
    assert.deepEqual([listed.rating, listed.user_rating], [4.5, 4]);
  });

  it('stays exact when many rate at once', async () => {
    const t = await newTournament(author);
    const raters = await Promise.all(Array.from({ length: 12 }, () => registered(ts)));
    await Promise.all(raters.map((s, i) => call(s, 'rate_tournament', { tournament_id: t.id, rating: (i % 5) + 1 })));
    // One user changing their rating many times at once still counts once.
    await Promise.all([1, 2, 3, 4, 5, 3].map((rating) => call(raters[0], 'rate_tournament', { tournament_id: t.id, rating })));
    const mine = (await call(raters[0], 'get_tournament', { id: t.id })).user_rating;
    const sum = raters.slice(1).reduce((s, _, i) => s + ((i + 1) % 5) + 1, 0) + mine;
    const seen = await call(guest, 'get_tournament', { id: t.id });
    assert.equal(seen.rating_count, 12);
    assert.equal(seen.rating, sum / 12);
  });

  it('refuses bad ratings, guests and unknown tournaments', async () => {
    const t = await newTournament(author);
    for (const rating of [0, 6, 2.5, '5', null]) {
      await fails(call(stranger, 'rate_tournament', { tournament_id: t.id, rating }), 400, 'Оценка: ожидалось целое число от 1 до 5.');
    }
    await fails(call(guest, 'rate_tournament', { tournament_id: t.id, rating: 5 }), 403);
    await fails(call(stranger, 'rate_tournament', { tournament_id: crypto.randomUUID(), rating: 5 }), 404, 'Турнир не найден.');
    assert.equal((await call(guest, 'get_tournament', { id: t.id })).rating_count, 0);
  });
});

describe('list tournaments', () => {
  let lister: Session;
  const ids: Record<string, string> = {};
  before(async () => {
    lister = await registered(ts);
    // name: [type, start in days from now]
    const plan: Record<string, [number, number]> = { c1: [0, 40], r2: [1, 5], c3: [0, -3], r4: [1, 20], c5: [0, 10] };
    for (const [name, [type, start]] of Object.entries(plan)) {
      // A tournament that has started was created before: made starting now, then moved to its start.
      ids[name] = (await newTournament(lister, { tournament_type: type, start_time: at(Math.max(start, 0) * DAY) })).id;
      if (start < 0) await call(lister, 'update_tournament', { id: ids[name], start_time: at(start * DAY) });
    }
  });
  const names = (r: Any) => r.tournaments.map((t: Any) => Object.keys(ids).find((k) => ids[k] === t.id));
  const mine = (input: object = {}) => call(lister, 'list_tournaments', { only_mine: true, ...input });

  it('lists newest first or soonest first, by type and start time, and pages the same', async () => {
    assert.deepEqual(names(await mine()), ['c5', 'r4', 'c3', 'r2', 'c1']);
    assert.deepEqual(names(await mine({ tournament_type: 1 })), ['r4', 'r2']);
    assert.deepEqual(names(await mine({ sort: 'start_time' })), ['c3', 'r2', 'c5', 'r4', 'c1']);
    assert.deepEqual(names(await mine({ sort: 'start_time', start_after: at(0), start_before: at(30 * DAY) })), ['r2', 'c5', 'r4']);
    assert.deepEqual(names(await mine({ sort: 'start_time', tournament_type: 0, start_after: at(0) })), ['c5', 'c1']);
    for (const sort of ['newest', 'start_time']) {
      const whole = (await mine({ sort })).tournaments;
      assert.deepEqual(await allPages((cursor) => mine({ sort, limit: 2, cursor }), 'tournaments', 2), whole);
    }
  });

  it('lists everyone’s to anyone; only_mine needs a session', async () => {
    const all = (await call(guest, 'list_tournaments', { limit: 100 })).tournaments.map((t: Any) => t.id);
    for (const id of Object.values(ids)) assert.ok(all.includes(id));
    assert.deepEqual((await call(guest, 'list_tournaments', { only_mine: true })).tournaments, []);
    await fails(withKey(ts, 'list_tournaments', { only_mine: true }), 401, 'Только мои: требуется вход в систему.');
  });

  it('refuses bad input', async () => {
    const { cursor } = await mine({ limit: 1 });
    await fails(mine({ sort: 'start_time', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(mine({ sort: 'rating' }), 400, /^Сортировка: /);
    await fails(mine({ tournament_type: 'closed' }), 400, TYPE);
    await fails(mine({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(mine({ start_after: 'скоро' }), 400, /^Начало после: /);
  });
});
