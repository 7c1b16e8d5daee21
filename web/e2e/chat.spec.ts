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

const toggle = (page: Page) => page.getByRole('button', { name: /^Чаты/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Чаты и друзья' });

test('two friends: a request accepted shows В сети; a direct chat is live both ways and the badge counts it', async ({ browser }) => {
  const alisa = await person(browser, 'alisa.chat@example.com', 'Алиса Чатова');
  const boris = await person(browser, 'boris.chat@example.com', 'Борис Чатов');
  // Алиса finds Борис by a part of his name and asks him to be friends.
  await toggle(alisa).click();
  await panel(alisa).getByRole('tab', { name: 'Друзья' }).click();
  await panel(alisa).getByRole('searchbox', { name: 'Поиск пользователей' }).fill('борис ч');
  const found = panel(alisa).getByRole('group', { name: 'Действия: Борис Чатов' });
  await found.getByRole('button', { name: 'Добавить' }).click();
  await expect(panel(alisa).getByText('Заявка отправлена')).toBeVisible();
  await panel(alisa).getByRole('searchbox', { name: 'Поиск пользователей' }).fill('');
  await expect(panel(alisa).getByRole('region', { name: 'Отправленные заявки' }).getByText('Борис Чатов')).toBeVisible();

  // Борис sees the request without a reload, accepts it, and Алиса is online.
  await toggle(boris).click();
  await panel(boris).getByRole('tab', { name: 'Друзья' }).click();
  const request = panel(boris).getByRole('region', { name: 'Заявки в друзья' }).getByRole('group', { name: 'Действия: Алиса Чатова' });
  await request.getByRole('button', { name: 'Принять' }).click();
  const friendsOfBoris = panel(boris).getByRole('region', { name: 'Друзья' });
  await expect(friendsOfBoris.getByText('Алиса Чатова')).toBeVisible();
  await expect(friendsOfBoris.getByText('В сети')).toBeVisible();

  // Алиса's list follows without a reload: Борис is her friend and online.
  const friendsOfAlisa = panel(alisa).getByRole('region', { name: 'Друзья' });
  await expect(friendsOfAlisa.getByText('Борис Чатов')).toBeVisible();
  await expect(friendsOfAlisa.getByText('В сети')).toBeVisible();

  // Алиса writes to Борис.
  await friendsOfAlisa.getByRole('group', { name: 'Действия: Борис Чатов' }).getByRole('button', { name: 'Написать' }).click();
  const withBoris = panel(alisa).getByRole('region', { name: 'Борис Чатов' });
  const send = withBoris.getByRole('button', { name: 'Отправить' });
  await expect(send).toBeDisabled();
  await withBoris.getByRole('textbox', { name: 'Сообщение' }).fill('Привет, Борис! Завтра играем?');
  await withBoris.getByRole('textbox', { name: 'Сообщение' }).press('Enter');
  // In the conversation's messages (the field may still hold the text a moment after Enter).
  await expect(withBoris.getByRole('list', { name: 'Сообщения' }).getByText('Привет, Борис! Завтра играем?', { exact: true })).toBeVisible();

  // Борис, without a reload: the badge counts it, the chat list shows it, opening it reads it.
  await expect(boris.getByTestId('chat-badge')).toHaveText('1');
  await panel(boris).getByRole('tab', { name: 'Чаты' }).click();
  const item = panel(boris).getByRole('button', { name: /Алиса Чатова/ });
  await expect(item).toContainText('Привет, Борис! Завтра играем?');
  await item.click();
  const withAlisa = panel(boris).getByRole('region', { name: 'Алиса Чатова' });
  await expect(withAlisa.getByText('Привет, Борис! Завтра играем?', { exact: true })).toBeVisible();
  await expect(boris.getByTestId('chat-badge')).toHaveCount(0);

  // His answer reaches her open conversation at once.
  await withAlisa.getByRole('textbox', { name: 'Сообщение' }).fill('Да, в 19:00');
  await withAlisa.getByRole('button', { name: 'Отправить' }).click();
  await expect(withBoris.getByText('Да, в 19:00', { exact: true })).toBeVisible();
  await expect(withBoris.getByText('Борис Чатов').first()).toBeVisible();

  // After a reload both messages are in the history, read.
  await boris.reload();
  await toggle(boris).click();
  await expect(panel(boris).getByRole('button', { name: /Алиса Чатова/ })).toContainText('Вы: Да, в 19:00');
  await expect(boris.getByTestId('chat-badge')).toHaveCount(0);
});

test('the locker room\'s team chat: a member sees the owner\'s message live; pitch and bench still fit 1366x768', async ({ browser }) => {
  const owner = await person(browser, 'locker.chat.owner@example.com', 'Олег Капитанов');
  const member = await person(browser, 'locker.chat.member@example.com', 'Игорь Защитников');
  const o = await sessionOf(owner);
  const m = await sessionOf(member);
  const team = await call<{ id: string }>(portal, o, 'create_team', { name: 'Южные ястребы' });
  const mine = await call<{ id: string }>(portal, o, 'create_player', { first_name: 'Олег', last_name: 'Капитанов' });
  await call(portal, o, 'request_join_team_player', { team_id: team.id, player_id: mine.id });
  const player = await call<{ id: string }>(portal, m, 'create_player', { first_name: 'Игорь', last_name: 'Защитников' });
  const request = await call<{ id: string }>(portal, m, 'request_join_team_player', { team_id: team.id, player_id: player.id });
  await call(portal, o, 'approve_team_player', { id: request.id });

  for (const page of [owner, member]) await page.goto(`${portal.url}/teams/${team.id}/locker`);
  const chatOf = (page: Page) => page.getByRole('region', { name: 'Чат команды' });
  await expect(chatOf(member).getByText('Сообщений пока нет. Напишите первым!')).toBeVisible();

  // The pitch and the bench are still on the screen without scrolling.
  const pitch = (await owner.getByTestId('pitch').boundingBox())!;
  expect(pitch.y + pitch.height).toBeLessThanOrEqual(768);
  const bench = (await owner.getByRole('region', { name: 'Скамейка запасных' }).boundingBox())!;
  expect(bench.x).toBeGreaterThanOrEqual(pitch.x + pitch.width);
  const chat = (await chatOf(owner).boundingBox())!;
  expect(chat.y + chat.height).toBeLessThanOrEqual(768);

  await chatOf(owner).getByRole('textbox', { name: 'Сообщение' }).fill('Тренировка в четверг в 19:00');
  await chatOf(owner).getByRole('textbox', { name: 'Сообщение' }).press('Enter');
  await expect(chatOf(member).getByText('Тренировка в четверг в 19:00', { exact: true })).toBeVisible();
  await expect(chatOf(member).getByText('Олег Капитанов', { exact: true })).toBeVisible();

  // The panel folds away.
  await chatOf(member).getByRole('button', { name: 'Чат команды' }).click();
  await expect(chatOf(member).getByRole('textbox', { name: 'Сообщение' })).toHaveCount(0);
});
