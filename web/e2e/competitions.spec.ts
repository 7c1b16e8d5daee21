import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

const SHOTS = '/work/shots/t25-web';
let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await portal?.close();
});

async function shots(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a round robin: the organiser builds the schedule, reports a result and the table follows', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, 'league.organiser@example.com', 'Илья Организаторов');
  const me = await sessionOf(page);
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const t = await call<{ id: string }>(portal, me, 'create_tournament', { title: 'Лига Осени', tournament_type: 1, start_time: start });
  for (const name of ['Спартак Северный', 'Динамо Южное', 'Торпедо', 'Локомотив Заречный', 'Звезда']) {
    const team = await call<{ id: string }>(portal, me, 'create_team', { name });
    const link = await call<{ id: string; is_confirmed: boolean }>(portal, me, 'create_team_tournament', { team_id: team.id, tournament_id: t.id });
    if (!link.is_confirmed) await call(portal, me, 'set_team_tournament_confirmed', { id: link.id, is_confirmed: true });
  }
  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await page.getByLabel('Начало').fill('2030-05-01T18:30');
  await page.getByRole('button', { name: 'Составить расписание' }).click();
  await expect(page.getByText('Расписание составлено.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Тур 1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Тур 5' })).toBeVisible();

  await page.locator('.competition-match').first().click();
  await page.waitForURL(/\/matches\/[0-9a-f-]{36}$/);
  await page.getByLabel('Голы хозяев').fill('2');
  await page.getByLabel('Голы гостей').fill('1');
  await page.getByRole('button', { name: 'Сообщить результат' }).click();
  await expect(page.locator('.match-result-score')).toHaveText('2 : 1');
  await expect(page.locator('.match-result-state')).toHaveText('Подтверждён');
  await shots(page, 'match-page');

  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await expect(page.locator('.competition-table tbody tr').first()).toContainText('3');
  await shots(page, 'tournament-round-robin');
});

test('a 6-team cup: the organiser draws the bracket and its rounds are named from the final back', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, 'cup.organiser@example.com', 'Анна Кубкова');
  const me = await sessionOf(page);
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const t = await call<{ id: string }>(portal, me, 'create_tournament', { title: 'Кубок Зимы', tournament_type: 0, start_time: start });
  for (const name of ['Ракета', 'Сокол', 'Буревестник', 'Химик', 'Металлург', 'Нефтяник']) {
    const team = await call<{ id: string }>(portal, me, 'create_team', { name });
    const link = await call<{ id: string; is_confirmed: boolean }>(portal, me, 'create_team_tournament', { team_id: team.id, tournament_id: t.id });
    if (!link.is_confirmed) await call(portal, me, 'set_team_tournament_confirmed', { id: link.id, is_confirmed: true });
  }
  await page.goto(`${portal.url}/tournaments/${t.id}`);
  await page.getByLabel('Посев').selectOption({ label: 'По порядку заявок' });
  await page.getByRole('button', { name: 'Сформировать сетку' }).click();
  await expect(page.getByText('Сетка сформирована.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1/4 финала' })).toBeVisible();
  await shots(page, 'tournament-cup');
});
