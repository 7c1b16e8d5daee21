import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, fails, makeTeam, teamCast, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-videos-');
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;
let otherTeamId: string;

const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
const MANAGERS_ONLY = 'Это может делать только владелец или администратор команды.';
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newSection = (s: Session, input: object = {}) =>
  call(s, 'create_team_video_section', { team_id: teamId, title: 'Матчи', ...input });
const newVideo = (s: Session, sectionId: string, input: object = {}) =>
  call(s, 'create_team_video', { team_id: teamId, section_id: sectionId, title: 'Видео', embed_url: 'https://youtu.be/dQw4w9WgXcQ', ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  ({ owner, admin, member, stranger, guest, teamId, otherTeamId } = await teamCast(ts));
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('video sections', () => {
  it('creates sections for managers, each last unless sort_order is given; anyone reads them', async () => {
    const team = await makeTeam(ts, owner, { admin });
    const a = await call(owner, 'create_team_video_section', { team_id: team, title: ' Голы ', description: 'Лучшие' });
    assert.deepEqual(Object.keys(a).sort(), ['create_time', 'description', 'id', 'sort_order', 'team_id', 'title', 'update_time']);
    assert.deepEqual([a.team_id, a.title, a.description, a.sort_order], [team, 'Голы', 'Лучшие', 0]);
    const b = await call(admin, 'create_team_video_section', { team_id: team, title: 'Сейвы' });
    const c = await call(owner, 'create_team_video_section', { team_id: team, title: 'Интервью', sort_order: 10 });
    const d = await call(owner, 'create_team_video_section', { team_id: team, title: 'Разное' });
    assert.deepEqual([b.sort_order, c.sort_order, d.sort_order], [1, 10, 11]);
    assert.deepEqual(await call(guest, 'get_team_video_section', { id: a.id }), a);
    assert.deepEqual(await withKey(ts, 'get_team_video_section', { id: a.id }), a);
  });

  it('refuses bad input', async () => {
    await fails(newSection(owner, { title: '' }), 400, 'Название: укажите название.');
    await fails(newSection(owner, { title: 'В'.repeat(201) }), 400, 'Название: не длиннее 200 символов.');
    await fails(newSection(owner, { sort_order: 'first' }), 400, /^Порядок: /);
    await fails(newSection(owner, { description: 'a\u0000' }), 400, 'Описание: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).');
    await fails(newSection(owner, { team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
    await fails(call(guest, 'get_team_video_section', { id: crypto.randomUUID() }), 404, 'Раздел не найден.');
    await fails(call(guest, 'get_team_video_section', { id: 42 }), 400, /^Идентификатор: /);
  });

  it('lets only managers create, change, delete, restore and reorder sections', async () => {
    const s = await newSection(owner);
    for (const who of [member, stranger]) {
      await fails(newSection(who), 403, MANAGERS_ONLY);
      await fails(call(who, 'update_team_video_section', { id: s.id, title: 'Взлом' }), 403, MANAGERS_ONLY);
      await fails(call(who, 'delete_team_video_section', { id: s.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'restore_team_video_section', { id: s.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'reorder_team_video_sections', { team_id: teamId, ids: [s.id] }), 403, MANAGERS_ONLY);
    }
    await fails(newSection(guest), 403);
    await fails(withKey(ts, 'reorder_team_video_sections', { team_id: teamId, ids: [s.id] }), 401);
    assert.equal((await call(guest, 'get_team_video_section', { id: s.id })).title, 'Матчи');
  });

  it('updates given fields', async () => {
    const s = await newSection(owner, { description: 'Было' });
    const u = await call(admin, 'update_team_video_section', { id: s.id, title: 'Стало', sort_order: -1 });
    assert.deepEqual([u.title, u.description, u.sort_order, u.create_time], ['Стало', 'Было', -1, s.create_time]);
    assert.equal((await call(owner, 'update_team_video_section', { id: s.id, description: null })).description, '');
    await fails(call(owner, 'update_team_video_section', { id: crypto.randomUUID(), title: 'x' }), 404);
  });

  it('soft-deletes and restores; deleted sections are for managers only', async () => {
    const s = await newSection(owner);
    assert.deepEqual(await call(admin, 'delete_team_video_section', { id: s.id }), {});
    for (const who of [guest, member, stranger]) await fails(call(who, 'get_team_video_section', { id: s.id }), 404);
    const seen = await call(owner, 'get_team_video_section', { id: s.id });
    assert.ok(Date.parse(seen.delete_time) > 0);
    await call(owner, 'delete_team_video_section', { id: s.id });
    assert.equal((await call(admin, 'get_team_video_section', { id: s.id })).delete_time, seen.delete_time);
    const ids = async (who: Session, include_deleted: boolean) =>
      (await call(who, 'list_team_video_sections', { team_id: teamId, limit: 100, include_deleted })).sections.map((x: Any) => x.id);
    assert.ok(!(await ids(owner, false)).includes(s.id));
    assert.ok((await ids(owner, true)).includes(s.id));
    for (const who of [member, stranger, guest]) assert.ok(!(await ids(who, true)).includes(s.id));
    await call(owner, 'restore_team_video_section', { id: s.id });
    assert.equal('delete_time' in (await call(guest, 'get_team_video_section', { id: s.id })), false);
  });
});

describe('list and reorder video sections', () => {
  let team: string;
  const ids: Record<string, string> = {};
  before(async () => {
    team = await makeTeam(ts, owner);
    for (const title of ['вега', 'Альфа', 'бета', 'Гамма', 'дельта']) {
      ids[title] = (await call(owner, 'create_team_video_section', { team_id: team, title })).id;
    }
  });
  const list = (input: object = {}) => call(guest, 'list_team_video_sections', { team_id: team, ...input });
  const titles = (r: Any) => r.sections.map((s: Any) => s.title);

  it('sorts by sort_order (the default), create_time or title, either way, and pages', async () => {
    assert.deepEqual(titles(await list()), ['вега', 'Альфа', 'бета', 'Гамма', 'дельта']);
    assert.deepEqual(titles(await list({ sort_order: 'desc' })), ['дельта', 'Гамма', 'бета', 'Альфа', 'вега']);
    assert.deepEqual(titles(await list({ sort_by: 'title' })), ['Альфа', 'бета', 'вега', 'Гамма', 'дельта']);
    assert.deepEqual(titles(await list({ sort_by: 'create_time', sort_order: 'desc' })), ['дельта', 'Гамма', 'бета', 'Альфа', 'вега']);
    for (const sort_by of ['sort_order', 'create_time', 'title']) {
      for (const sort_order of ['asc', 'desc']) {
        const paged = await allPages((cursor) => list({ sort_by, sort_order, limit: 2, cursor }), 'sections', 2);
        assert.deepEqual(paged, (await list({ sort_by, sort_order })).sections, `${sort_by} ${sort_order}`);
      }
    }
    const { cursor } = await list({ limit: 2 });
    await fails(list({ sort_by: 'title', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ sort_by: 'slug' }), 400, /^Сортировка: /);
    await fails(list({ limit: 101 }), 400, /^Размер страницы: /);
  });

  it('orders sections as the ids say; the rest follow in their previous order', async () => {
    const order = ['Гамма', 'вега', 'дельта', 'Альфа', 'бета'];
    assert.deepEqual(await call(owner, 'reorder_team_video_sections', { team_id: team, ids: order.map((t) => ids[t]) }), {});
    assert.deepEqual(titles(await list()), order);
    assert.deepEqual((await list()).sections.map((s: Any) => s.sort_order), [0, 1, 2, 3, 4]);
    await call(owner, 'reorder_team_video_sections', { team_id: team, ids: [ids['бета'], ids['Альфа']] });
    assert.deepEqual(titles(await list()), ['бета', 'Альфа', 'Гамма', 'вега', 'дельта']);
  });

  it('refuses ids of another team, unknown or repeated ids, changing nothing', async () => {
    const before = titles(await list());
    const foreign = (await call(stranger, 'create_team_video_section', { team_id: otherTeamId, title: 'Чужой' })).id;
    const reorder = (list: string[]) => call(owner, 'reorder_team_video_sections', { team_id: team, ids: list });
    await fails(reorder([ids['дельта'], foreign]), 400, 'Список идентификаторов: не все разделы принадлежат этой команде.');
    await fails(reorder([ids['дельта'], crypto.randomUUID()]), 400, 'Список идентификаторов: не все разделы принадлежат этой команде.');
    await fails(reorder([ids['дельта'], ids['дельта']]), 400, 'Список идентификаторов: идентификаторы повторяются.');
    await fails(reorder([]), 400, /^Список идентификаторов: /);
    await fails(reorder(['x']), 400, /^Список идентификаторов: /);
    assert.deepEqual(titles(await list()), before);
    assert.equal((await call(stranger, 'get_team_video_section', { id: foreign })).sort_order, 0);
  });
});

describe('videos', () => {
  it('creates a video for a manager with the embed form of its link and tags without repeats', async () => {
    const s = await newSection(owner);
    const v = await newVideo(admin, s.id, { title: ' Гол ', description: 'Со штрафного', embed_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5', tags: [' гол ', 'кубок', 'гол'] });
    assert.deepEqual(Object.keys(v).sort(), [
      'create_time', 'description', 'embed_url', 'id', 'section_id', 'sort_order', 'tags', 'team_id', 'title', 'update_time',
    ]);
    assert.deepEqual([v.team_id, v.section_id, v.title, v.description, v.embed_url, v.tags, v.sort_order], [teamId, s.id, 'Гол', 'Со штрафного', YT, ['гол', 'кубок'], 0]);
    assert.deepEqual(await call(guest, 'get_team_video', { id: v.id }), v);
    const vk = await newVideo(owner, s.id, { embed_url: 'https://vkvideo.ru/video-1_2' });
    assert.deepEqual([vk.embed_url, vk.tags, vk.sort_order, vk.description], ['https://vk.com/video_ext.php?oid=-1&id=2', [], 1, '']);
    const rt = await newVideo(owner, s.id, { embed_url: 'http://rutube.ru/video/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09/' });
    assert.equal(rt.embed_url, 'https://rutube.ru/play/embed/4c3b2f8a9e1d4c7b8a6f5e4d3c2b1a09');
  });

  it('refuses links of other hosts, bad tags, foreign, deleted and unknown sections', async () => {
    const s = await newSection(owner);
    for (const url of ['https://youtube.com.evil.ru/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/1', 'javascript:alert(1)']) {
      await fails(newVideo(owner, s.id, { embed_url: url }), 400, /^Ссылка на видео: принимаются только ссылки на видео YouTube \(youtube\.com, youtu\.be\), VK Видео/, 3);
    }
    await fails(newVideo(owner, s.id, { embed_url: 'https://www.youtube.com/' }), 400, /^Ссылка на видео: в ссылке не найдено видео/);
    await fails(newVideo(owner, s.id, { embed_url: undefined }), 400, 'Ссылка на видео: укажите ссылку на видео.');
    await fails(newVideo(owner, s.id, { tags: Array.from({ length: 21 }, (_, i) => `т${i}`) }), 400, 'Теги: не больше 20 тегов.');
    await fails(newVideo(owner, s.id, { tags: ['т'.repeat(51)] }), 400, 'Теги: не длиннее 50 символов.');
    await fails(newVideo(owner, s.id, { tags: ['ok', ' '] }), 400, 'Теги: пустой тег.');
    await fails(newVideo(owner, s.id, { tags: 'гол' }), 400, /^Теги: /);
    await fails(newVideo(owner, s.id, { title: '' }), 400, 'Название: укажите название.');
    const foreign = await call(stranger, 'create_team_video_section', { team_id: otherTeamId, title: 'Чужой' });
    await fails(newVideo(owner, foreign.id), 400, 'Раздел: раздел принадлежит другой команде.', 3);
    await fails(newVideo(owner, crypto.randomUUID()), 404, 'Раздел не найден.');
    const gone = await newSection(owner);
    await call(owner, 'delete_team_video_section', { id: gone.id });
    await fails(newVideo(owner, gone.id), 400, /^Раздел удалён/, 9);
    assert.equal((await newVideo(owner, s.id, { tags: Array.from({ length: 20 }, (_, i) => `т${i}`) })).tags.length, 20);
  });

  it('lets only managers create, change, delete, restore and reorder videos', async () => {
    const s = await newSection(owner);
    const v = await newVideo(owner, s.id);
    for (const who of [member, stranger]) {
      await fails(newVideo(who, s.id), 403, MANAGERS_ONLY);
      await fails(call(who, 'update_team_video', { id: v.id, title: 'Взлом' }), 403, MANAGERS_ONLY);
      await fails(call(who, 'delete_team_video', { id: v.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'restore_team_video', { id: v.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'reorder_team_videos', { section_id: s.id, ids: [v.id] }), 403, MANAGERS_ONLY);
    }
    await fails(call(guest, 'delete_team_video', { id: v.id }), 403);
    await fails(withKey(ts, 'update_team_video', { id: v.id, title: 'x' }), 401);
    assert.deepEqual(await call(guest, 'get_team_video', { id: v.id }), v);
  });

  it('updates given fields and moves a video to the end of another live section of its team', async () => {
    const from = await newSection(owner);
    const to = await newSection(owner);
    await newVideo(owner, to.id);
    const v = await newVideo(owner, from.id, { tags: ['а'] });
    const u = await call(admin, 'update_team_video', { id: v.id, title: 'Новое', embed_url: 'youtu.be/a-b_C1d2E3f', tags: [] });
    assert.deepEqual([u.title, u.embed_url, u.tags, u.section_id, u.create_time], ['Новое', 'https://www.youtube.com/embed/a-b_C1d2E3f', [], from.id, v.create_time]);
    const moved = await call(owner, 'update_team_video', { id: v.id, section_id: to.id });
    assert.deepEqual([moved.section_id, moved.sort_order, moved.title], [to.id, 1, 'Новое']);
    await fails(call(owner, 'update_team_video', { id: v.id, embed_url: 'https://rutube.ru.evil.ru/video/x' }), 400, /^Ссылка на видео: /);
    const foreign = await call(stranger, 'create_team_video_section', { team_id: otherTeamId, title: 'Чужой' });
    await fails(call(owner, 'update_team_video', { id: v.id, section_id: foreign.id }), 400, 'Раздел: раздел принадлежит другой команде.');
    await call(owner, 'delete_team_video_section', { id: from.id });
    await fails(call(owner, 'update_team_video', { id: v.id, section_id: from.id }), 400, /^Раздел удалён/, 9);
    await fails(call(owner, 'update_team_video', { id: crypto.randomUUID(), title: 'x' }), 404, 'Видео не найдено.');
    assert.equal((await call(guest, 'get_team_video', { id: v.id })).section_id, to.id);
  });

  it('soft-deletes and restores videos; a deleted section hides its videos until restored', async () => {
    const s = await newSection(owner);
    const v = await newVideo(owner, s.id);
    const w = await newVideo(owner, s.id);
    const ids = async (who: Session, include_deleted = false) =>
      (await call(who, 'list_team_videos', { team_id: teamId, limit: 100, include_deleted })).videos.map((x: Any) => x.id);
    assert.deepEqual(await call(admin, 'delete_team_video', { id: v.id }), {});
    await fails(call(guest, 'get_team_video', { id: v.id }), 404, 'Видео не найдено.');
    await fails(call(member, 'get_team_video', { id: v.id }), 404);
    const seen = await call(owner, 'get_team_video', { id: v.id });
    assert.ok(Date.parse(seen.delete_time) > 0);
    assert.ok(!(await ids(owner)).includes(v.id));
    assert.ok((await ids(owner, true)).includes(v.id));
    for (const who of [member, stranger, guest]) assert.ok(!(await ids(who, true)).includes(v.id));
    await call(owner, 'restore_team_video', { id: v.id });
    assert.equal('delete_time' in (await call(guest, 'get_team_video', { id: v.id })), false);
    await call(owner, 'delete_team_video_section', { id: s.id });
    for (const id of [v.id, w.id]) await fails(call(guest, 'get_team_video', { id }), 404);
    assert.ok(!(await ids(guest)).includes(w.id));
    assert.ok((await ids(admin, true)).includes(w.id));
    await call(owner, 'restore_team_video_section', { id: s.id });
    assert.ok((await ids(guest)).includes(w.id));
  });
});

describe('list and reorder videos', () => {
  let team: string;
  let first: string;
  let second: string;
  before(async () => {
    team = await makeTeam(ts, owner);
    first = (await call(owner, 'create_team_video_section', { team_id: team, title: 'Первый' })).id;
    second = (await call(owner, 'create_team_video_section', { team_id: team, title: 'Второй' })).id;
    for (const title of ['вега', 'Альфа', 'бета', 'Гамма', 'дельта']) {
      await call(owner, 'create_team_video', { team_id: team, section_id: first, title, embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
    }
    await call(owner, 'create_team_video', { team_id: team, section_id: second, title: 'Другой', embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
  });
  const list = (input: object = {}) => call(guest, 'list_team_videos', { team_id: team, section_id: first, ...input });
  const titles = (r: Any) => r.videos.map((v: Any) => v.title);

  it('sorts by sort_order (the default), create_time or title, either way, and pages', async () => {
    assert.deepEqual(titles(await list()), ['вега', 'Альфа', 'бета', 'Гамма', 'дельта']);
    assert.deepEqual(titles(await list({ sort_by: 'title', sort_order: 'desc' })), ['дельта', 'Гамма', 'вега', 'бета', 'Альфа']);
    assert.deepEqual(titles(await list({ sort_by: 'create_time', sort_order: 'desc' })), ['дельта', 'Гамма', 'бета', 'Альфа', 'вега']);
    assert.equal((await list({ section_id: undefined })).videos.length, 6);
    assert.deepEqual(titles(await list({ section_id: second })), ['Другой']);
    for (const sort_by of ['sort_order', 'create_time', 'title']) {
      for (const sort_order of ['asc', 'desc']) {
        for (const section_id of [first, undefined]) {
          const paged = await allPages((cursor) => list({ section_id, sort_by, sort_order, limit: 2, cursor }), 'videos', 2);
          assert.deepEqual(paged, (await list({ section_id, sort_by, sort_order })).videos, `${sort_by} ${sort_order}`);
        }
      }
    }
    const { cursor } = await list({ limit: 2 });
    await fails(list({ sort_order: 'desc', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ limit: 0 }), 400, /^Размер страницы: /);
    await fails(list({ team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
  });

  it('orders a section\'s videos as the ids say and refuses videos of other sections', async () => {
    const byTitle = Object.fromEntries((await list()).videos.map((v: Any) => [v.title, v.id]));
    const order = ['дельта', 'Альфа', 'вега', 'Гамма', 'бета'];
    assert.deepEqual(await call(owner, 'reorder_team_videos', { section_id: first, ids: order.map((t) => byTitle[t]) }), {});
    assert.deepEqual(titles(await list()), order);
    const other = (await list({ section_id: second })).videos[0].id;
    await fails(call(owner, 'reorder_team_videos', { section_id: first, ids: [byTitle['бета'], other] }), 400, 'Список идентификаторов: не все видео из этого раздела.');
    await fails(call(owner, 'reorder_team_videos', { section_id: crypto.randomUUID(), ids: [other] }), 404, 'Раздел не найден.');
    assert.deepEqual(titles(await list()), order);
  });
});
