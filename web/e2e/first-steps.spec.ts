// What a new user meets first: signing in by password, people by name, joining a team and changing one's
// mind, the player page, refusals in Russian, image fields, the phone header and page titles.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailedCode, PNG, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

async function signedIn(browser: Browser, email: string, name?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, email, name);
  return page;
}

/** Calls a portal RPC as the signed-in page. */
async function rpc<T>(page: Page, id: string, input: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tribuna.token'));
  const res = await page.request.post(`${portal.url}/v2/rpc/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: JSON.stringify(JSON.stringify(input)) });
  expect(res.ok(), await res.text()).toBe(true);
  return JSON.parse(((await res.json()) as { payload: string }).payload) as T;
}

test('a password set at registration signs in on /login; a wrong password and an unknown address get one answer', async ({ page }) => {
  const email = 'password.user@example.com';
  await page.goto(`${portal.url}/registration`);
  await page.getByLabel('Имя пользователя').fill('password_user');
  await page.getByLabel('Пароль', { exact: true }).fill('correct-horse-1');
  await page.getByLabel('Повторите пароль').fill('correct-horse-1');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.getByLabel('Код из письма').fill(await mailedCode(portal, email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.waitForURL(`${portal.url}/user/profile`);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();

  const tryPassword = async (address: string, password: string) => {
    await page.goto(`${portal.url}/login?next=${encodeURIComponent('/teams')}`);
    await page.getByRole('button', { name: 'Электронная почта и пароль' }).click();
    await page.getByLabel('Электронная почта').fill(address);
    await page.getByLabel('Пароль').fill(password);
    const submit = page.getByRole('button', { name: 'Войти', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox').check();
    await submit.click();
  };
  await tryPassword(email, 'wrong-horse-1');
  await expect(page.getByText('Неверный адрес электронной почты или пароль.')).toBeVisible();
  await tryPassword('nobody.here@example.com', 'wrong-horse-1');
  await expect(page.getByText('Неверный адрес электронной почты или пароль.')).toBeVisible();
  await tryPassword(email, 'correct-horse-1');
  await page.waitForURL(`${portal.url}/teams`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'password_user' })).toBeVisible();
});

test('people are shown by the name they chose; a first sign-in asks for it', async ({ browser }) => {
  const page = await signedIn(browser, 'named.person@example.com', 'Ольга Вратарёва');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ольга Вратарёва' })).toBeVisible();
  const skipped = await signedIn(browser, 'skipped.name@example.com');
  await expect(skipped.getByRole('banner').getByRole('link', { name: 'skipped.name' })).toBeVisible();
  // The username can be changed in the profile; a taken one is refused next to the field.
  await page.goto(`${portal.url}/user/profile`);
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByLabel('Имя пользователя').fill('olga_keeper');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();
  await skipped.goto(`${portal.url}/user/profile`);
  await skipped.getByRole('button', { name: 'Редактировать' }).click();
  await skipped.getByLabel('Имя пользователя').fill('olga_keeper');
  await skipped.getByRole('button', { name: 'Сохранить' }).click();
  await expect(skipped.getByText('Это имя пользователя уже занято')).toBeVisible();
});

test('joining: the button only for who may join, the request waiting on the team page, withdrawn again', async ({ browser }) => {
  const owner = await signedIn(browser, 'join.owner@example.com', 'Павел Капитанов');
  const team = await rpc<{ id: string }>(owner, 'create_team', { name: 'Речные выдры' });
  await owner.goto(`${portal.url}/teams/${team.id}`);
  await expect(owner.getByRole('heading', { name: 'Речные выдры' })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Вступить в команду' })).toHaveCount(0);

  const fan = await signedIn(browser, 'join.fan@example.com');
  await rpc(fan, 'create_player', { first_name: 'Денис', last_name: 'Глушаков' });
  await fan.goto(`${portal.url}/teams/${team.id}`);
  await fan.getByRole('link', { name: 'Вступить в команду' }).click();
  await fan.getByRole('radio', { name: 'Глушаков Денис' }).check();
  await fan.getByRole('button', { name: 'Отправить заявку' }).click();
  await fan.waitForURL(`${portal.url}/teams/${team.id}`);
  await expect(fan.getByText('Заявка отправлена', { exact: true })).toBeVisible();
  await expect(fan.getByText('Заявка на рассмотрении')).toBeVisible();
  await expect(fan.getByRole('link', { name: 'Вступить в команду' })).toHaveCount(0);
  await fan.getByRole('button', { name: 'Отозвать заявку' }).click();
  await expect(fan.getByText('Заявка отозвана')).toBeVisible();
  await expect(fan.getByRole('link', { name: 'Вступить в команду' })).toBeVisible();
  await owner.goto(`${portal.url}/teams/${team.id}/roster`);
  await expect(owner.getByText('Новых заявок нет.')).toBeVisible();
});

test('the player page: teams with number and role, no ids; the creator edits and deletes', async ({ browser }) => {
  const page = await signedIn(browser, 'player.page@example.com');
  const team = await rpc<{ id: string }>(page, 'create_team', { name: 'Лесные лоси' });
  const player = await rpc<{ id: string }>(page, 'create_player', { first_name: 'Роман', last_name: 'Зобнин' });
  const tp = await rpc<{ id: string }>(page, 'request_join_team_player', { team_id: team.id, player_id: player.id, number: 47 });
  await rpc(page, 'approve_team_player', { id: tp.id, field_role: 3, is_main_squad: true });
  await page.goto(`${portal.url}/players/${player.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Зобнин Роман' })).toBeVisible();
  await expect(page).toHaveTitle('Зобнин Роман — Трибуна');
  const card = page.getByRole('link', { name: /Лесные лоси/ });
  await expect(card).toContainText('№ 47 · Полузащитник');
  await expect(card).toHaveAttribute('href', `/teams/${team.id}`);
  expect(await page.locator('main').innerText()).not.toContain(player.id);

  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByLabel('Отчество').fill('Сергеевич');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Зобнин Роман Сергеевич' })).toBeVisible();
  await page.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await page.waitForURL(`${portal.url}/players`);
  await page.goto(`${portal.url}/players/${player.id}`);
  await expect(page.getByRole('heading', { name: 'Игрок не найден' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'К списку игроков' })).toBeVisible();
});

test('refusals read as Russian sentences, and image fields check what they take', async ({ browser }) => {
  const page = await signedIn(browser, 'forms.user@example.com');
  const team = await rpc<{ id: string }>(page, 'create_team', { name: 'Городские ежи' });
  await rpc(page, 'create_team_video_section', { team_id: team.id, title: 'Голы' });
  await page.goto(`${portal.url}/teams/${team.id}/videos`);
  await page.getByRole('button', { name: 'Добавить видео' }).click();
  await page.getByLabel('Название').fill('Гол в девятку');
  await page.getByLabel('Ссылка на видео').fill('https://example.com/watch?v=1');
  await page.getByRole('dialog').getByRole('button', { name: 'Создать' }).click();
  const refusal = page.getByRole('dialog').getByText(/^Ссылка на видео: принимаются только ссылки/);
  await expect(refusal).toBeVisible();
  expect(await page.getByRole('dialog').innerText()).not.toContain('embed_url');

  // Several photos at once; a file that is not an image, or over 5 MB, is refused with the spec's message.
  await rpc(page, 'create_team_photo_section', { team_id: team.id, title: 'Тренировки' });
  await page.goto(`${portal.url}/teams/${team.id}/photos`);
  const photos = page.getByLabel('Добавить фото');
  await photos.setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG },
    { name: 'two.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByText('Загружено')).toHaveCount(2);
  await expect(page.getByText('Добавлено 2 фото')).toBeVisible();
  await expect(page.locator('.photo-grid img')).toHaveCount(2);
  await photos.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') });
  await expect(page.getByText('Можно загружать только изображения')).toBeVisible();
  await photos.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('Файл слишком большой (макс. 5MB)')).toBeVisible();
  await expect(page.locator('.photo-grid img')).toHaveCount(2);
});

test('on a phone the header is one row; every page has its own title', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByCode(portal, page, 'phone.user@example.com', 'Игорь Телефонов');
  await page.goto(`${portal.url}/teams`);
  const header = page.getByRole('banner');
  // The app's header: index.html's frame shows the logo alone until the app has drawn the page.
  await expect(header.getByRole('button', { name: 'Меню' })).toBeVisible();
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThan(70);
  for (const part of [header.getByRole('link', { name: 'Трибуна — на главную' }), header.getByRole('link', { name: 'Игорь Телефонов' }), header.getByRole('button', { name: 'Меню' })]) {
    const b = (await part.boundingBox())!;
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
  }
  await header.getByRole('button', { name: 'Меню' }).click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Команды' })).toBeVisible();
  await expect(page.locator('#mobile-menu').getByRole('button', { name: 'Выйти' })).toBeVisible();

  const titles: Record<string, string> = {
    '/teams': 'Команды — Трибуна',
    '/players': 'Игроки — Трибуна',
    '/login': 'Вход — Трибуна',
    '/teams/00000000-0000-4000-8000-000000000000': 'Команда не найдена — Трибуна',
    '/no/such/page': 'Страница не найдена — Трибуна',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(`${portal.url}${path}`);
    await expect(page).toHaveTitle(title);
  }
  await context.close();
});
