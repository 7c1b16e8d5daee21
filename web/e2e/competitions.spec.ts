// Competitions end to end: a match's live feed reaching a signed-in page and a guest's without reload, and
// its result reported from the match page; a 5-team round robin played to its final table; a 6-team cup
// to its winner. Screenshots of the match page, the table and the bracket at 1366 and 390 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Session } from '@heroiclabs/nakama-js';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/t25b';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const rpc = async <T = { id: string }>(session: Session, id: string, input: object): Promise<T> => {
  try {
    return await call<T>(portal, session, id, input);
  } catch (err) {
    throw new Error(`${id}: ${err instanceof Response ? await err.text() : String(err)}`);
  }
};

/** A team with one confirmed player of the caller's. */
async function teamWithPlayer(session: Session, name: string, last: string) {
  const team = await rpc(session, 'create_team', { name });
  const player = await rpc(session, 'create_player', { last_name: last, first_name: 'Иван' });
  const link = await rpc(session, 'request_join_team_player', { team_id: team.id, player_id: player.id });
  await rpc(session, 'approve_team_player', { id: link.id, field_role: 2, is_main_squad: true });
  return { team, player };
}

async function guestPage(browser: Browser, url: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url);
  return page;
}

test('a match’s events reach a manager’s page and a guest’s without reload; the result is reported', async ({ page, browser }) => {
  await signInByCode(portal, page, 'live.manager@example.com', 'Олег Смирнов');
  const session = await sessionOf(page);
  const home = await teamWithPlayer(session, 'Динамо Лесное', 'Кузнецов');
  const guest = await teamWithPlayer(session, 'Заря Полевая', 'Морозов');
  const time = new Date(Date.now() + 3600_000).toISOString();
  const match = await rpc(session, 'create_match', { owner_team_id: home.team.id, guest_team_id: guest.team.id, match_time: time });

  await page.goto(`${portal.url}/matches/${match.id}`);
  await expect(page.getByText('Событий пока нет.')).toBeVisible();
  const viewer = await guestPage(browser, `${portal.url}/matches/${match.id}`);
  await expect(viewer.getByText('Событий пока нет.')).toBeVisible();
  await expect(viewer.getByText('Онлайн')).toBeVisible();
  await expect(page.getByText('Онлайн')).toBeVisible();
  // Guests get no forms.
  await expect(viewer.getByRole('heading', { name: 'Добавить событие' })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Добавить событие' });
  await form.getByLabel('Минута').fill('12');
  await form.getByLabel('Событие').selectOption('goal');
  await form.getByLabel('Команда').selectOption(home.team.id);
  await form.getByLabel('Автор гола').selectOption(home.player.id);
  await form.getByRole('button', { name: 'Добавить событие' }).click();

  for (const p of [page, viewer]) {
    await expect(p.getByTestId('live-score')).toHaveText('1:0', { timeout: 3000 });
    await expect(p.locator('.match-event').filter({ hasText: 'Кузнецов Иван' })).toContainText("12'");
  }
  // A yellow card for the guests, then it is deleted: the guest's page follows both.
  await form.getByLabel('Минута').fill('30');
  await form.getByLabel('Событие').selectOption('yellow');
  await form.getByLabel('Команда').selectOption(guest.team.id);
  await form.getByLabel('Игрок').selectOption(guest.player.id);
  await form.getByRole('button', { name: 'Добавить событие' }).click();
  await expect(viewer.getByText('Жёлтая карточка')).toBeVisible({ timeout: 3000 });
  await page.getByRole('button', { name: /Удалить событие: Жёлтая карточка/ }).click();
  await expect(viewer.getByText('Жёлтая карточка')).toHaveCount(0, { timeout: 3000 });

  // The result: a manager of both teams reports it, confirmed at once; the guest's page sees it.
  await page.getByRole('button', { name: 'Внести результат' }).click();
  await page.getByLabel('Голы хозяев').fill('1');
  await page.getByLabel('Голы гостей').fill('0');
  await page.getByRole('button', { name: 'Сообщить результат' }).click();
  await expect(page.getByText('Результат подтверждён')).toBeVisible();
  await expect(viewer.getByText('Результат подтверждён')).toBeVisible({ timeout: 3000 });
  await expect(page.getByRole('heading', { name: 'Отчёт о матче' })).toBeVisible();
  await shots(page, 'match-page');
  await shots(viewer, 'match-page-guest');
  await viewer.context().close();
});

interface Listed {
  id: string;
  round: number;
  result_state: string;
}

/** The organiser enters a result on the match page: confirmed at once. */
async function enterResult(page: Page, matchId: string, home: number, guest: number, pens?: [number, number]) {
  await page.goto(`${portal.url}/matches/${matchId}`);
  await page.getByRole('button', { name: 'Внести результат' }).click();
  await page.getByLabel('Голы хозяев').fill(String(home));
  await page.getByLabel('Голы гостей').fill(String(guest));
  if (pens) {
    await page.getByLabel('Пенальти хозяев').fill(String(pens[0]));
    await page.getByLabel('Пенальти гостей').fill(String(pens[1]));
  }
  await page.getByRole('button', { name: 'Сообщить результат' }).click();
  await expect(page.getByText('Результат подтверждён')).toBeVisible();
}

async function tournamentWithTeams(session: Session, title: string, type: 0 | 1, names: string[]) {
  const today = new Date().toISOString().slice(0, 10);
  const t = await rpc(session, 'create_tournament', { title, tournament_type: type, start_time: `${today}T00:00:00Z` });
  for (const name of names) {
    const { team } = await teamWithPlayer(session, name, `Игрок${names.indexOf(name) + 1}`);
    await rpc(session, 'create_team_tournament', { team_id: team.id, tournament_id: t.id });
  }
  return t;
}

test('a 5-team round robin: the schedule made on the tournament page, every match played, the final table', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByCode(portal, page, 'league.organizer@example.com', 'Анна Белова');
  const session = await sessionOf(page);
  const names = ['Ракета', 'Торпедо Северное', 'Спартак Заречный', 'Искра', 'Металлург Длинноназванный Городской'];
  const t = await tournamentWithTeams(session, 'Лига выходного дня', 1, names);

  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await expect(page.getByText('Расписания пока нет.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Составить расписание' });
  await form.getByLabel('Интервал между турами, дней').fill('7');
  await form.getByRole('button', { name: 'Составить расписание' }).click();
  await expect(page.getByText('Расписание составлено: матчей — 10.')).toBeVisible();
  for (let r = 1; r <= 5; r++) await expect(page.getByRole('heading', { name: `Тур ${r}`, exact: true })).toBeVisible();

  const { matches } = await rpc<{ matches: Listed[] }>(session, 'list_tournament_matches', { tournament_id: t.id });
  expect(matches).toHaveLength(10);
  // The first fixture is entered from its link on the tournament page.
  await page.getByRole('region', { name: 'Тур 1' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/matches/${matches[0].id}$`));
  // The second fixture (1:0) gets its goal in the feed: the scorer leads the scorers and has it in his totals.
  await page.goto(`${portal.url}/matches/${matches[1].id}`);
  const events = page.getByRole('form', { name: 'Добавить событие' });
  await events.getByLabel('Минута').fill('55');
  await events.getByLabel('Автор гола').selectOption({ index: 1 });
  await events.getByRole('button', { name: 'Добавить событие' }).click();
  await expect(page.getByTestId('live-score')).toHaveText('1:0');
  for (const [k, m] of matches.entries()) await enterResult(page, m.id, k % 3, (k + 1) % 2);

  await page.goto(`${portal.url}/tournaments/${t.id}`);
  const table = page.locator('table.standings').first();
  await expect(table.locator('tbody tr')).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(table.locator('tbody tr').nth(i).locator('td').nth(2)).toHaveText('4');
  await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Бомбардиры' })).toBeVisible();
  const scorer = page.locator('table.scorers tbody tr').first();
  await expect(scorer.locator('td').nth(1)).toHaveText('1');
  await table.scrollIntoViewIfNeeded();
  await shots(page, 'round-robin');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.locator('.competition-block').filter({ has: page.getByRole('heading', { name: 'Турнирная таблица' }) }).screenshot({ path: `${SHOTS}/standings-390.png` });
  await page.locator('.competition-block').filter({ has: page.getByRole('heading', { name: 'Бомбардиры' }) }).screenshot({ path: `${SHOTS}/scorers-390.png` });
  // The player's career totals, counted by the server from the confirmed match.
  await page.setViewportSize({ width: 1366, height: 900 });
  await scorer.getByRole('link').click();
  await expect(page.getByRole('definition').filter({ hasText: /^1$/ }).first()).toBeVisible();
  await expect(page.getByText('Голевые передачи')).toBeVisible();
  await shots(page, 'player');
});

test('a 6-team cup: the bracket made on the tournament page, played to its winner, a drawn match decided on penalties', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByCode(portal, page, 'cup.organizer@example.com', 'Игорь Соколов');
  const session = await sessionOf(page);
  const names = ['Альфа', 'Бета', 'Гамма', 'Дельта', 'Эпсилон Объединённый Спортивный', 'Зета'];
  const t = await tournamentWithTeams(session, 'Кубок города', 0, names);

  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await expect(page.getByText('Сетка ещё не сформирована.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Сформировать сетку' });
  await form.getByLabel('Посев').selectOption('order');
  await form.getByLabel('Матч за 3-е место').check();
  await form.getByRole('button', { name: 'Сформировать сетку' }).click();
  await expect(page.getByText('Сетка сформирована.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1/4 финала' })).toBeVisible();

  let first = true;
  for (let guard = 0; guard < 10; guard++) {
    const { matches } = await rpc<{ matches: Listed[] }>(session, 'list_tournament_matches', { tournament_id: t.id });
    const open = matches.filter((m) => m.result_state === 'none');
    if (!open.length) break;
    for (const m of open) {
      // The first match is a draw decided on penalties.
      if (first) await enterResult(page, m.id, 1, 1, [4, 3]);
      else await enterResult(page, m.id, 2, 1);
      first = false;
    }
  }
  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await expect(page.getByTestId('cup-winner')).toContainText('Победитель:');
  for (const title of ['1/4 финала', 'Полуфинал', 'Финал', 'Матч за 3-е место']) await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText('1:1 (пен. 4:3)')).toBeVisible();
  await page.locator('svg.bracket').scrollIntoViewIfNeeded();
  await shots(page, 'cup');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.locator('.competition-block').filter({ has: page.getByRole('heading', { name: 'Сетка' }) }).screenshot({ path: `${SHOTS}/bracket-390.png` });
});
