import { expect, test } from '@playwright/test';
import { enterCode, GOOGLE_ACCOUNT, mailedCode, PNG, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

test('a first visit gets a guest session from a device id', async ({ page }) => {
  await page.goto(portal.url);
  await expect(page.getByRole('heading', { name: 'Следите за любимыми командами' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tribuna.token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const storage = await page.evaluate(() => ({ ...localStorage }));
  expect(storage['tribuna.is_guest']).toBe('true');
  expect(storage['tribuna.device_id']).toMatch(/^[0-9a-f-]{36}$/);
  // The same device id after a reload: one guest account per browser.
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tribuna.device_id'))).toBe(storage['tribuna.device_id']);
});

test('e-mail code login: the mail arrives, the code signs in, logout returns to a guest', async ({ page }) => {
  await page.goto(`${portal.url}/login`);
  await page.getByRole('button', { name: 'Код на электронную почту' }).click();
  await page.getByLabel('Электронная почта').fill('fan.one@example.com');
  const send = page.getByRole('button', { name: 'Получить код' });
  await expect(send).toBeDisabled();
  await page.getByRole('checkbox').check();
  await send.click();
  await expect(page.getByText('Код отправлен на вашу почту')).toBeVisible();
  await page.getByLabel('Код из письма').fill(await mailedCode(portal, 'fan.one@example.com'));
  await page.getByRole('button', { name: 'Войти' }).click();
  // A first sign-in asks for the name others will see; it is kept everywhere.
  await expect(page.getByRole('heading', { name: 'Как вас называть?' })).toBeVisible();
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('fan.one');
  await page.getByLabel('Имя', { exact: true }).fill('Фёдор Болельщиков');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL(`${portal.url}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Фёдор Болельщиков' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tribuna.is_guest'))).toBe('false');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page.getByRole('link', { name: 'Войти' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tribuna.is_guest'))).toBe('true');
});

test('registration: the mailed code confirms the address, and the account can create teams', async ({ page }) => {
  const email = 'new.member@example.com';
  await page.goto(`${portal.url}/registration`);
  await page.getByLabel('Имя пользователя').fill('new_member');
  await page.getByLabel('Пароль', { exact: true }).fill('my-password-1');
  await page.getByLabel('Повторите пароль').fill('my-password-1');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText(`Мы отправили код на ${email}.`, { exact: false })).toBeVisible();
  // Not signed in until the address is confirmed.
  expect(await page.evaluate(() => localStorage.getItem('tribuna.is_guest'))).toBe('true');
  await page.getByLabel('Код из письма').fill(await mailedCode(portal, email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await page.waitForURL(`${portal.url}/user/profile`);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  // Shown by the username chosen at registration until a display name is set.
  await expect(page.getByRole('heading', { level: 1, name: 'new_member' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tribuna.is_guest'))).toBe('false');
  await page.goto(`${portal.url}/teams/create`);
  await page.getByLabel('Название').fill('Команда новичка');
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Команда "Команда новичка" успешно создана.')).toBeVisible();
});

test('Google login through the provider redirect and the callback page', async ({ page }) => {
  await page.goto(`${portal.url}/login`);
  const google = page.getByRole('button', { name: 'Войти через Google' });
  await expect(google).toBeEnabled();
  await google.click();
  await page.waitForURL(`${portal.url}/`);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await page.goto(`${portal.url}/user/profile`);
  await expect(page.getByRole('heading', { level: 1, name: GOOGLE_ACCOUNT.name })).toBeVisible();
});

test('the Google callback without a code says so', async ({ page }) => {
  await page.goto(`${portal.url}/auth/google/callback`);
  await expect(page.getByText('Код авторизации Google не найден в адресе страницы')).toBeVisible();
});

test('profile: edit the fields and upload an avatar; they are there after a reload', async ({ page }) => {
  await signInByCode(portal, page, 'profile.user@example.com');
  await page.goto(`${portal.url}/user/profile`);
  await expect(page.getByText('Локация не указана')).toBeVisible();
  await expect(page.getByText('У вас пока нет игроков.')).toBeVisible();
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByLabel('Отображаемое имя').fill('Капитан Иванов');
  await page.getByLabel('Язык').selectOption('ru-RU');
  await page.getByLabel('Локация').fill('Казань');
  await page.getByLabel('Часовой пояс').selectOption('Europe/Moscow');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Профиль сохранён')).toBeVisible();

  // A new avatar is shown first and saved only when confirmed.
  const avatar = page.locator('img.upload-preview');
  await page.getByLabel('Аватар').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Аватар обновлён')).toBeVisible();
  await expect(page.locator('img.header-avatar')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Капитан Иванов' })).toBeVisible();
  await expect(page.getByText('Казань')).toBeVisible();
  await expect(page.getByText('Москва', { exact: true })).toBeVisible();
  const src = await avatar.getAttribute('src');
  const res = await page.request.get(`${portal.url}${src}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
});

test('player creation from the profile, then the player page', async ({ page }) => {
  await signInByCode(portal, page, 'player.owner@example.com');
  await page.goto(`${portal.url}/user/profile`);
  await page.getByRole('link', { name: 'Создать игрока' }).click();
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByText('Введите имя')).toBeVisible();
  await page.getByLabel('Имя', { exact: true }).fill('Лев');
  await page.getByLabel('Отчество').fill('Иванович');
  await page.getByLabel('Фамилия').fill('Яшин');
  await page.getByLabel('Фото').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('img.upload-preview')).toHaveAttribute('src', /^\/uploads\//);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page.getByRole('heading', { name: 'Яшин Лев Иванович' })).toBeVisible();
  await expect(page).toHaveURL(/\/players\/[0-9a-f-]{36}$/);
  await page.goto(`${portal.url}/user/profile`);
  await expect(page.getByRole('link', { name: /^Яшин Лев Иванович/ })).toBeVisible();
  await page.goto(`${portal.url}/players`);
  await expect(page.getByRole('link', { name: /^Яшин Лев Иванович/ })).toBeVisible();
});

test('unknown addresses show the not-found page', async ({ page }) => {
  await page.goto(`${portal.url}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('a first visit to any page logs no router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text());
  });
  // Each address opened afresh: the first load of a lazy page is when the router would warn.
  for (const path of ['/teams', '/players', '/login', '/registration', '/about', '/no/such/page']) {
    await page.goto(`${portal.url}${path}`);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
  }
  expect(warnings.filter((w) => /react router|HydrateFallback|No routes matched/i.test(w))).toEqual([]);
});

test('signing in from a page returns to that page', async ({ page }) => {
  const email = 'returning.fan@example.com';
  await page.goto(`${portal.url}/teams?team_type=1`);
  await page.getByRole('link', { name: 'Войти' }).first().click();
  await expect(page).toHaveURL(`${portal.url}/login?next=${encodeURIComponent('/teams?team_type=1')}`);
  await enterCode(portal, page, email);
  await expect(page).toHaveURL(`${portal.url}/teams?team_type=1`);
  // A next= leading off the site is ignored.
  await page.goto(`${portal.url}/login?next=${encodeURIComponent('//evil.example/')}`);
  await expect(page.getByRole('link', { name: 'Зарегистрироваться' }).last()).toHaveAttribute('href', '/registration');
});
