// Accessibility: axe-core finds no serious or critical violation of WCAG 2.1 A and AA on any route of the
// router, as a visitor and signed in, at 1366 and 390 px, with data on every page (the same walk and data
// as russian.spec.ts). Each finding is reported with the route, the rule and the elements it names.
// On the wide screen the keyboard goes through the first controls of every page: each one it reaches
// shows where the focus is.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { startPortal, type Portal } from './portal.ts';
import type { SeedTexts } from './seed.ts';
import { prepareWalk, walkEveryPage } from './walk.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

const TEXTS: SeedTexts = {
  displayName: 'Ирина Доступная',
  friendName: 'Глеб Друзьев',
  location: 'Самара',
  teamName: 'Волжские зори',
  otherTeamName: 'Заречье',
  teamDescription: 'Играем по субботам на стадионе «Металлург».',
  lastName: 'Кузнецов',
  firstName: 'Павел',
  middleName: 'Андреевич',
  formationName: 'Основной состав',
  eventTitle: 'Тренировка перед игрой',
  eventPlace: 'Стадион «Металлург»',
  eventDescription: 'Разминка, стандарты, двусторонка.',
  photoSection: 'Осень',
  photoDescription: 'Перед матчем',
  videoSection: 'Игры',
  videoTitle: 'Обзор матча',
  videoDescription: 'Все моменты второго тайма',
  tag: 'обзор',
  newsTitle: 'Новый сезон',
  newsText: 'Команда начинает подготовку к новому сезону.',
  tournamentTitle: 'Кубок Самары',
  tournamentDescription: 'Турнир для любительских команд города.',
  streamTitle: 'Полуфинал кубка',
  streamDescription: 'Трансляция полуфинала.',
  chatName: 'Совет команды',
  message: 'Сбор в 10:00.',
};

/** The rules checked: WCAG 2.1 at levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What fails the walk: what axe rates serious or critical. */
const FAILING = new Set(['serious', 'critical']);

/** The page's serious and critical violations, one line each: rule, impact and the first elements. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Tab stops checked on each page: the header, the page's first controls. */
const TAB_STOPS = 20;

/**
 * The focused element, described, when nothing shows that it has the focus: neither it (or its ::before or
 * ::after) nor one of its three nearest ancestors looks any different once it loses the focus (outline,
 * shadow, border or background). Focus is given back afterwards, so that Tab goes on from there.
 */
async function unmarkedFocus(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return undefined;
    const boxes: [Element, string | undefined][] = [[el, undefined], [el, '::before'], [el, '::after']];
    for (let a = el.parentElement, i = 0; a && i < 3; a = a.parentElement, i++) boxes.push([a, undefined]);
    const look = () => boxes.map(([e, pseudo]) => {
      const s = getComputedStyle(e, pseudo);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
    }).join('\n');
    const focused = look();
    el.blur();
    const unfocused = look();
    el.focus({ preventScroll: true });
    if (focused !== unfocused) return undefined;
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    return `${el.tagName.toLowerCase()}${type}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} «${name}»`;
  });
}

/** Tabs through the page's first controls; each unmarked one is reported once. */
async function focusSweep(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (let i = 0; i < TAB_STOPS; i++) {
    await page.keyboard.press('Tab');
    const bad = await unmarkedFocus(page);
    if (bad) found.add(bad);
  }
  return [...found];
}

test('no serious or critical accessibility violation on any route, for visitors and signed-in users, wide and narrow', async ({ browser }) => {
  test.setTimeout(1_800_000);
  const walk = await prepareWalk(browser, portal, 'a11y.walk@example.com', TEXTS);
  const found = await walkEveryPage(browser, portal, walk, async (page, place) => [
    ...(await violations(page)),
    // The keyboard on the wide screen (the page's own pages; the chat tabs are reached by the pointer here).
    ...(place.size === '1366' && !place.where.startsWith('chat') ? (await focusSweep(page)).map((el) => `no visible focus on ${el}`) : []),
  ]);
  expect(found).toEqual([]);
});
