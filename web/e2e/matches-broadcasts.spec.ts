// Matches and broadcasts end to end: a match between two teams created with the form, found on its page
// and on both teams' matches pages, then moved and deleted; a broadcast starting tomorrow under tomorrow's heading of the TV
// schedule and 'Скоро начнётся' on its page, then edited and deleted.
import { expect, test } from '@playwright/test';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test('a match between two teams: created with the form, on its page and on both teams’ matches pages, moved and deleted', async ({ page }) => {
  await signInByCode(portal, page, 'match.maker@example.com', 'Павел Орлов');
  const session = await sessionOf(page);
  const home = await call<{ id: string }>(portal, session, 'create_team', { name: 'Северные волки', description: 'Команда с севера' });
  const guest = await call<{ id: string }>(portal, session, 'create_team', { name: 'Южные медведи' });

  // Tomorrow at 18:30 and the day after at 19:00 in the browser's time zone, as the inputs take them and
  // the pages write them.
  const days = await page.evaluate(() =>
    [1, 2].map((n) => {
      const d = new Date();
      d.setDate(d.getDate() + n);
      const pad = (x: number) => String(x).padStart(2, '0');
      return { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, text: d.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }) };
    }),
  );
  const [first, second] = [`${days[0].text}, 18:30`, `${days[1].text}, 19:00`];

  await page.goto(`${portal.url}/matches`);
  await expect(page.getByText('Предстоящих матчей нет.')).toBeVisible();
  await page.getByRole('link', { name: 'Создать матч' }).click();
  await expect(page).toHaveURL(/\/matches\/create$/);

  const homePicker = page.getByRole('group', { name: 'Команда хозяев' });
  const guestPicker = page.getByRole('group', { name: 'Команда гостей' });
  // Without teams and time the form says what is missing.
  await page.getByRole('button', { name: 'Создать матч' }).click();
  await expect(page.getByText('Выберите команду хозяев.')).toBeVisible();
  await expect(page.getByText('Укажите дату и время матча.')).toBeVisible();

  await homePicker.getByLabel('Поиск команды').fill('Север');
  await homePicker.getByRole('radio', { name: 'Северные волки' }).check();
  await guestPicker.getByLabel('Поиск команды').fill('Юж');
  await guestPicker.getByRole('radio', { name: 'Южные медведи' }).check();
  // The home team cannot be chosen as the guest as well.
  await guestPicker.getByLabel('Поиск команды').fill('');
  await expect(guestPicker.getByRole('radio', { name: 'Северные волки' })).toBeDisabled();
  await page.getByLabel('Время матча').fill(`${days[0].value}T18:30`);
  await page.getByRole('button', { name: 'Создать матч' }).click();
  await expect(page.getByText('Матч успешно создан.')).toBeVisible();
  await page.waitForURL(/\/matches\/[0-9a-f-]{36}$/);

  await expect(page.getByRole('heading', { name: 'Северные волки — Южные медведи' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Северные волки' })).toHaveAttribute('href', `/teams/${home.id}`);
  await expect(page.getByRole('link', { name: 'Южные медведи' })).toHaveAttribute('href', `/teams/${guest.id}`);
  await expect(page.getByText(first).first()).toBeVisible();

  // The list has it, and says there are no more.
  await page.goto(`${portal.url}/matches`);
  await expect(page.getByRole('link', { name: 'Северные волки — Южные медведи' })).toBeVisible();
  await expect(page.getByText('Больше матчей нет')).toBeVisible();

  // Both teams' matches pages list it, reached through the team menu.
  for (const team of [home, guest]) {
    await page.goto(`${portal.url}/teams/${team.id}`);
    await page.getByRole('navigation', { name: 'Разделы команды' }).getByRole('link', { name: 'Матчи' }).click();
    await expect(page).toHaveURL(`${portal.url}/teams/${team.id}/matches`);
    const list = page.getByRole('list', { name: 'Предстоящие матчи' });
    await expect(list.getByRole('link', { name: 'Северные волки — Южные медведи' })).toBeVisible();
    await expect(list.getByText(`Время матча: ${first}`)).toBeVisible();
  }

  // Moved to another evening by its creator, then deleted: gone from the list.
  await page.getByRole('link', { name: 'Северные волки — Южные медведи' }).click();
  await page.getByRole('group', { name: 'Управление матчем' }).getByRole('link', { name: 'Редактировать' }).click();
  await expect(page.getByRole('group', { name: 'Команда гостей' }).getByRole('radio', { name: 'Южные медведи' })).toBeChecked();
  await expect(page.getByLabel('Время матча')).toHaveValue(`${days[0].value}T18:30`);
  await page.getByLabel('Время матча').fill(`${days[1].value}T19:00`);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Матч сохранён')).toBeVisible();
  await expect(page.getByText(second).first()).toBeVisible();
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить матч?' }).getByRole('button', { name: 'Удалить' }).click();
  await page.waitForURL(`${portal.url}/matches`);
  await expect(page.getByText('Предстоящих матчей нет.')).toBeVisible();
});

test('a broadcast starting tomorrow: in the TV schedule under tomorrow, coming soon on its page, edited and deleted', async ({ page }) => {
  await signInByCode(portal, page, 'broadcaster@example.com', 'Ольга Кирова');
  // Tomorrow at 18:30 in the browser's time zone, and its heading as the schedule writes it.
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    const text = d.toLocaleDateString('ru-RU', { weekday: 'long', day: 'numeric', month: 'long' });
    return { value: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T18:30`, heading: text.charAt(0).toUpperCase() + text.slice(1) };
  });

  await page.goto(`${portal.url}/broadcasts`);
  await expect(page.getByText('Трансляции не найдены')).toBeVisible();
  await page.getByRole('link', { name: 'Создать трансляцию' }).click();
  await expect(page.getByText('Трансляция без времени начала считается активной сразу после создания.')).toBeVisible();
  await expect(page.getByText('Ссылка на видео YouTube, VK Видео или Rutube')).toBeVisible();
  await page.getByLabel('Название').fill('Финал кубка района');
  await page.getByLabel('Описание').fill('Прямая трансляция финала: Северные волки против Южных медведей.');
  await page.getByLabel('Ссылка на видео').fill('https://rutube.ru/video/0123456789abcdef0123456789abcdef/');
  await page.getByLabel('Теги').fill('финал, кубок');
  await page.getByLabel('Время начала').fill(tomorrow.value);
  await page.getByRole('button', { name: 'Создать трансляцию' }).click();
  await expect(page.getByText('Трансляция "Финал кубка района" успешно создана.')).toBeVisible();
  await page.waitForURL(/\/broadcasts\/[0-9a-f-]{36}$/);
  const url = page.url();

  await expect(page.getByRole('heading', { name: 'Финал кубка района' })).toBeVisible();
  await expect(page.locator('.broadcast-status')).toHaveText('Скоро начнётся');
  await expect(page.locator('iframe.broadcast-frame')).toHaveAttribute('src', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef');
  await expect(page.locator('iframe.broadcast-frame')).toHaveAttribute('height', '480');
  await expect(page.getByRole('link', { name: '#финал' })).toHaveAttribute('href', `/broadcasts?tag=${encodeURIComponent('финал')}`);

  // The TV schedule, from the footer's link: under tomorrow's heading, with its time and link.
  await page.getByRole('contentinfo').getByRole('link', { name: 'ТВ-программа' }).click();
  await expect(page.getByRole('heading', { name: 'ТВ-программа', level: 1 })).toBeVisible();
  const day = page.getByRole('region', { name: tomorrow.heading });
  await expect(day.getByRole('link', { name: 'Финал кубка района' })).toHaveAttribute('href', new URL(url).pathname);
  await expect(day.getByText('18:30')).toBeVisible();

  // The list: the card is the viewer's own and coming soon; the tag filter keeps it.
  await page.goto(`${portal.url}/broadcasts?tag=кубок`);
  await expect(page.getByText('Тег: кубок')).toBeVisible();
  const card = page.locator('.broadcast-card', { hasText: 'Финал кубка района' });
  await expect(card.getByText('Ваша трансляция')).toBeVisible();
  await expect(card.getByText('Скоро начнётся')).toBeVisible();
  await page.getByLabel('Только активные').check();
  await expect(page).toHaveURL(/active=true/);
  await expect(page.getByText('Трансляции не найдены')).toBeVisible();

  // Edited: a new title, no start time (on air now).
  await page.goto(url);
  await page.getByRole('link', { name: 'Редактировать' }).click();
  await expect(page.getByLabel('Название')).toHaveValue('Финал кубка района');
  await expect(page.getByLabel('Теги')).toHaveValue('финал, кубок');
  await page.getByLabel('Название').fill('Финал кубка района, повтор');
  await page.getByLabel('Время начала').fill('');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(url);
  await expect(page.getByRole('heading', { name: 'Финал кубка района, повтор' })).toBeVisible();
  await expect(page.locator('.broadcast-status')).toHaveText('В эфире');

  // Deleted after the confirmation; back on the list, gone.
  await page.getByRole('button', { name: 'Удалить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить трансляцию?' });
  await expect(dialog.getByText('Вы уверены, что хотите удалить эту трансляцию?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await page.waitForURL(`${portal.url}/broadcasts`);
  await expect(page.getByText('Трансляции не найдены')).toBeVisible();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Трансляция не найдена' })).toBeVisible();
});
