import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, fails, registered, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-streams-');
let author: Session;
let stranger: Session;
let guest: Session;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const CREATOR_ONLY = 'Изменять и удалять трансляцию может только её автор.';
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newStream = (s: Session, input: object = {}) =>
  call(s, 'create_stream', { title: 'Финал кубка', description: 'Прямая трансляция финала', embed_url: 'https://youtu.be/dQw4w9WgXcQ', ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, stranger, guest] = await Promise.all([registered(ts), registered(ts), ts.newSession()]);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('create and get broadcasts', () => {
  it('creates a broadcast with trimmed fields, the embed form of its link and clean tags; anyone reads it', async () => {
    const start = at(DAY);
    const s = await newStream(author, {
      title: '  Финал кубка  ',
      description: '  Прямая трансляция\nфинала  ',
      embed_url: 'youtube.com/watch?v=dQw4w9WgXcQ',
      start_time: start,
      end_time: at(DAY + 2 * HOUR),
      tags: ' Футбол, финал,, футбол ,Кубок',
    });
    assert.deepEqual(Object.keys(s).sort(), [
      'create_time', 'creator_id', 'description', 'embed_url', 'end_time', 'id', 'start_time', 'tags', 'title', 'update_time',
    ]);
    assert.deepEqual(
      [s.title, s.description, s.embed_url, s.start_time, s.tags, s.creator_id],
      ['Финал кубка', 'Прямая трансляция\nфинала', 'https://www.youtube.com/embed/dQw4w9WgXcQ', start, ['Футбол', 'финал', 'Кубок'], author.user_id],
    );
    assert.deepEqual(await call(guest, 'get_stream', { id: s.id }), s);
    assert.deepEqual(await withKey(ts, 'get_stream', { id: s.id }), s);
  });

  it('takes tags as a list too, and no start or end time', async () => {
    const s = await newStream(author, { tags: ['ЛФЛ, Москва', ' москва', ''], start_time: null });
    assert.deepEqual(s.tags, ['ЛФЛ', 'Москва']);
    assert.equal('start_time' in s, false);
    assert.equal('end_time' in s, false);
    assert.deepEqual((await newStream(author, { tags: null })).tags, []);
    assert.deepEqual((await newStream(author)).tags, []);
  });

  it('allows a minute of clock skew for the start time', async () => {
    const start = at(-30_000);
    assert.equal((await newStream(author, { start_time: start })).start_time, start);
  });

  it('refuses bad input', async () => {
    await fails(newStream(author, { title: 'Матч' }), 400, 'Название: не короче 5 символов.');
    await fails(newStream(author, { title: '⚽⚽⚽⚽' }), 400, 'Название: не короче 5 символов.');
    await fails(newStream(author, { title: 'М'.repeat(121) }), 400, 'Название: не длиннее 120 символов.');
    await fails(newStream(author, { title: undefined }), 400, 'Название: укажите название трансляции.');
    await fails(newStream(author, { description: ' Коротко  ' }), 400, 'Описание: не короче 10 символов.');
    await fails(newStream(author, { description: undefined }), 400, 'Описание: укажите описание трансляции.');
    await fails(newStream(author, { description: 'О'.repeat(5001) }), 400, 'Описание: не длиннее 5000 символов.');
    await fails(newStream(author, { embed_url: undefined }), 400, 'Ссылка на видео: укажите ссылку на видео.');
    await fails(newStream(author, { embed_url: 'https://evil.example/watch?v=dQw4w9WgXcQ' }), 400, /^Ссылка на видео: принимаются только ссылки/);
    await fails(newStream(author, { embed_url: 'https://youtube.com/' }), 400, /^Ссылка на видео: в ссылке не найдено видео/);
    await fails(newStream(author, { start_time: at(-2 * 60_000) }), 400, 'Время начала: время начала не может быть в прошлом.');
    await fails(newStream(author, { start_time: 'завтра' }), 400, /^Время начала: ожидались дата и время/);
    const tomorrow = at(DAY);
    await fails(newStream(author, { start_time: tomorrow, end_time: tomorrow }), 400, 'Время окончания: время окончания должно быть позже начала.');
    await fails(newStream(author, { end_time: at(-HOUR) }), 400, 'Время окончания: время окончания должно быть позже начала.');
    await fails(newStream(author, { tags: Array.from({ length: 21 }, (_, i) => `тег${i}`).join(',') }), 400, 'Теги: не больше 20 тегов.');
    await fails(newStream(author, { tags: ['т'.repeat(51)] }), 400, 'Теги: не длиннее 50 символов.');
    await fails(newStream(author, { tags: ['ok', 'a\tb'] }), 400, 'Теги: недопустимые символы.');
    await fails(newStream(author, { tags: 42 }), 400, 'Теги: ожидалась строка тегов через запятую или список тегов.');
    await fails(call(guest, 'get_stream', { id: crypto.randomUUID() }), 404, 'Трансляция не найдена.');
    await fails(call(guest, 'get_stream', { id: 'x' }), 400, /^Идентификатор: /);
  });

  it('refuses guests and calls without a user', async () => {
    await fails(newStream(guest), 403);
    await fails(withKey(ts, 'create_stream', { title: 'Финал кубка', description: 'Прямая трансляция', embed_url: 'https://youtu.be/dQw4w9WgXcQ' }), 401);
  });
});

describe('update and delete broadcasts', () => {
  it('lets the creator change given fields; null clears the start or end time', async () => {
    const s = await newStream(author, { start_time: at(DAY), end_time: at(DAY + HOUR), tags: 'a' });
    const u = await call(author, 'update_stream', { id: s.id, title: 'Полуфинал кубка', embed_url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/', tags: ['B', 'b'] });
    assert.deepEqual(
      [u.title, u.description, u.embed_url, u.start_time, u.end_time, u.tags, u.create_time],
      ['Полуфинал кубка', s.description, 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef', s.start_time, s.end_time, ['B'], s.create_time],
    );
    assert.ok(u.update_time >= s.update_time);
    const cleared = await call(author, 'update_stream', { id: s.id, start_time: null, end_time: null, tags: '' });
    assert.deepEqual(['start_time' in cleared, 'end_time' in cleared, cleared.tags], [false, false, []]);
    assert.deepEqual(await call(guest, 'get_stream', { id: s.id }), cleared);
  });

  it('checks the start time only when it changes, and the end against the start kept', async () => {
    const s = await newStream(author, { start_time: at(HOUR) });
    const past = at(-3 * HOUR);
    await ts.app.nk.db.execute('UPDATE stream SET start_time = $2 WHERE id = $1', [s.id, past]);
    assert.equal((await call(author, 'update_stream', { id: s.id, start_time: past, title: 'Уже идёт матч' })).start_time, past);
    await fails(call(author, 'update_stream', { id: s.id, start_time: at(-2 * HOUR) }), 400, 'Время начала: время начала не может быть в прошлом.');
    await fails(call(author, 'update_stream', { id: s.id, end_time: at(-4 * HOUR) }), 400, 'Время окончания: время окончания должно быть позже начала.');
    const ended = at(-HOUR);
    assert.equal((await call(author, 'update_stream', { id: s.id, end_time: ended })).end_time, ended);
    await fails(call(author, 'update_stream', { id: s.id, start_time: at(HOUR) }), 400, 'Время окончания: время окончания должно быть позже начала.');
    await fails(call(author, 'update_stream', { id: s.id, title: 'Мяч' }), 400, 'Название: не короче 5 символов.');
    await fails(call(author, 'update_stream', { id: s.id, embed_url: 'ftp://youtu.be/dQw4w9WgXcQ' }), 400, /^Ссылка на видео: /);
  });

  it('refuses everyone but the creator', async () => {
    const s = await newStream(author);
    await fails(call(stranger, 'update_stream', { id: s.id, title: 'Чужая трансляция' }), 403, CREATOR_ONLY);
    await fails(call(stranger, 'delete_stream', { id: s.id }), 403, CREATOR_ONLY);
    await fails(call(guest, 'delete_stream', { id: s.id }), 403);
    await fails(withKey(ts, 'delete_stream', { id: s.id }), 401);
    await fails(call(author, 'update_stream', { id: crypto.randomUUID(), title: 'Нет такой' }), 404, 'Трансляция не найдена.');
    assert.deepEqual(await call(guest, 'get_stream', { id: s.id }), s);
  });

  it('deletes for good', async () => {
    const s = await newStream(author);
    assert.deepEqual(await call(author, 'delete_stream', { id: s.id }), {});
    await fails(call(guest, 'get_stream', { id: s.id }), 404);
    await fails(call(author, 'delete_stream', { id: s.id }), 404, 'Трансляция не найдена.');
  });
});

describe('list broadcasts', () => {
  let lister: Session;
  const ids: Record<string, string> = {};
  before(async () => {
    lister = await registered(ts);
    // name: created (hours from now), start, end, updated, tags
    const plan: Record<string, [number, number | null, number | null, number, string[]]> = {
      s1: [-5 * DAY, null, -4 * DAY, -HOUR, ['Футбол', 'ЛФЛ']],
      s2: [-4 * DAY, -10 * DAY, null, -3 * HOUR, ['футбол']],
      s3: [-3 * DAY, DAY, DAY + HOUR, -2 * HOUR, ['Хоккей']],
      s4: [-2 * DAY, null, HOUR, -5 * HOUR, []],
      s5: [-DAY, 2 * DAY, null, -4 * HOUR, ['ФУТБОЛ', 'финал']],
    };
    for (const [name, [created, start, end, updated, tags]] of Object.entries(plan)) {
      const { id } = await newStream(lister, { tags });
      ids[name] = id;
      const time = (ms: number | null) => (ms === null ? null : at(ms));
      await ts.app.nk.db.execute('UPDATE stream SET create_time = $2, start_time = $3, end_time = $4, update_time = $5 WHERE id = $1', [
        id, time(created), time(start), time(end), time(updated),
      ]);
    }
  });
  const names = (r: Any) => r.streams.map((s: Any) => Object.keys(ids).find((k) => ids[k] === s.id));
  const mine = (input: object = {}) => call(lister, 'list_streams', { only_mine: true, ...input });

  it('sorts by creation (newest first by default), start or update time, and pages the same', async () => {
    assert.deepEqual(names(await mine()), ['s5', 's4', 's3', 's2', 's1']);
    assert.deepEqual(names(await mine({ sort_order: 'asc' })), ['s1', 's2', 's3', 's4', 's5']);
    assert.deepEqual(names(await mine({ sort_by: 'start_time', sort_order: 'asc' })), ['s2', 's1', 's4', 's3', 's5']);
    assert.deepEqual(names(await mine({ sort_by: 'update_time' })), ['s1', 's3', 's2', 's5', 's4']);
    for (const sort_by of ['create_time', 'start_time', 'update_time']) {
      for (const sort_order of ['asc', 'desc']) {
        const whole = (await mine({ sort_by, sort_order })).streams;
        assert.deepEqual(await allPages((cursor) => mine({ sort_by, sort_order, limit: 2, cursor }), 'streams', 2), whole, `${sort_by} ${sort_order}`);
      }
    }
  });

  it('filters by tag (any case), start and end times and being on air', async () => {
    assert.deepEqual(names(await mine({ tag: ' футбол ' })), ['s5', 's2', 's1']);
    assert.deepEqual(names(await mine({ tag: 'ФИНАЛ' })), ['s5']);
    assert.deepEqual(names(await mine({ tag: 'баскетбол' })), []);
    assert.deepEqual(names(await mine({ tag: '' })), ['s5', 's4', 's3', 's2', 's1']);
    assert.deepEqual(names(await mine({ start_after: at(-3 * DAY) })), ['s5', 's4', 's3']);
    assert.deepEqual(names(await mine({ start_before: at(0), sort_by: 'start_time' })), ['s4', 's1', 's2']);
    assert.deepEqual(names(await mine({ end_before: at(0) })), ['s1']);
    assert.deepEqual(names(await mine({ end_after: at(0) })), ['s5', 's4', 's3', 's2']);
    assert.deepEqual(names(await mine({ only_active: true })), ['s4', 's2']);
    assert.deepEqual(names(await mine({ only_active: true, tag: 'футбол' })), ['s2']);
  });

  it('lists everyone’s broadcasts to anyone; only_mine needs a session', async () => {
    const all = (await call(guest, 'list_streams', { limit: 100 })).streams.map((s: Any) => s.id);
    for (const id of Object.values(ids)) assert.ok(all.includes(id));
    assert.deepEqual((await call(guest, 'list_streams', { only_mine: true })).streams, []);
    await fails(withKey(ts, 'list_streams', { only_mine: true }), 401, 'Только мои: требуется вход в систему.');
    assert.deepEqual(names(await withKey(ts, 'list_streams', { tag: 'хоККей' })), ['s3']);
  });

  it('answers the TV schedule: up to 100 by start time', async () => {
    const schedule = await call(guest, 'list_streams', { sort_by: 'start_time', sort_order: 'asc', limit: 100, start_after: at(-11 * DAY) });
    const starts = schedule.streams.map((s: Any) => s.start_time ?? s.create_time);
    assert.deepEqual(starts, [...starts].sort());
    assert.equal(schedule.streams[0].id, ids.s2);
  });

  it('refuses bad input', async () => {
    const { cursor } = await mine({ limit: 1 });
    await fails(mine({ sort_by: 'start_time', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(mine({ sort_order: 'asc', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(mine({ sort_by: 'title' }), 400, /^Сортировка: /);
    await fails(mine({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(mine({ start_after: 'вчера' }), 400, /^Начало после: /);
    await fails(mine({ only_active: 'yes' }), 400, /^Только активные: /);
    await fails(mine({ tag: 'т'.repeat(51) }), 400, /^Тег: /);
  });
});
