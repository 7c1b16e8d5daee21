import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, fails, makeTeam, registered, uploadPng, withKey, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-');
let author: Session;
let admin: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;

const NOT_FOUND = 'Новость не найдена.';
const CREATOR_ONLY = 'Это может делать только автор новости.';
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const create = (s: Session, input: object = {}) => call(s, 'create_news', { name: 'Победа в кубке', description: '<p>Текст</p>', ...input });

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [author, admin, member, stranger, guest] = await Promise.all([registered(ts), registered(ts), registered(ts), registered(ts), ts.newSession()]);
  teamId = await makeTeam(ts, author, { admin, member });
});
after(async () => {
  await ts.close();
  data.remove();
});

/** The refusal of a call, whole: status, code and message. */
const refusal = async (p: Promise<unknown>) => errorOf(p);

describe('create_news and get_news', () => {
  it('creates a public item for the caller, whatever creator_id says, and anyone reads it', async () => {
    const n = await create(author, { name: '  Победа в кубке  ', creator_id: crypto.randomUUID() });
    assert.deepEqual(Object.keys(n).sort(), [
      'average_rating', 'create_time', 'creator_id', 'description', 'excerpt', 'id', 'is_public', 'like_count', 'media', 'name',
      'rating_count', 'update_time', 'user_liked', 'user_rating',
    ]);
    assert.deepEqual(
      [n.name, n.description, n.excerpt, n.creator_id, n.is_public, n.like_count, n.user_liked, n.rating_count, n.average_rating, n.user_rating, n.media],
      ['Победа в кубке', '<p>Текст</p>', 'Текст', author.user_id, true, 0, false, 0, 0, 0, []],
    );
    assert.equal(n.create_time, n.update_time);
    assert.deepEqual(await call(author, 'get_news', { id: n.id }), n);
    assert.deepEqual(await call(author, 'get_news', { id: n.id.toUpperCase() }), n);
    for (const who of [stranger, guest]) assert.deepEqual(await call(who, 'get_news', { id: n.id }), n);
    assert.deepEqual(await withKey(ts, 'get_news', { id: n.id }), n);
  });

  it('stores the description sanitised, links and players made', async () => {
    const n = await create(author, {
      description: '<p onclick="x()">Смотрите https://example.com</p><p>https://youtu.be/dQw4w9WgXcQ</p><script>alert(1)</script>',
    });
    assert.match(n.description, /^<p>Смотрите <a href="https:\/\/example.com\/" rel="noopener nofollow ugc" target="_blank">https:\/\/example.com<\/a><\/p><iframe src="https:\/\/www.youtube.com\/embed\/dQw4w9WgXcQ" /);
    assert.doesNotMatch(n.description, /onclick|<script|alert/);
    assert.equal((await create(author, { description: null })).description, '');
    assert.equal((await call(author, 'create_news', { name: 'Без текста' })).description, '');
  });

  it('publishes a team\'s news for its managers only', async () => {
    for (const who of [author, admin]) assert.equal((await create(who, { team_id: teamId })).team_id, teamId);
    for (const who of [member, stranger]) {
      await fails(create(who, { team_id: teamId }), 403, 'Это может делать только владелец или администратор команды.', 7);
    }
    await fails(create(author, { team_id: crypto.randomUUID() }), 404, 'Команда не найдена.', 5);
    assert.equal('team_id' in (await create(author, { team_id: null })), false);
  });

  it('refuses bad input', async () => {
    await fails(create(author, { name: undefined }), 400, 'Название: укажите заголовок новости.', 3);
    await fails(create(author, { name: '   ' }), 400, 'Название: укажите заголовок новости.');
    await fails(create(author, { name: ' Гол ' }), 400, 'Название: не короче 5 символов.');
    await fails(create(author, { name: 'Г'.repeat(121) }), 400, 'Название: не длиннее 120 символов.');
    await fails(create(author, { name: 'Две\nстроки' }), 400, 'Название: недопустимые символы.');
    await fails(create(author, { name: 12345 }), 400, 'Название: ожидалась строка.');
    await fails(create(author, { description: 42 }), 400, 'Описание: ожидалась строка.');
    await fails(create(author, { description: 'ж'.repeat(100_001) }), 400, 'Описание: не длиннее 100000 символов.', 3);
    // Links and players lengthen the text; past three times the limit it is refused.
    await fails(create(author, { description: '<p>https://youtu.be/dQw4w9WgXcQ</p>'.repeat(2500) }), 400,
      'Описание: слишком много ссылок и видео: с ними текст длиннее 300000 символов.', 3);
    await fails(create(author, { is_public: 'yes' }), 400, /^Видимость: /);
    await fails(create(author, { team_id: 'team' }), 400, 'Команда: ожидался идентификатор (UUID).');
    await fails(call(guest, 'get_news', { id: 'x' }), 400, /^Идентификатор: /);
    // Five characters, not UTF-16 units: four emoji are too short; 120 Cyrillic letters are fine.
    await fails(create(author, { name: '⚽⚽⚽⚽' }), 400, 'Название: не короче 5 символов.');
    assert.equal((await create(author, { name: '⚽⚽⚽⚽⚽' })).name, '⚽⚽⚽⚽⚽');
    assert.equal((await create(author, { name: 'Г'.repeat(120) })).name.length, 120);
  });

  it('takes a description of 100,000 characters', async () => {
    const text = `<p>${'"ж" '.repeat(24_998)}</p>`;
    assert.equal(text.length, 99_999);
    assert.equal((await create(author, { description: text })).description, text);
  });

  it('refuses guests and server calls', async () => {
    await fails(create(guest), 403, 'Войдите или зарегистрируйтесь, чтобы выполнить это действие.', 7);
    await fails(withKey(ts, 'create_news', { name: 'Победа в кубке' }), 401);
  });
});

describe('private news', () => {
  it('exist for their creator only, answered to anyone else exactly as a missing item', async () => {
    const n = await create(author, { is_public: false });
    assert.equal(n.is_public, false);
    assert.equal((await call(author, 'get_news', { id: n.id })).id, n.id);
    const missing = await refusal(call(stranger, 'get_news', { id: crypto.randomUUID() }));
    assert.deepEqual([missing.status, missing.body.message], [404, NOT_FOUND]);
    for (const who of [stranger, guest, admin]) {
      assert.deepEqual(await refusal(call(who, 'get_news', { id: n.id })), missing);
    }
    assert.deepEqual(await refusal(withKey(ts, 'get_news', { id: n.id })), { status: 404, body: missing.body });
    // Changing it is refused the same way: nobody learns it exists.
    const file = await uploadPng(ts, stranger);
    for (const [id, input] of [
      ['update_news', { id: n.id, is_public: true }],
      ['delete_news', { id: n.id }],
      ['like', { news_id: n.id }],
      ['unlike', { news_id: n.id }],
      ['rate_news', { news_id: n.id, rating: 5 }],
      ['add_news_media', { news_id: n.id, file_id: file }],
    ] as const) {
      const other = 'id' in input ? { ...input, id: crypto.randomUUID() } : { ...input, news_id: crypto.randomUUID() };
      assert.deepEqual(await refusal(call(stranger, id, other)), missing, id);
      assert.deepEqual(await refusal(call(stranger, id, input)), missing, id);
    }
    assert.equal((await call(author, 'get_news', { id: n.id })).is_public, false);
  });
});

describe('update_news', () => {
  it('changes the given fields for the creator and keeps the others', async () => {
    const n = await create(author, { team_id: teamId });
    const u = await call(author, 'update_news', { id: n.id, is_public: false });
    assert.deepEqual([u.name, u.description, u.is_public, u.team_id, u.create_time], [n.name, n.description, false, teamId, n.create_time]);
    assert.ok(u.update_time > n.update_time);
    const v = await call(author, 'update_news', { id: n.id, name: ' Новый заголовок ', description: '<p style="color:red">Новый <b>текст</b></p>', is_public: true });
    assert.deepEqual([v.name, v.description, v.is_public], ['Новый заголовок', '<p>Новый <b>текст</b></p>', true]);
    assert.equal((await call(author, 'update_news', { id: n.id, description: null })).description, '');
    const same = await call(author, 'update_news', { id: n.id });
    assert.deepEqual(same, await call(author, 'get_news', { id: n.id }));
  });

  it('refuses everyone but the creator, and bad input', async () => {
    const n = await create(author);
    for (const who of [stranger, admin]) await fails(call(who, 'update_news', { id: n.id, name: 'Взломано!' }), 403, CREATOR_ONLY, 7);
    await fails(call(guest, 'update_news', { id: n.id, is_public: false }), 403);
    await fails(withKey(ts, 'update_news', { id: n.id, is_public: false }), 401);
    await fails(call(author, 'update_news', { id: n.id, name: 'Гол' }), 400, 'Название: не короче 5 символов.');
    await fails(call(author, 'update_news', { id: n.id, is_public: 1 }), 400, /^Видимость: /);
    await fails(call(author, 'update_news', { id: crypto.randomUUID(), name: 'Другое имя' }), 404, NOT_FOUND);
    assert.deepEqual(await call(guest, 'get_news', { id: n.id }), n);
  });
});

describe('delete_news', () => {
  it('lets the creator alone delete; then the item is gone for everyone', async () => {
    const n = await create(author);
    for (const who of [stranger, admin]) await fails(call(who, 'delete_news', { id: n.id }), 403, CREATOR_ONLY);
    await fails(call(guest, 'delete_news', { id: n.id }), 403);
    assert.deepEqual(await call(author, 'delete_news', { id: n.id }), {});
    for (const who of [author, stranger, guest]) await fails(call(who, 'get_news', { id: n.id }), 404, NOT_FOUND);
    await fails(call(author, 'delete_news', { id: n.id }), 404, NOT_FOUND);
    await fails(call(author, 'update_news', { id: n.id, is_public: false }), 404, NOT_FOUND);
    await fails(call(stranger, 'like', { news_id: n.id }), 404, NOT_FOUND);
    const mine = await call(author, 'list_news', { only_mine: true, limit: 50 });
    assert.ok(!mine.news.some((x: Any) => x.id === n.id));
  });
});

describe('deleting a team', () => {
  it('keeps its news, no longer a team\'s', async () => {
    const team = await makeTeam(ts, author);
    const n = await create(author, { team_id: team });
    await call(author, 'delete_team', { id: team });
    assert.equal('team_id' in (await call(guest, 'get_news', { id: n.id })), false);
  });
});
