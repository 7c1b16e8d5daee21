// Every route of the router, as a visitor and signed in, at 1366 and 390 px, with data on every page
// (walk.ts, seed.ts), opened once and checked twice on each page: it reads in Russian (check-russian.ts) and
// axe-core finds no serious or critical accessibility violation, with a visible focus on every control the
// keyboard reaches on the wide screen (check-accessibility.ts). Each finding names the place, the check and
// what it found; every route is also held to the Content-Security-Policy by the walk.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axeViolations, focusSweep } from './check-accessibility.ts';
import { latinWords } from './check-russian.ts';
import { startPortal, type Portal } from './portal.ts';
import { pages, type SeedTexts } from './seed.ts';
import { prepareWalk, walkEveryPage } from './walk.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

const TEXTS: SeedTexts = {
  displayName: 'Ольга Тренерова',
  friendName: 'Пётр Другов',
  location: 'Казань',
  teamName: 'Северный ветер',
  otherTeamName: 'Южный берег',
  teamDescription: 'Любительская команда из Казани, играем по выходным.',
  lastName: 'Смирнов',
  firstName: 'Антон',
  middleName: 'Игоревич',
  formationName: 'Схема на кубок',
  eventTitle: 'Тренировка на стадионе',
  eventPlace: 'Стадион «Труд»',
  eventDescription: 'Берём мячи и манишки.',
  photoSection: 'Летний сезон',
  photoDescription: 'Командное фото после игры',
  videoSection: 'Лучшие моменты',
  videoTitle: 'Голы сезона',
  videoDescription: 'Все голы команды за лето',
  tag: 'голы',
  newsTitle: 'Победа в полуфинале',
  newsText: 'Команда выиграла полуфинал со счётом 3:1 и вышла в финал кубка.',
  tournamentTitle: 'Кубок Казани',
  tournamentDescription: 'Открытый турнир для любительских команд.',
  streamTitle: 'Финал кубка Казани',
  streamDescription: 'Прямая трансляция финального матча.',
  chatName: 'Капитаны',
  message: 'Завтра в 19:00 у стадиона.',
};


test('every route reads in Russian and has no serious accessibility violation, for visitors and signed-in users, wide and narrow', async ({ browser }) => {
  test.setTimeout(1_800_000);
  const walk = await prepareWalk(browser, portal, 'every.route@example.com', TEXTS);
  const found = await walkEveryPage(browser, portal, walk, async (page, place) => {
    const words = await latinWords(page, walk.seeded.texts);
    return [
      ...(words.length ? [`not in Russian: ${words.join(', ')}`] : []),
      ...(await axeViolations(page)).map((v) => `accessibility: ${v}`),
      // The keyboard on the wide screen (the page's own pages; the chat tabs are reached by the pointer here).
      ...(place.size === '1366' && !place.where.startsWith('chat') ? (await focusSweep(page)).map((el) => `accessibility: no visible focus on ${el}`) : []),
    ];
  });
  expect(found).toEqual([]);
});

test('the walk covers every route of the router', () => {
  const router = fs.readFileSync(path.join(import.meta.dirname, '..', 'src', 'app', 'router.tsx'), 'utf8');
  const literals = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '/');
  const templates = pages({ teamId: '', otherTeamId: '', playerId: '', newsId: '', matchId: '', tournamentId: '', streamId: '', texts: [] }).map((p) => p.template);
  const missing = literals.filter((p) => !templates.some((t) => t === p || t.endsWith(`/${p}`)));
  expect(missing).toEqual([]);
  expect(router).toMatch(/index: true, element: <HomePage \/>/);
});
