import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, fails, makeTeam, teamCast, uploadPng, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-photos-');
let owner: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;
let otherTeamId: string;
let fileId: string;

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newSection = (s: Session, input: object = {}) =>
  call(s, 'create_team_photo_section', { team_id: teamId, title: 'Альбом', ...input });
const newPhoto = (s: Session, sectionId: string, input: object = {}) =>
  call(s, 'create_team_photo', { team_id: teamId, section_id: sectionId, file_id: fileId, ...input });
const MANAGERS_ONLY = 'Это может делать только владелец или администратор команды.';
/** A section of the team as `who` finds it listed (deleted ones only when asked, and only for managers); undefined when not listed. */
const sectionOf = async (who: Session, id: string, include_deleted = false) =>
  (await call(who, 'list_team_photo_sections', { team_id: teamId, limit: 100, include_deleted })).sections.find((x: Any) => x.id === id);
/** A photo of the team as `who` finds it listed, as sectionOf. */
const photoOf = async (who: Session, id: string, include_deleted = false) =>
  (await call(who, 'list_team_photos', { team_id: teamId, limit: 100, include_deleted })).photos.find((x: Any) => x.id === id);

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  ({ owner, admin, member, stranger, guest, teamId, otherTeamId } = await teamCast(ts));
  fileId = await uploadPng(ts, owner);
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('photo sections', () => {
  it('creates a section for a manager; its slug is the title; anyone lists it', async () => {
    const s = await newSection(owner, { title: '  Финал кубка ', description: 'Май 2024', cover_photo_url: `/uploads/${fileId}`, sort: 5 });
    assert.deepEqual(Object.keys(s).sort(), [
      'cover_photo_url', 'create_time', 'description', 'id', 'photo_count', 'slug', 'sort', 'team_id', 'title', 'update_time',
    ]);
    assert.deepEqual([s.team_id, s.title, s.slug, s.description, s.sort, s.photo_count], [teamId, 'Финал кубка', 'Финал кубка', 'Май 2024', 5, 0]);
    assert.equal(s.cover_photo_url, `/uploads/${fileId}`);
    assert.deepEqual(await sectionOf(guest, s.id), s);
    assert.deepEqual((await withKey(ts, 'list_team_photo_sections', { team_id: teamId, limit: 100 })).sections.find((x: Any) => x.id === s.id), s);
    const byAdmin = await newSection(admin, { title: 'Тренировки', cover_photo_url: 'https://example.com/a.webp' });
    assert.deepEqual([byAdmin.description, byAdmin.sort, 'delete_time' in byAdmin], ['', 0, false]);
  });

  it('refuses bad input', async () => {
    await fails(newSection(owner, { title: undefined }), 400, 'Название: укажите название.');
    await fails(newSection(owner, { title: '   ' }), 400, 'Название: укажите название.');
    await fails(newSection(owner, { title: 'Я'.repeat(201) }), 400, 'Название: не длиннее 200 символов.');
    await fails(newSection(owner, { title: 'А\u0000Б' }), 400, 'Название: текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).');
    await fails(newSection(owner, { description: 'д'.repeat(2001) }), 400, /^Описание: /);
    for (const url of ['javascript:alert(1)', '//evil.ru/a.png', '/\\evil.ru', 'uploads/x', 'https://a b']) {
      await fails(newSection(owner, { cover_photo_url: url }), 400, /^Обложка раздела: /);
    }
    await fails(newSection(owner, { sort: 1.5 }), 400, /^Сортировка: /);
    await fails(newSection(owner, { team_id: 'x' }), 400, /^Команда: /);
    await fails(newSection(owner, { team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
  });

  it('lets only managers create, change, delete and restore sections', async () => {
    const s = await newSection(owner);
    for (const who of [member, stranger]) {
      await fails(newSection(who), 403, MANAGERS_ONLY);
      await fails(call(who, 'update_team_photo_section', { id: s.id, title: 'Взлом' }), 403, MANAGERS_ONLY);
      await fails(call(who, 'delete_team_photo_section', { id: s.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'restore_team_photo_section', { id: s.id }), 403, MANAGERS_ONLY);
    }
    await fails(newSection(guest), 403);
    await fails(withKey(ts, 'create_team_photo_section', { team_id: teamId, title: 'x' }), 401);
    await fails(withKey(ts, 'delete_team_photo_section', { id: s.id }), 401);
    assert.equal((await sectionOf(guest, s.id)).title, 'Альбом');
  });

  it('updates given fields; the slug stays; null clears the cover', async () => {
    const s = await newSection(owner, { title: 'Старое', cover_photo_url: 'https://example.com/c.webp' });
    const u = await call(admin, 'update_team_photo_section', { id: s.id, title: 'Новое', sort: -3, cover_photo_url: null });
    assert.deepEqual([u.title, u.slug, u.sort, u.description, 'cover_photo_url' in u], ['Новое', 'Старое', -3, '', false]);
    assert.equal(u.create_time, s.create_time);
    const d = await call(owner, 'update_team_photo_section', { id: s.id, description: 'Описание' });
    assert.deepEqual([d.title, d.description], ['Новое', 'Описание']);
    await fails(call(owner, 'update_team_photo_section', { id: s.id, title: '' }), 400, 'Название: укажите название.');
    await fails(call(owner, 'update_team_photo_section', { id: crypto.randomUUID(), title: 'x' }), 404);
  });

  it('soft-deletes and restores; deleted sections are for managers only', async () => {
    const s = await newSection(owner, { title: 'Удаляемый' });
    assert.deepEqual(await call(admin, 'delete_team_photo_section', { id: s.id }), {});
    const seen = await sectionOf(owner, s.id, true);
    assert.ok(Date.parse(seen.delete_time) > 0);
    // Repeating is a no-op that keeps the first deletion's time; managers may still edit it.
    await call(owner, 'delete_team_photo_section', { id: s.id });
    assert.equal((await call(owner, 'update_team_photo_section', { id: s.id, sort: 9 })).delete_time, seen.delete_time);
    const ids = async (who: Session, include_deleted: boolean) =>
      (await call(who, 'list_team_photo_sections', { team_id: teamId, limit: 100, include_deleted })).sections.map((x: Any) => x.id);
    assert.ok(!(await ids(owner, false)).includes(s.id));
    assert.ok((await ids(owner, true)).includes(s.id));
    assert.ok((await ids(admin, true)).includes(s.id));
    // include_deleted from anyone else is ignored.
    for (const who of [member, stranger, guest]) assert.ok(!(await ids(who, true)).includes(s.id));
    assert.ok(!(await withKey(ts, 'list_team_photo_sections', { team_id: teamId, include_deleted: true })).sections.some((x: Any) => x.id === s.id));
    assert.deepEqual(await call(admin, 'restore_team_photo_section', { id: s.id }), {});
    await call(admin, 'restore_team_photo_section', { id: s.id });
    const back = await sectionOf(guest, s.id);
    assert.equal('delete_time' in back, false);
    assert.ok((await ids(guest, false)).includes(s.id));
  });
});

describe('list_team_photo_sections', () => {
  let team: string;
  before(async () => {
    team = await makeTeam(ts, owner);
    for (const [title, sort] of [['вега', 2], ['Альфа', 3], ['бета', 1], ['Гамма', 2], ['дельта', 0]] as const) {
      await call(owner, 'create_team_photo_section', { team_id: team, title, sort });
    }
  });
  const list = (input: object) => call(guest, 'list_team_photo_sections', { team_id: team, ...input });
  const titles = (r: Any) => r.sections.map((s: Any) => s.title);

  it('sorts by create_time (newest first by default), sort or title, either way', async () => {
    assert.deepEqual(titles(await list({})), ['дельта', 'Гамма', 'бета', 'Альфа', 'вега']);
    assert.deepEqual(titles(await list({ sort_order: 'asc' })), ['вега', 'Альфа', 'бета', 'Гамма', 'дельта']);
    assert.deepEqual(titles(await list({ sort_by: 'title', sort_order: 'asc' })), ['Альфа', 'бета', 'вега', 'Гамма', 'дельта']);
    assert.deepEqual(titles(await list({ sort_by: 'title' })), ['дельта', 'Гамма', 'вега', 'бета', 'Альфа']);
    const bySort = (await list({ sort_by: 'sort', sort_order: 'asc' })).sections.map((s: Any) => s.sort);
    assert.deepEqual(bySort, [0, 1, 2, 2, 3]);
  });

  it('pages with a cursor in every order, without repeats or gaps', async () => {
    for (const sort_by of ['create_time', 'sort', 'title']) {
      for (const sort_order of ['asc', 'desc']) {
        const whole = (await list({ sort_by, sort_order })).sections;
        const paged = await allPages((cursor) => list({ sort_by, sort_order, limit: 2, cursor }), 'sections', 2);
        assert.deepEqual(paged, whole, `${sort_by} ${sort_order}`);
      }
    }
    assert.equal((await list({ limit: 5 })).cursor, undefined);
  });

  it('refuses bad options and foreign cursors', async () => {
    const { cursor } = await list({ limit: 2 });
    await fails(list({ sort_by: 'sort', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ sort_order: 'asc', cursor }), 400, 'Страница списка: курсор недействителен.');
    for (const bad of ['nope', Buffer.from('["photo-sections:create_time:desc","x","y"]').toString('base64url')]) {
      await fails(list({ cursor: bad }), 400, 'Страница списка: курсор недействителен.');
    }
    await fails(list({ sort_by: 'delete_time' }), 400, /^Сортировка: /);
    await fails(list({ sort_order: 'up' }), 400, /^Порядок: /);
    await fails(list({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(list({ include_deleted: 'yes' }), 400, /^Показывать удалённые: /);
    await fails(list({ team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
  });
});

describe('photos', () => {
  it('adds an uploaded photo to a section for a manager, counted in photo_count', async () => {
    const s = await newSection(owner);
    const p = await newPhoto(admin, s.id, { description: '  Гол! ' });
    assert.deepEqual(Object.keys(p).sort(), ['create_time', 'creator_id', 'description', 'file_id', 'id', 'section_id', 'team_id', 'update_time']);
    assert.deepEqual([p.team_id, p.section_id, p.file_id, p.description, p.creator_id], [teamId, s.id, fileId, 'Гол!', admin.user_id]);
    assert.deepEqual(await photoOf(guest, p.id), p);
    await newPhoto(owner, s.id);
    assert.equal((await sectionOf(guest, s.id)).photo_count, 2);
  });

  it('refuses unknown files, foreign, deleted and unknown sections, and bad input', async () => {
    const s = await newSection(owner);
    await fails(newPhoto(owner, s.id, { file_id: crypto.randomUUID() }), 400, 'Файл: файл не найден.');
    await fails(newPhoto(owner, s.id, { file_id: 'photo.png' }), 400, /^Файл: /);
    const foreign = await call(stranger, 'create_team_photo_section', { team_id: otherTeamId, title: 'Чужой' });
    await fails(newPhoto(owner, foreign.id), 400, 'Раздел: раздел принадлежит другой команде.', 3);
    await fails(newPhoto(owner, crypto.randomUUID()), 404, 'Раздел не найден.');
    const gone = await newSection(owner);
    await call(owner, 'delete_team_photo_section', { id: gone.id });
    await fails(newPhoto(owner, gone.id), 400, /^Раздел удалён/, 9);
    await fails(newPhoto(owner, s.id, { description: 7 }), 400, /^Описание: /);
  });

  it('lets only managers add, change, move, delete and restore photos', async () => {
    const s = await newSection(owner);
    const other = await newSection(owner);
    const p = await newPhoto(owner, s.id);
    for (const who of [member, stranger]) {
      await fails(newPhoto(who, s.id), 403, MANAGERS_ONLY);
      await fails(call(who, 'update_team_photo', { id: p.id, description: 'x' }), 403, MANAGERS_ONLY);
      await fails(call(who, 'move_team_photo', { id: p.id, section_id: other.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'delete_team_photo', { id: p.id }), 403, MANAGERS_ONLY);
      await fails(call(who, 'restore_team_photo', { id: p.id }), 403, MANAGERS_ONLY);
    }
    await fails(call(guest, 'move_team_photo', { id: p.id, section_id: other.id }), 403);
    await fails(withKey(ts, 'delete_team_photo', { id: p.id }), 401);
    assert.deepEqual(await photoOf(guest, p.id), p);
  });

  it('changes the description; it must be given', async () => {
    const p = await newPhoto(owner, (await newSection(owner)).id, { description: 'Было' });
    const u = await call(admin, 'update_team_photo', { id: p.id, description: 'Стало' });
    assert.deepEqual([u.description, u.create_time], ['Стало', p.create_time]);
    assert.equal((await call(owner, 'update_team_photo', { id: p.id, description: null })).description, '');
    await fails(call(owner, 'update_team_photo', { id: p.id }), 400, /^Описание: /);
    await fails(call(owner, 'update_team_photo', { id: crypto.randomUUID(), description: 'x' }), 404);
  });

  it('moves a photo to another live section of its team only', async () => {
    const from = await newSection(owner);
    const to = await newSection(owner);
    const p = await newPhoto(owner, from.id);
    const moved = await call(admin, 'move_team_photo', { id: p.id, section_id: to.id });
    assert.equal(moved.section_id, to.id);
    assert.equal((await sectionOf(guest, from.id)).photo_count, 0);
    assert.equal((await sectionOf(guest, to.id)).photo_count, 1);
    const foreign = await call(stranger, 'create_team_photo_section', { team_id: otherTeamId, title: 'Чужой' });
    await fails(call(owner, 'move_team_photo', { id: p.id, section_id: foreign.id }), 400, 'Раздел: раздел принадлежит другой команде.', 3);
    await call(owner, 'delete_team_photo_section', { id: from.id });
    await fails(call(owner, 'move_team_photo', { id: p.id, section_id: from.id }), 400, /^Раздел удалён/, 9);
    await fails(call(owner, 'move_team_photo', { id: p.id, section_id: crypto.randomUUID() }), 404, 'Раздел не найден.');
    assert.equal((await photoOf(guest, p.id)).section_id, to.id);
  });

  it('soft-deletes and restores a photo; photo_count counts live ones', async () => {
    const s = await newSection(owner);
    const p = await newPhoto(owner, s.id);
    await newPhoto(owner, s.id);
    assert.deepEqual(await call(admin, 'delete_team_photo', { id: p.id }), {});
    assert.equal((await sectionOf(guest, s.id)).photo_count, 1);
    const seen = await photoOf(owner, p.id, true);
    assert.ok(Date.parse(seen.delete_time) > 0);
    const ids = async (who: Session, include_deleted: boolean) =>
      (await call(who, 'list_team_photos', { team_id: teamId, section_id: s.id, include_deleted })).photos.map((x: Any) => x.id);
    assert.equal((await ids(owner, false)).length, 1);
    assert.ok((await ids(owner, true)).includes(p.id));
    for (const who of [member, stranger, guest]) assert.ok(!(await ids(who, true)).includes(p.id));
    await call(owner, 'delete_team_photo', { id: p.id });
    assert.equal((await photoOf(owner, p.id, true)).delete_time, seen.delete_time);
    assert.deepEqual(await call(admin, 'restore_team_photo', { id: p.id }), {});
    assert.equal('delete_time' in (await photoOf(guest, p.id)), false);
    assert.equal((await sectionOf(guest, s.id)).photo_count, 2);
  });

  it('hides the photos of a deleted section from everyone but managers, until it is restored', async () => {
    const s = await newSection(owner);
    const p = await newPhoto(owner, s.id);
    await call(owner, 'delete_team_photo_section', { id: s.id });
    const teamIds = async (who: Session, input: object = {}) =>
      (await call(who, 'list_team_photos', { team_id: teamId, limit: 100, ...input })).photos.map((x: Any) => x.id);
    for (const who of [guest, member, owner]) assert.ok(!(await teamIds(who)).includes(p.id));
    assert.deepEqual(await teamIds(guest, { section_id: s.id, include_deleted: true }), []);
    assert.ok((await teamIds(owner, { include_deleted: true })).includes(p.id));
    await call(owner, 'restore_team_photo_section', { id: s.id });
    assert.ok((await teamIds(guest)).includes(p.id));
  });
});

describe('list_team_photos', () => {
  let team: string;
  let first: string;
  let order: string[];
  before(async () => {
    team = await makeTeam(ts, owner);
    const a = await call(owner, 'create_team_photo_section', { team_id: team, title: 'А' });
    const b = await call(owner, 'create_team_photo_section', { team_id: team, title: 'Б' });
    first = a.id;
    order = [];
    for (let i = 0; i < 7; i++) {
      const p = await call(owner, 'create_team_photo', { team_id: team, section_id: i % 2 ? b.id : a.id, file_id: fileId, description: `${i}` });
      order.push(p.description);
    }
  });
  const list = (input: object) => call(guest, 'list_team_photos', { team_id: team, ...input });
  const texts = (photos: Any[]) => photos.map((p) => p.description);

  it('lists newest first by default, oldest first on asc, one section or all', async () => {
    assert.deepEqual(texts((await list({})).photos), [...order].reverse());
    assert.deepEqual(texts((await list({ sort_order: 'asc' })).photos), order);
    assert.deepEqual(texts((await list({ section_id: first, sort_order: 'asc' })).photos), ['0', '2', '4', '6']);
    assert.deepEqual((await list({ section_id: crypto.randomUUID() })).photos, []);
  });

  it('pages with a cursor, without repeats or gaps', async () => {
    for (const sort_order of ['asc', 'desc']) {
      const paged = await allPages((cursor) => list({ sort_order, limit: 3, cursor }), 'photos', 3);
      assert.deepEqual(texts(paged), sort_order === 'asc' ? order : [...order].reverse());
      const inSection = await allPages((cursor) => list({ section_id: first, sort_order, limit: 3, cursor }), 'photos', 3);
      assert.equal(inSection.length, 4);
    }
  });

  it('refuses bad options', async () => {
    const { cursor } = await list({ limit: 2 });
    await fails(list({ sort_order: 'asc', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(list({ limit: 0 }), 400, /^Размер страницы: /);
    await fails(list({ limit: 101 }), 400, /^Размер страницы: /);
    await fails(list({ section_id: 'x' }), 400, /^Раздел: /);
    await fails(list({ team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
  });
});
