import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { allPages, call as callOn, fails, makeTeam, registered, withKey, type Any } from '../testing.ts';

let ts: TestServer;
let owner: Session;
let guest: Session;
let teamId: string;
const ids: Record<string, string> = {};

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const search = (input: object, s: Session = guest) => call(s, 'search_team_videos', { team_id: teamId, ...input });
const titles = (r: Any) => r.videos.map((v: Any) => v.title);

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  [owner, guest] = await Promise.all([registered(ts), ts.newSession()]);
  teamId = await makeTeam(ts, owner);
  const otherTeam = await makeTeam(ts, owner);
  const section = async (team: string) => (await call(owner, 'create_team_video_section', { team_id: team, title: 'Раздел' })).id;
  const [live, gone, foreign] = [await section(teamId), await section(teamId), await section(otherTeam)];
  const add = async (sectionId: string, title: string, more: object = {}, team = teamId) => {
    ids[title] = (await call(owner, 'create_team_video', { team_id: team, section_id: sectionId, title, embed_url: 'https://youtu.be/dQw4w9WgXcQ', ...more })).id;
  };
  await add(live, 'Лучший матч сезона');
  await add(live, 'Тренировка вратарей', { description: 'Разбор матча с «Зенитом» и упражнения' });
  await add(live, 'Интервью тренера', { tags: ['матч', 'кубок'] });
  await add(live, 'Best goals of the season', { description: 'Highlights' });
  await add(live, 'Кубок района');
  await add(live, 'Кубок области');
  await add(live, 'Удалённый матч');
  await call(owner, 'delete_team_video', { id: ids['Удалённый матч'] });
  await add(gone, 'Матч из удалённого раздела');
  await call(owner, 'delete_team_video_section', { id: gone });
  await add(foreign, 'Матч другой команды', {}, otherTeam);
});
after(() => ts.close());

describe('search_team_videos', () => {
  it('finds Russian word forms in titles, tags and descriptions, best match first', async () => {
    // Title weighs most, then tags, then description.
    const expected = ['Лучший матч сезона', 'Интервью тренера', 'Тренировка вратарей'];
    assert.deepEqual(titles(await search({ query: 'матчи' })), expected);
    assert.deepEqual(titles(await search({ query: 'МАТЧАМИ' })), expected);
    assert.deepEqual(titles(await search({ query: 'матч', language: 'russian' })), expected);
    assert.deepEqual(titles(await search({ query: 'лучшие матчи' })), ['Лучший матч сезона']);
    assert.deepEqual(titles(await search({ query: 'вратарь' })), ['Тренировка вратарей']);
    assert.deepEqual(titles(await withKey(ts, 'search_team_videos', { team_id: teamId, query: 'сезона' })), ['Лучший матч сезона']);
    const v = (await search({ query: 'кубок' })).videos.find((x: Any) => x.title === 'Интервью тренера');
    assert.deepEqual(v.tags, ['матч', 'кубок']);
  });

  it('finds no deleted videos, none of deleted sections, none of other teams', async () => {
    const found = titles(await search({ query: 'матч', limit: 100 }, owner));
    for (const title of ['Удалённый матч', 'Матч из удалённого раздела', 'Матч другой команды']) assert.ok(!found.includes(title), title);
  });

  it('reads the query as a web search: phrases and exclusions, never a syntax error', async () => {
    assert.deepEqual(titles(await search({ query: '"лучший матч"' })), ['Лучший матч сезона']);
    assert.deepEqual(titles(await search({ query: 'матч -лучший' })).sort(), ['Интервью тренера', 'Тренировка вратарей']);
    assert.deepEqual(titles(await search({ query: 'кубок or вратари' })).sort(), ['Интервью тренера', 'Кубок области', 'Кубок района', 'Тренировка вратарей'].sort());
    for (const query of ['&|!():*', "'; DROP TABLE team_video; --", 'и', 'футбол']) assert.deepEqual(await search({ query }), { videos: [] }, query);
  });

  it('takes the language from its allowlist only', async () => {
    assert.deepEqual(titles(await search({ query: 'goal', language: 'english' })), ['Best goals of the season']);
    assert.deepEqual(titles(await search({ query: 'goal', language: 'simple' })), []);
    assert.deepEqual(titles(await search({ query: 'goals', language: 'simple' })), ['Best goals of the season']);
    for (const language of ['german', 'Russian', "russian'::regconfig) --", 'pg_catalog.russian', 7]) {
      await fails(search({ query: 'матч', language }), 400, 'Язык поиска: допустимы только russian, english, simple.');
    }
  });

  it('pages by relevance with a cursor, ties included, without repeats or gaps', async () => {
    const whole = (await search({ query: 'матчи кубок or вратарь or кубок' })).videos;
    assert.ok(whole.length >= 4);
    const paged = await allPages((cursor) => search({ query: 'матчи кубок or вратарь or кубок', limit: 1, cursor }), 'videos', 1);
    assert.deepEqual(paged, whole);
    // Both cups rank the same: the tie is broken by id and paging still gives each once.
    const cups = await allPages((cursor) => search({ query: 'кубок', limit: 1, cursor }), 'videos', 1);
    assert.deepEqual(cups.map((v: Any) => v.id).sort(), [ids['Кубок области'], ids['Кубок района'], ids['Интервью тренера']].sort());
  });

  it('refuses bad input', async () => {
    await fails(search({ query: '' }), 400, 'Запрос: введите запрос.');
    await fails(search({ query: '   ' }), 400, 'Запрос: введите запрос.');
    await fails(search({}), 400, 'Запрос: введите запрос.');
    await fails(search({ query: 'м'.repeat(201) }), 400, 'Запрос: не длиннее 200 символов.');
    await fails(search({ query: 'матч', limit: 101 }), 400, /^Размер страницы: /);
    const { cursor } = await search({ query: 'матч', limit: 1 });
    await fails(search({ query: 'матч', language: 'english', cursor }), 400, 'Страница списка: курсор недействителен.');
    await fails(search({ query: 'матч', cursor: 'garbage' }), 400, 'Страница списка: курсор недействителен.');
    await fails(search({ query: 'матч', team_id: crypto.randomUUID() }), 404, 'Команда не найдена.');
  });
});
