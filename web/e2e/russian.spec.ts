// No English a user can see or hear: every route of the router, as a visitor and signed in, at 1366 and
// 390 px, with data on every page. What is read is the page's visible text, its title and the names and
// descriptions assistive technology reads (aria-label, title, placeholder, alt, aria-roledescription and
// the text aria-describedby points to, hidden or not). What users wrote, addresses and links, and the
// brand and technical names below are left out; any Latin word left fails the test.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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

/**
 * Brand and technical names a Russian page keeps in Latin letters: services, file formats (the spec's
 * WebP and AV1, the image field's JPEG, PNG and GIF, the video field's MP4, WebM, MOV, MKV and AVI), 3D, the payment's HTTPS and 3-D Secure, and the
 * names printed on the keys the drag instructions mention.
 */
const ALLOWED = [
  'Google', 'ЮKassa', 'YooKassa', 'ЮMoney', 'YooMoney', 'VK', 'YouTube', 'Rutube', 'RuTube',
  'WebP', 'WEBP', 'AV1', 'JPEG', 'PNG', 'GIF', 'MP4', 'WebM', 'MOV', 'MKV', 'AVI', '3D', 'HTTPS', '3-D Secure', 'Enter', 'Esc', 'Delete',
];

/** Links, e-mail addresses and the site's own addresses (the site map lists them). */
const URL_OR_ADDRESS = /\bhttps?:\/\/\S*|\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b|(?<![\p{L}\d])\/[A-Za-z][\w/.-]*/gu;

/** The Latin words left in what the page shows and says, once user content and allowed names are out. */
async function latinWords(page: Page, userTexts: string[]): Promise<string[]> {
  const [read, marked] = await page.evaluate(() => {
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-roledescription], [aria-valuetext]')) {
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
    for (const el of document.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
      const ids = `${el.getAttribute('aria-describedby') ?? ''} ${el.getAttribute('aria-labelledby') ?? ''}`.split(/\s+/).filter(Boolean);
      for (const id of ids) out.push(document.getElementById(id)?.textContent ?? '');
    }
    // What a user wrote that the page marks as theirs (an account's own username).
    const theirs = [...document.querySelectorAll('[data-user-content]')].map((el) => el.textContent ?? '').filter(Boolean);
    return [out.join('\n'), theirs] as const;
  });
  let text = read;
  for (const t of [...userTexts, ...marked].sort((a, b) => b.length - a.length)) text = text.split(t).join(' ');
  text = text.replace(URL_OR_ADDRESS, ' ');
  for (const name of ALLOWED) text = text.split(name).join(' ');
  return [...new Set(text.match(/[A-Za-z]+/g) ?? [])];
}

test('every route reads in Russian, for visitors and signed-in users, on a wide screen and a phone', async ({ browser }) => {
  test.setTimeout(1_800_000);
  const walk = await prepareWalk(browser, portal, 'russian.walk@example.com', TEXTS);
  const found = await walkEveryPage(browser, portal, walk, async (page) => {
    const words = await latinWords(page, walk.seeded.texts);
    return words.length ? [words.join(', ')] : [];
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
