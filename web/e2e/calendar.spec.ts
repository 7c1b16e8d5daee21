import { expect, test } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test("a team event needs its time, and shows on the personal schedule of the team's people, readable on a phone", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, 'calendar.owner@example.com');
  const team = await call<{ id: string }>(portal, await sessionOf(page), 'create_team', { name: 'Северные волки' });

  // Tomorrow in the browser's time zone (a new event may not be in the past), and whether it is next month.
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, nextMonth: d.getDate() === 1 };
  });

  // The manager adds an event: no time is assumed.
  await page.goto(`${portal.url}/teams/${team.id}/schedule`);
  await page.getByRole('button', { name: 'Добавить событие' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое событие' });
  await dialog.getByLabel('Название').fill('Матч с «Динамо»');
  await expect(dialog.getByLabel('Время')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog.getByText('Укажите время события.')).toBeVisible();
  await dialog.getByLabel('Дата').fill(tomorrow.value);
  await dialog.getByLabel('Время').fill('19:30');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Событие создано')).toBeVisible();

  // The personal schedule, from the menu, shows it marked with its team and leading to the team's calendar.
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Моё расписание' }).click();
  await page.waitForURL(`${portal.url}/schedule`);
  if (tomorrow.nextMonth) await page.getByRole('button', { name: 'Следующий месяц' }).click();
  const chip = page.getByRole('table').getByRole('link', { name: 'Матч: 19:30 Матч с «Динамо» Северные волки' });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('link', { name: 'Расписание команды «Северные волки»' })).toBeVisible();

  // On a phone the grid shows a dot, and the day is listed under it with the time and the whole title.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chip).toBeHidden();
  const day = page.getByRole('button', { name: /: 1 событие$/ });
  await expect(day).toBeVisible();
  await day.click();
  const listed = page.locator('.month-day-list').getByRole('link', { name: 'Матч: 19:30 Матч с «Динамо» Северные волки' });
  await expect(listed).toBeVisible();
  const box = (await listed.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await listed.click();
  await page.waitForURL(new RegExp(`/teams/${team.id}/schedule\\?month=\\d{4}-\\d{2}$`));
  await expect(page.getByRole('heading', { name: 'Расписание' })).toBeVisible();
});
