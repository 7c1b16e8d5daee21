import { expect, test, type Browser, type Page } from '@playwright/test';
import { PNG, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function signedInPage(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, email, name);
  return page;
}

async function createTeam(page: Page, name: string): Promise<string> {
  await page.goto(`${portal.url}/teams/create`);
  await page.getByLabel('Название').fill(name);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText(`Команда "${name}" успешно создана.`)).toBeVisible();
  await page.waitForURL(/\/teams\/[0-9a-f-]{36}$/);
  return page.url();
}

/** The calendar day `days` from today, as a date input takes it (the browser's time zone). */
function dayFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

test('a tournament: created with a cover, two teams added, one confirmed by its owner, shown on the team and home pages', async ({ browser }) => {
  // A team owner makes two teams.
  const owner = await signedInPage(browser, 'tournament.owner@example.com', 'Ольга Капитанова');
  const spartak = await createTeam(owner, 'Спартак Северный');
  const dynamo = await createTeam(owner, 'Динамо Южное');

  // An organiser creates a tournament starting in a week.
  const organiser = await signedInPage(browser, 'tournament.organiser@example.com', 'Илья Организаторов');
  await organiser.goto(`${portal.url}/tournaments`);
  await organiser.getByRole('link', { name: 'Создать турнир' }).click();
  await organiser.waitForURL(`${portal.url}/tournaments/create`);
  // Required fields first.
  await organiser.getByRole('button', { name: 'Создать' }).click();
  await expect(organiser.getByText('Введите название турнира')).toBeVisible();
  await expect(organiser.getByText('Укажите дату начала')).toBeVisible();
  await organiser.getByLabel('Обложка турнира').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(organiser.locator('img.upload-preview')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);
  await organiser.getByLabel('Название').fill('Кубок Весны');
  await organiser.getByLabel('Дата начала').fill(dayFromToday(7));
  await organiser.getByLabel('Тип турнира').selectOption({ label: 'Круговой' });
  await organiser.getByLabel('Описание').fill('Круговой турнир любительских команд');
  await organiser.getByRole('button', { name: 'Создать' }).click();
  await expect(organiser.getByText('Турнир "Кубок Весны" успешно создан.')).toBeVisible();
  await organiser.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/);
  const tournamentUrl = organiser.url();
  await expect(organiser.getByRole('heading', { level: 1, name: 'Кубок Весны' })).toBeVisible();
  await expect(organiser.locator('img.tournament-cover')).toHaveAttribute('src', /^\/uploads\//);
  await expect(organiser.getByText('Нет участников.')).toBeVisible();

  // On the edit page both teams are added from the dropdown.
  await organiser.getByRole('link', { name: 'Редактировать' }).click();
  await organiser.waitForURL(`${tournamentUrl}/edit`);
  const participants = organiser.getByRole('list', { name: 'Участники' });
  for (const name of ['Спартак Северный', 'Динамо Южное']) {
    await organiser.getByLabel('Поиск команды').fill(name.split(' ')[0]);
    await organiser.getByLabel('Команда', { exact: true }).selectOption({ label: name });
    await organiser.getByRole('button', { name: 'Добавить' }).click();
    await expect(organiser.getByText(`Команда «${name}» добавлена в турнир`)).toBeVisible();
    await expect(participants.getByRole('link', { name })).toBeVisible();
  }
  await expect(participants.getByText('Ждёт подтверждения команды')).toHaveCount(2);

  // The team's owner confirms Спартак on its tournaments page.
  await owner.goto(spartak);
  await owner.getByRole('navigation', { name: 'Разделы команды' }).getByRole('link', { name: 'Турниры' }).click();
  await owner.waitForURL(`${spartak}/tournaments`);
  const row = owner.locator('.team-tournament', { hasText: 'Кубок Весны' });
  await expect(row.getByText('Ждёт подтверждения команды')).toBeVisible();
  await row.getByRole('button', { name: 'Подтвердить участие' }).click();
  await expect(owner.getByText('Участие команды «Спартак Северный» подтверждено')).toBeVisible();
  await expect(row.getByText('Участие подтверждено')).toBeVisible();

  // The team's main page shows it among the nearest tournaments, confirmed.
  await owner.goto(spartak);
  const nearest = owner.locator('section', { has: owner.getByRole('heading', { name: 'Ближайшие турниры' }) });
  await expect(nearest.getByRole('link', { name: 'Кубок Весны' })).toBeVisible();
  await expect(nearest.getByText('Участие подтверждено')).toBeVisible();
  // The other team's invitation still waits.
  await owner.goto(`${dynamo}/tournaments`);
  await expect(owner.locator('.team-tournament', { hasText: 'Кубок Весны' }).getByText('Ждёт подтверждения команды')).toBeVisible();

  // The tournament's page shows both participants with their state; a visitor sees no edit link.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(tournamentUrl);
  const list = visitor.getByRole('list', { name: 'Участники' });
  await expect(list.locator('li', { hasText: 'Спартак Северный' }).getByText('Участие подтверждено')).toBeVisible();
  await expect(list.locator('li', { hasText: 'Динамо Южное' }).getByText('Ждёт подтверждения команды')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Редактировать' })).toHaveCount(0);

  // The owner applies with a third team on the tournament's page; the organiser confirms it on the edit page.
  await createTeam(owner, 'Торпедо Западное');
  await owner.goto(tournamentUrl);
  const apply = owner.getByRole('form', { name: 'Заявка на участие' });
  await apply.getByLabel('Ваша команда').selectOption({ label: 'Торпедо Западное' });
  await apply.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(owner.getByText('Заявка команды «Торпедо Западное» отправлена организатору')).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Участники' }).locator('li', { hasText: 'Торпедо Западное' }).getByText('Ждёт подтверждения организатора')).toBeVisible();
  await organiser.goto(`${tournamentUrl}/edit`);
  const torpedo = organiser.getByRole('list', { name: 'Участники' }).locator('li', { hasText: 'Торпедо Западное' });
  await torpedo.getByRole('button', { name: 'Подтвердить участие' }).click();
  await expect(organiser.getByText('Участие команды «Торпедо Западное» подтверждено')).toBeVisible();
  await expect(torpedo.getByText('Участие подтверждено')).toBeVisible();

  // The home page shows it among the nearest tournaments; the list shows it under its type only.
  await visitor.goto(portal.url);
  const home = visitor.getByRole('region', { name: 'Ближайшие турниры' });
  await expect(home.getByRole('link', { name: /Кубок Весны/ })).toHaveAttribute('href', new URL(tournamentUrl).pathname);
  await visitor.goto(`${portal.url}/tournaments`);
  await visitor.getByRole('button', { name: 'Кубок', exact: true }).click();
  await expect(visitor.getByText('Турниров этого типа нет.')).toBeVisible();
  await visitor.getByRole('button', { name: 'Круговой' }).click();
  await expect(visitor.getByRole('link', { name: 'Кубок Весны' })).toBeVisible();
  await expect(visitor.getByText('0,00 · оценок пока нет')).toBeVisible();
});
