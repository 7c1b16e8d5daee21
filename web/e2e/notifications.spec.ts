import { expect, test, type Browser, type Page } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function person(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInByCode(portal, page, email, name);
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Уведомления/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const notifications = (page: Page) => page.getByRole('dialog', { name: 'Уведомления' });

test('the bell: a friend request and a tournament application raise the count live; opening one lands on its page and lowers it', async ({ browser }) => {
  const anna = await person(browser, 'anna.bell@example.com', 'Анна Звонарёва');
  const tournament = await call<{ id: string }>(portal, await sessionOf(anna), 'create_tournament', {
    title: 'Кубок Звонка',
    start_time: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const boris = await person(browser, 'boris.bell@example.com', 'Борис Звонков');
  await call(portal, await sessionOf(boris), 'create_team', { name: 'Северный ветер' });

  // Анна waits on the home page: a bell without a count.
  await anna.goto(`${portal.url}/`);
  await expect(bell(anna)).toHaveAccessibleName('Уведомления');
  await expect(badge(anna)).toHaveCount(0);

  // Борис asks Анна to be friends from the chat widget: her count goes up without a reload.
  await boris.getByRole('button', { name: /^Чаты/ }).click();
  const chat = boris.getByRole('dialog', { name: 'Чаты и друзья' });
  await chat.getByRole('tab', { name: 'Друзья' }).click();
  await chat.getByRole('searchbox', { name: 'Поиск пользователей' }).fill('анна зв');
  await chat.getByRole('group', { name: 'Действия: Анна Звонарёва' }).getByRole('button', { name: 'Добавить' }).click();
  await expect(badge(anna)).toHaveText('1');
  await expect(bell(anna)).toHaveAccessibleName('Уведомления, непрочитанных: 1');

  // Борис applies with his team to Анна's tournament: 2.
  await boris.goto(`${portal.url}/tournaments/${tournament.id}`);
  await boris.getByLabel('Ваша команда').selectOption({ label: 'Северный ветер' });
  await boris.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(boris.getByRole('list', { name: 'Участники' })).toContainText('Северный ветер');
  await expect(badge(anna)).toHaveText('2');

  // Анна opens the bell: newest first, in Russian, Борис by his name.
  await bell(anna).click();
  await expect(bell(anna)).toHaveAttribute('aria-expanded', 'true');
  const items = notifications(anna).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Команда «Северный ветер» подала заявку на турнир «Кубок Звонка»');
  await expect(items.nth(1)).toContainText('Борис Звонков хочет добавить вас в друзья');

  // The application leads to the tournament's edit page, where she confirms it; the count goes down.
  await items.nth(0).getByRole('link').click();
  await anna.waitForURL(`${portal.url}/tournaments/${tournament.id}/edit`);
  await expect(notifications(anna)).toBeHidden();
  await expect(badge(anna)).toHaveText('1');
  await anna.getByRole('button', { name: 'Подтвердить участие' }).click();
  await expect(anna.getByText('Участие команды «Северный ветер» подтверждено')).toBeVisible();

  // Борис hears the confirmation live.
  await expect(badge(boris)).toHaveText('1');
  await bell(boris).click();
  await expect(notifications(boris).getByRole('listitem').first()).toContainText('Команда «Северный ветер» участвует в турнире «Кубок Звонка»');
  await boris.keyboard.press('Escape');
  await expect(bell(boris)).toBeFocused();

  // The friend request opens the chat's friends tab on the page she is on; nothing is unread then.
  await bell(anna).click();
  await notifications(anna).getByRole('link', { name: /Борис Звонков хочет добавить вас в друзья/ }).click();
  const annaChat = anna.getByRole('dialog', { name: 'Чаты и друзья' });
  await expect(annaChat.getByRole('tab', { name: 'Друзья' })).toHaveAttribute('aria-selected', 'true');
  await expect(annaChat.getByRole('region', { name: 'Заявки в друзья' })).toContainText('Борис Звонков');
  expect(new URL(anna.url()).pathname).toBe(`/tournaments/${tournament.id}/edit`);
  await expect(badge(anna)).toHaveCount(0);

  // Read stays read after a reload; a deleted notification is gone for good.
  await anna.reload();
  await expect(bell(anna)).toHaveAccessibleName('Уведомления');
  await bell(anna).click();
  await expect(notifications(anna).getByRole('listitem')).toHaveCount(2);
  await notifications(anna).getByRole('listitem').nth(1).getByRole('button', { name: 'Удалить уведомление' }).click();
  await expect(notifications(anna).getByRole('listitem')).toHaveCount(1);
  await anna.reload();
  await bell(anna).click();
  await expect(notifications(anna).getByRole('listitem')).toHaveCount(1);
  await expect(notifications(anna).getByRole('listitem')).toContainText('подала заявку');
});
