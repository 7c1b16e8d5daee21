import { expect, test } from '@playwright/test';
import { call, enterCode, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test('a closed team fills up: the owner puts their own player on it, a join link brings a newcomer in, confirmed', async ({ browser }) => {
  // The owner creates a closed team and a player of their own.
  const owner = await (await browser.newContext()).newPage();
  await signInByCode(portal, owner, 'fill.owner@example.com', 'Павел Капитанов');
  await owner.goto(`${portal.url}/teams/create`);
  await owner.getByLabel('Название').fill('Закрытый клуб');
  await owner.getByLabel('Тип команды').selectOption('Закрытая');
  await owner.getByRole('button', { name: 'Создать' }).click();
  await owner.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
  const teamUrl = owner.url();
  const teamId = teamUrl.split('/').pop()!;
  await owner.goto(`${portal.url}/players/create`);
  await owner.getByLabel('Имя', { exact: true }).fill('Павел');
  await owner.getByLabel('Фамилия').fill('Капитанов');
  await owner.getByRole('button', { name: 'Создать' }).click();
  await expect(owner.getByRole('heading', { name: 'Капитанов Павел' })).toBeVisible();

  // From the team's header to the join page: no false «already in», the player is added at once.
  await owner.goto(teamUrl);
  await owner.getByRole('link', { name: 'Добавить игрока' }).click();
  await expect(owner.getByRole('heading', { name: 'Добавить игрока в команду' })).toBeVisible();
  await expect(owner.getByText('Один из ваших игроков уже в этой команде.')).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Добавить в команду' })).toBeDisabled();
  await owner.getByRole('radio', { name: 'Капитанов Павел' }).check();
  await owner.getByLabel('Номер (1–99, необязательно)').fill('10');
  await owner.getByLabel('Амплуа').selectOption('Полузащитник');
  await owner.getByRole('button', { name: 'Добавить в команду' }).click();
  await owner.waitForURL(`${teamUrl}/roster`);
  await expect(owner.getByText('Игрок Капитанов Павел добавлен в команду')).toBeVisible();
  await expect(owner.getByText('Новых заявок нет.')).toBeVisible();
  const ownChip = owner.locator('.pool .chip', { hasText: 'Капитанов Павел' });
  await expect(ownChip).toContainText('10');
  await expect(ownChip.getByRole('link', { name: 'Капитанов Павел' })).toHaveAttribute('href', /^\/players\/[0-9a-f-]{36}$/);

  // The owner makes a join link and copies its address.
  await owner.getByRole('button', { name: 'Создать ссылку' }).click();
  const link = await owner.getByLabel('Новая ссылка').inputValue();
  expect(link).toMatch(new RegExp(`^${portal.url}/teams/${teamId}/join\\?token=[A-Za-z0-9_-]{32}$`));

  // A newcomer opens the link, signs in, makes a player and joins with it.
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByText('Вас пригласили в команду. Чтобы принять приглашение, войдите или зарегистрируйтесь.')).toBeVisible();
  await newcomer.getByRole('main').getByRole('link', { name: 'Войти' }).click();
  await enterCode(portal, newcomer, 'fill.newcomer@example.com', 'Игорь Акинфеев');
  await newcomer.waitForURL(link);
  await expect(newcomer.getByText('У вас пока нет игроков.')).toBeVisible();
  await newcomer.getByRole('link', { name: 'Создать игрока' }).click();
  await newcomer.getByLabel('Имя', { exact: true }).fill('Игорь');
  await newcomer.getByLabel('Фамилия').fill('Акинфеев');
  await newcomer.getByRole('button', { name: 'Создать' }).click();
  await newcomer.waitForURL(link);
  await expect(newcomer.getByText('Вы открыли приглашение в команду «Закрытый клуб». Выберите игрока, с которым вступите.')).toBeVisible();
  await newcomer.getByRole('radio', { name: 'Акинфеев Игорь' }).check();
  await newcomer.getByRole('button', { name: 'Принять приглашение' }).click();
  await newcomer.waitForURL(`${teamUrl}/roster`);
  await expect(newcomer.getByText('Вы в команде')).toBeVisible();
  await expect(newcomer.locator('.pool').getByRole('link', { name: 'Акинфеев Игорь' })).toBeVisible();
  // A member now: the locker room is theirs to open, and their player may leave.
  await expect(newcomer.getByRole('navigation', { name: 'Разделы команды' }).getByRole('link', { name: 'Раздевалка', exact: true })).toBeVisible();
  await expect(newcomer.getByRole('button', { name: 'Покинуть команду: Акинфеев Игорь' })).toBeVisible();
  const { team_players: theirs } = await call<{ team_players: Array<{ is_confirmed: boolean; number: number }> }>(
    portal, await sessionOf(newcomer), 'list_team_players', { team_ids: [teamId], user_ids: [(await sessionOf(newcomer)).user_id] },
  );
  expect(theirs.map((tp) => [tp.is_confirmed, tp.number])).toEqual([[true, 1]]);

  // The owner sees the newcomer in the roster, confirmed, and the link's use counted.
  await owner.reload();
  await expect(owner.locator('.pool').getByRole('link', { name: 'Акинфеев Игорь' })).toBeVisible();
  await expect(owner.getByText('Новых заявок нет.')).toBeVisible();
  await expect(owner.getByText('вступили: 1')).toBeVisible();
});
