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

test('a long history: the bell reads one page, older pages as asked; marking all read reaches the pages not loaded', async ({ browser }) => {
  const vera = await person(browser, 'vera.bell@example.com', 'Вера Колокольцева');
  const { user_id: userId } = await sessionOf(vera);
  // 45 matches scheduled for her team, the newest last; the newest 20 in a second of their own (the marker
  // counts whole seconds).
  for (let i = 1; i <= 45; i++) {
    if (i === 26) await new Promise((r) => setTimeout(r, 1100));
    await portal.server.app.nk.notificationSend(userId!, `Назначен матч «Заря ${i}» — «Рассвет»`, { link: `/matches/m${i}` }, 107, null, true);
  }
  const asked: Array<{ limit?: number; cursor?: string }> = [];
  vera.on('request', (r) => {
    if (r.url().includes('/v2/rpc/list_notifications')) asked.push(JSON.parse(JSON.parse(r.postData() ?? '""') || '{}'));
  });

  await vera.goto(`${portal.url}/`);
  await expect(badge(vera)).toHaveText('9+');
  expect(asked).toEqual([{ limit: 20 }]);

  await bell(vera).click();
  const panel = notifications(vera);
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Назначен матч «Заря 45» — «Рассвет»');
  await expect(items.last()).toContainText('«Заря 26»');
  await expect(panel.getByText('Не прочитано:')).toHaveCount(20);

  // Everything read, the 25 on pages not loaded too.
  await panel.getByRole('button', { name: 'Отметить все как прочитанные' }).click();
  await expect(badge(vera)).toHaveCount(0);
  await expect(panel.getByText('Не прочитано:')).toHaveCount(0);

  const more = panel.getByRole('button', { name: 'Показать ещё' });
  await more.click();
  await expect(items).toHaveCount(40);
  // The focus goes to the first of the page just loaded.
  await expect(items.nth(20).getByRole('link')).toBeFocused();
  await more.click();
  await expect(items).toHaveCount(45);
  await expect(items.last()).toContainText('«Заря 1»');
  await expect(more).toHaveCount(0);
  await expect(panel.getByText('Не прочитано:')).toHaveCount(0);
  expect(asked.map((a) => [a.limit, !!a.cursor])).toEqual([[20, false], [20, true], [20, true]]);

  await vera.reload();
  await expect(bell(vera)).toHaveAccessibleName('Уведомления');
  await expect(vera.getByRole('status').filter({ hasText: 'Непрочитанных уведомлений нет' })).toHaveCount(1);
});

test('a join request raises the team owner\'s bell live; it opens the roster, where the request waits', async ({ browser }) => {
  const owner = await person(browser, 'owner.bell@example.com', 'Олег Капитанов');
  const team = await call<{ id: string }>(portal, await sessionOf(owner), 'create_team', { name: 'Южный берег' });
  await owner.goto(`${portal.url}/`);
  await expect(badge(owner)).toHaveCount(0);

  // A player's owner asks to join, on the team's join page.
  const fan = await person(browser, 'fan.bell@example.com', 'Фёдор Нападающий');
  await call(portal, await sessionOf(fan), 'create_player', { first_name: 'Фёдор', last_name: 'Нападающий' });
  await fan.goto(`${portal.url}/teams/${team.id}/join`);
  await fan.getByRole('radio', { name: 'Нападающий Фёдор' }).check();
  await fan.getByRole('button', { name: 'Отправить заявку' }).click();
  await fan.waitForURL(`${portal.url}/teams/${team.id}`);

  // The owner's count goes up without a reload; the notification names the requester and leads to the roster.
  await expect(badge(owner)).toHaveText('1');
  await bell(owner).click();
  const item = notifications(owner).getByRole('listitem').first();
  await expect(item).toContainText('Фёдор Нападающий просит принять игрока в команду «Южный берег»');
  await item.getByRole('link').click();
  await owner.waitForURL(`${portal.url}/teams/${team.id}/roster`);
  await expect(owner.getByRole('heading', { name: 'Заявки на вступление' })).toBeVisible();
  await expect(owner.getByText('Нападающий Фёдор')).toBeVisible();
  await expect(badge(owner)).toHaveCount(0);
});
