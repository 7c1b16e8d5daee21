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
