import { expect, test, type Browser, type Page } from '@playwright/test';
import { drag, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, email);
  return page;
}

test('a team: creation, a join request, approval by drag and drop, a place on the pitch that survives a reload', async ({ browser }) => {
  // The owner creates the team.
  const owner = await signedInPage(browser, 'team.owner@example.com');
  await owner.goto(`${portal.url}/teams`);
  await owner.getByRole('link', { name: 'Создать команду' }).click();
  await owner.getByLabel('Название').fill('Северные волки');
  await owner.getByLabel('Описание').fill('Любительская команда с севера Москвы');
  await owner.getByRole('button', { name: 'Создать' }).click();
  await expect(owner.getByText('Команда "Северные волки" успешно создана.')).toBeVisible();
  await owner.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
  const teamUrl = owner.url();
  await expect(owner.getByRole('heading', { name: 'Северные волки' })).toBeVisible();

  // A second user creates a player and asks to join with it.
  const fan = await signedInPage(browser, 'team.player@example.com');
  await fan.goto(`${portal.url}/players/create`);
  await fan.getByLabel('Имя', { exact: true }).fill('Игорь');
  await fan.getByLabel('Фамилия').fill('Акинфеев');
  await fan.getByRole('button', { name: 'Создать' }).click();
  await expect(fan.getByRole('heading', { name: 'Акинфеев Игорь' })).toBeVisible();
  await fan.goto(teamUrl);
  await fan.getByRole('link', { name: 'Вступить в команду' }).click();
  const send = fan.getByRole('button', { name: 'Отправить заявку' });
  await expect(send).toBeDisabled();
  await expect(fan.getByText('Свободный номер: 1')).toBeVisible();
  await fan.getByRole('radio', { name: 'Акинфеев Игорь' }).check();
  await send.click();
  await fan.waitForURL(teamUrl);
  // Their player is on the team now (unconfirmed): no join button.
  await expect(fan.getByRole('link', { name: 'Вступить в команду' })).toHaveCount(0);
  await expect(fan.getByText('Заявка отправлена', { exact: true })).toBeVisible();
  // The profile, opened in the same page after the join page, lists the player from the same cache entry.
  await fan.locator('.header-username').click();
  await fan.waitForURL(`${portal.url}/user/profile`);
  await expect(fan.getByRole('link', { name: /^Акинфеев Игорь/ })).toHaveAttribute('href', /\/players\/[0-9a-f-]{36}$/);

  // The owner approves the request by dragging it onto the goalkeepers' column.
  await owner.goto(`${teamUrl}/roster`);
  await expect(owner.getByText('Заявки на вступление')).toBeVisible();
  const request = owner.locator('.request', { hasText: 'Акинфеев Игорь' }).locator('.chip-name');
  await expect(request).toBeVisible();
  const goalkeepers = owner.getByTestId('column-1');
  await drag(owner, request, goalkeepers);
  await expect(goalkeepers.getByText('Акинфеев Игорь')).toBeVisible();
  await expect(owner.locator('.request')).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByTestId('column-1').getByText('Акинфеев Игорь')).toBeVisible();

  // In the locker room the owner places the player on the pitch.
  await owner.goto(`${teamUrl}/locker`);
  await owner.getByRole('button', { name: /Акинфеев Игорь/ }).click();
  const pitch = owner.getByTestId('pitch');
  const box = (await pitch.boundingBox())!;
  await owner.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.9);
  await expect(owner.getByText('Позиция игрока Акинфеев Игорь сохранена')).toBeVisible();
  const token = owner.locator('[data-testid^="token-"]');
  await expect(token).toHaveCount(1);
  // Drag it a little and check the saved place after a reload.
  await drag(owner, token, pitch);
  await expect(owner.getByText('Позиция игрока Акинфеев Игорь сохранена').first()).toBeVisible();
  const saved = { x: Number(await token.getAttribute('data-x')), y: Number(await token.getAttribute('data-y')) };
  await owner.reload();
  const again = owner.locator('[data-testid^="token-"]');
  await expect(again).toHaveCount(1);
  expect(Number(await again.getAttribute('data-x'))).toBeCloseTo(saved.x, 2);
  expect(Number(await again.getAttribute('data-y'))).toBeCloseTo(saved.y, 2);
  expect(saved.y).toBeLessThan(0.8);

  // The player's user is a member now and sees the locker room, read-only.
  await fan.goto(`${teamUrl}/locker`);
  await expect(fan.locator('[data-testid^="token-"]')).toHaveCount(1);
  await expect(fan.getByLabel('Формация')).toBeDisabled();
});
