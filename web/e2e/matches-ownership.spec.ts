// Matches belong to their teams, end to end: a stranger's match between two teams they do not manage is
// refused and the form says why; the home team's owner is told a past time is refused, then creates the
// match, and the guest team's owner finds it among their notifications and may edit it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function signedIn(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, email, name);
  return page;
}

/** yyyy-MM-dd of a day `n` days from today in the browser's time zone, and how the pages write it. */
const dayFromToday = (page: Page, n: number) =>
  page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    const pad = (x: number) => String(x).padStart(2, '0');
    return { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, text: d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }) };
  }, n);

async function chooseTeams(page: Page, guestOnly = false): Promise<void> {
  if (!guestOnly) {
    const home = page.getByRole('group', { name: 'Команда хозяев' });
    await home.getByLabel('Поиск команды').fill('Север');
    await home.getByRole('radio', { name: 'Северные волки' }).check();
  }
  const guest = page.getByRole('group', { name: 'Команда гостей' });
  await guest.getByLabel('Поиск команды').fill('Юж');
  await guest.getByRole('radio', { name: 'Южные медведи' }).check();
}

test('a match is made by a manager of one of its teams; the other team hears of it and may edit it', async ({ browser }) => {
  const home = await signedIn(browser, 'home.coach@example.com', 'Павел Орлов');
  const away = await signedIn(browser, 'away.coach@example.com', 'Олег Смирнов');
  const stranger = await signedIn(browser, 'just.a.fan@example.com', 'Игорь Зайцев');
  const wolves = await call<{ id: string }>(portal, await sessionOf(home), 'create_team', { name: 'Северные волки' });
  await call(portal, await sessionOf(away), 'create_team', { name: 'Южные медведи' });
  const [yesterday, tomorrow] = [await dayFromToday(home, -1), await dayFromToday(home, 1)];

  // A stranger: the form says who may create a match, and the refusal says why.
  await stranger.goto(`${portal.url}/matches/create`);
  await expect(stranger.getByText('Матч назначает владелец или администратор одной из двух команд; руководители другой команды получат уведомление.')).toBeVisible();
  await chooseTeams(stranger);
  await stranger.getByLabel('Время матча').fill(`${tomorrow.value}T18:30`);
  await stranger.getByRole('button', { name: 'Создать матч' }).click();
  await expect(stranger.getByText('Ошибка при создании матча. Создать матч может только владелец или администратор одной из команд.')).toBeVisible();
  await expect(stranger).toHaveURL(`${portal.url}/matches/create`);

  // The home team's owner, from the team's matches page: a time in the past is refused before it is sent.
  await home.goto(`${portal.url}/teams/${wolves.id}/matches`);
  await home.getByRole('link', { name: 'Создать матч' }).click();
  await expect(home.getByRole('group', { name: 'Команда хозяев' }).getByRole('radio', { name: 'Северные волки' })).toBeChecked();
  await chooseTeams(home, true);
  await home.getByLabel('Время матча').fill(`${yesterday.value}T18:30`);
  await home.getByRole('button', { name: 'Создать матч' }).click();
  await expect(home.getByText('Время матча не может быть в прошлом.')).toBeVisible();
  await home.getByLabel('Время матча').fill(`${tomorrow.value}T18:30`);
  await home.getByRole('button', { name: 'Создать матч' }).click();
  await expect(home.getByText('Матч успешно создан.')).toBeVisible();
  await home.waitForURL(/\/matches\/[0-9a-f-]{36}$/);
  const matchId = home.url().split('/').pop()!;

  // The guest team's owner was told, with the match's page as the link; nobody else was.
  const notes = async (page: Page) => (await portal.server.client().listNotifications(await sessionOf(page), 100)).notifications ?? [];
  const told = (await notes(away)).filter((n) => n.code === 107);
  expect(told.map((n) => [n.subject, (n.content as { link?: string }).link])).toEqual([
    ['Назначен матч «Северные волки» — «Южные медведи»', `/matches/${matchId}`],
  ]);
  for (const page of [home, stranger]) expect((await notes(page)).filter((n) => n.code === 107)).toEqual([]);

  // On the match's page the guest team's owner may edit and delete it; the stranger may not.
  await away.goto(`${portal.url}/matches/${matchId}`);
  await expect(away.getByRole('heading', { name: 'Северные волки — Южные медведи' })).toBeVisible();
  await expect(away.getByText(`${tomorrow.text}, 18:30`, { exact: true })).toBeVisible();
  await expect(away.getByRole('group', { name: 'Управление матчем' }).getByRole('link', { name: 'Редактировать' })).toBeVisible();
  await stranger.goto(`${portal.url}/matches/${matchId}`);
  await expect(stranger.getByRole('heading', { name: 'Северные волки — Южные медведи' })).toBeVisible();
  await expect(stranger.getByRole('group', { name: 'Управление матчем' })).toBeHidden();

  // The guest team's owner moves it into the past: an edit is free, and /matches then lists it as past.
  await away.getByRole('link', { name: 'Редактировать' }).click();
  await away.getByLabel('Время матча').fill(`${yesterday.value}T18:30`);
  await away.getByRole('button', { name: 'Сохранить' }).click();
  await expect(away.getByText('Матч сохранён')).toBeVisible();
  await away.goto(`${portal.url}/matches`);
  await expect(away.getByText('Предстоящих матчей нет.')).toBeVisible();
  await away.getByRole('button', { name: 'Прошедшие' }).click();
  await expect(away).toHaveURL(`${portal.url}/matches?period=past`);
  const past = away.getByRole('list', { name: 'Прошедшие матчи' });
  await expect(past.getByRole('link', { name: 'Северные волки — Южные медведи' })).toBeVisible();
  await expect(past.getByText(`Время матча: ${yesterday.text}, 18:30`)).toBeVisible();
});
