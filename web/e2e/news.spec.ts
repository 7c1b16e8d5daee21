// News end to end: written with the editor (Markdown shortcuts, a code block, an uploaded picture), the
// draft found again after leaving, published, liked and rated by another reader, made private and gone
// for that reader; every stored-XSS payload of the corpus rendered without a script running; and the
// link preview of a news page in the HTML the server sends.
import { XSS_PAYLOADS } from '@tribuna/portal/testing/xss-corpus';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { call, PNG, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

/** A new browser window signed in by the e-mail code flow. */
async function signedIn(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, email, name);
  return page;
}

test('write news with the editor, find the draft again, publish; a reader likes and rates it; made private, it is gone for them', async ({ browser }) => {
  test.setTimeout(120_000);
  const author = await signedIn(browser, 'news.author@example.com', 'Алексей Смирнов');
  await author.goto(`${portal.url}/news`);
  await author.getByRole('link', { name: 'Создать новость' }).click();
  await expect(author).toHaveURL(/\/news\/create$/);

  await author.getByLabel('Заголовок').fill('Северные волки выиграли кубок');
  const editor = author.getByRole('textbox', { name: 'Текст новости' });
  await editor.click();
  // Markdown shortcuts: **…** makes bold, ``` and a space a code block; Enter three times leaves it.
  await author.keyboard.type('Финал: **победа** со счётом 3:1');
  await author.keyboard.press('Enter');
  await author.keyboard.type('``` ');
  await author.keyboard.type('score = 3');
  for (let i = 0; i < 3; i++) await author.keyboard.press('Enter');
  await author.keyboard.type('Фото с награждения:');
  await expect(author.getByRole('button', { name: 'Жирный' })).toHaveAttribute('aria-pressed', 'false');

  await author.getByRole('button', { name: 'Вставить изображение' }).click();
  const dialog = author.getByRole('dialog', { name: 'Вставка изображения' });
  await dialog.getByLabel('Изображение').setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('img.upload-preview')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);
  await dialog.getByLabel('Описание изображения').fill('Кубок');
  await dialog.getByRole('button', { name: 'Вставить' }).click();
  await expect(dialog).toBeHidden();

  // The live preview shows the sanitised text as it will look.
  const preview = author.locator('.news-preview-box');
  await expect(preview.locator('strong')).toHaveText('победа');
  await expect(preview.locator('pre code')).toHaveText('score = 3');
  await expect(preview.locator('img')).toHaveAttribute('alt', 'Кубок');

  // The draft is kept every 5 seconds: leave the site, come back, and it is there.
  await expect
    .poll(() => author.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tribuna.news-draft.')).length), { timeout: 10_000 })
    .toBe(1);
  await author.goto('about:blank');
  await author.goto(`${portal.url}/news/create`);
  await expect(author.getByText('Черновик восстановлен')).toBeVisible();
  await expect(author.getByLabel('Заголовок')).toHaveValue('Северные волки выиграли кубок');
  await expect(editor.locator('strong')).toHaveText('победа');
  await expect(editor.locator('pre code')).toHaveText('score = 3');
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/);

  await author.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(author.getByText('Новость "Северные волки выиграли кубок" успешно создана.')).toBeVisible();
  await expect(author).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  const newsUrl = author.url();
  await expect(author.getByRole('heading', { level: 1, name: 'Северные волки выиграли кубок' })).toBeVisible();
  const body = author.locator('.news-body');
  await expect(body.locator('strong')).toHaveText('победа');
  await expect(body.locator('pre code')).toHaveText('score = 3');
  await expect.poll(() => body.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(author.locator('.news-details')).toContainText('Алексей Смирнов');
  // Published, the draft is gone.
  await author.goto(`${portal.url}/news/create`);
  await expect(author.getByLabel('Заголовок')).toHaveValue('');
  await expect(author.getByText('Черновик восстановлен')).toBeHidden();

  // Another reader likes and rates it; both stay after a reload.
  const reader = await signedIn(browser, 'news.reader@example.com', 'Мария Иванова');
  await reader.goto(newsUrl);
  const heart = reader.getByRole('button', { name: /^Нравится/ });
  await expect(heart).toHaveAccessibleName('Нравится: 0');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Нравится: 1');
  await reader.getByRole('radiogroup', { name: /Ваша оценка/ }).getByRole('radio', { name: '4' }).click();
  await expect(reader.getByText('4,0 · 1 оценка')).toBeVisible();
  await reader.reload();
  await expect(reader.getByRole('button', { name: 'Нравится: 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reader.getByRole('radio', { name: '4' })).toHaveAttribute('aria-checked', 'true');
  await reader.goto(`${portal.url}/news`);
  await expect(reader.getByRole('link', { name: 'Северные волки выиграли кубок' })).toBeVisible();

  // The author makes it private: the reader no longer finds it, in the list or at its address.
  await author.goto(newsUrl);
  await author.getByRole('checkbox', { name: 'Опубликовать для всех' }).uncheck();
  await expect(author.getByText('Новость теперь видна только вам')).toBeVisible();
  await expect(author.getByText('Приватная')).toBeVisible();
  await reader.reload();
  await expect(reader.getByText('Новостей не найдено')).toBeVisible();
  await reader.goto(newsUrl);
  await expect(reader.getByRole('heading', { name: 'Новость не найдена' })).toBeVisible();
});

declare global {
  interface Window {
    xssRuns: string[];
  }
}

test('no payload of the stored-XSS corpus runs a script on the news pages or in the list', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, 'news.xss@example.com', 'Проверка Безопасности');
  const session = await sessionOf(page);
  const ids: string[] = [];
  for (const [i, description] of XSS_PAYLOADS.entries()) {
    ids.push((await call<{ id: string }>(portal, session, 'create_news', { name: `Проверка ${i + 1}`, description })).id);
  }
  // The payloads call alert(): a dialog, and a record here; CSP would report an inline script it refused.
  await page.addInitScript(() => {
    window.xssRuns = [];
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      window[name] = ((...args: unknown[]) => void window.xssRuns.push(`${name}(${args.join(',')})`)) as never;
    }
    document.addEventListener('securitypolicyviolation', (e) => window.xssRuns.push(`CSP ${e.effectiveDirective} ${e.blockedURI}`));
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const expectHarmless = async (where: string) => {
    expect(await page.evaluate(() => window.xssRuns), where).toEqual([]);
    expect(dialogs, where).toEqual([]);
    const dangerous = await page.evaluate(() =>
      [...document.querySelectorAll('.news-html, .news-html *')].flatMap((el) => [
        ...(['SCRIPT', 'STYLE', 'OBJECT', 'EMBED', 'FORM', 'SVG', 'MATH', 'BASE', 'META', 'LINK'].includes(el.tagName.toUpperCase()) ? [el.tagName] : []),
        ...[...el.attributes].filter((a) => /^on|^style$|^srcdoc$/i.test(a.name) || /^\s*(javascript|data|vbscript):/i.test(a.value)).map((a) => `${el.tagName}[${a.name}]`),
      ]),
    );
    expect(dangerous, where).toEqual([]);
  };

  for (const [i, id] of ids.entries()) {
    await page.goto(`${portal.url}/news/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Проверка ${i + 1}` })).toBeVisible();
    await expectHarmless(XSS_PAYLOADS[i]);
  }
  await page.goto(`${portal.url}/news?only_mine=true&limit=50`);
  await expect(page.getByRole('link', { name: `Проверка ${ids.length}`, exact: true })).toBeVisible();
  // Each «Показать еще» waits for its page to arrive: the button shows again only while more follow.
  const cards = page.getByRole('link', { name: /^Проверка \d+$/ });
  const more = page.getByRole('button', { name: 'Показать еще' });
  while (await more.isVisible()) {
    const shown = await cards.count();
    await more.click();
    await expect(cards).not.toHaveCount(shown);
  }
  await expect(page.getByRole('link', { name: 'Проверка 1', exact: true })).toBeVisible();
  await expectHarmless('the list');
});

test('a news page previews when shared: its title, text and first picture are in the HTML the server sends', async ({ browser }) => {
  const page = await signedIn(browser, 'news.preview@example.com', 'Алексей Смирнов');
  const session = await sessionOf(page);
  const file = (await call<{ uuid: string }>(portal, session, 'upload_file', { content: PNG.toString('base64'), format: 'image/png' })).uuid;
  const news = await call<{ id: string }>(portal, session, 'create_news', {
    name: 'Победа «Волков» в финале',
    description: '<p>Счёт <b>3:1</b>, голы забили Смолов и Головин.</p>',
  });
  await call(portal, session, 'add_news_media', { news_id: news.id, file_id: file });
  const html = await (await fetch(`${portal.url}/news/${news.id}`)).text();
  const meta = (key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  expect(html).toContain('<title>Победа «Волков» в финале — Трибуна</title>');
  expect(meta('og:title')).toBe('Победа «Волков» в финале');
  expect(meta('og:description')).toBe('Счёт 3:1, голы забили Смолов и Головин.');
  expect(meta('description')).toBe('Счёт 3:1, голы забили Смолов и Головин.');
  expect(meta('og:image')).toBe(`${portal.url}/uploads/${file}`);
  expect(meta('og:type')).toBe('article');
  expect(meta('twitter:card')).toBe('summary_large_image');

  // The page itself still runs and titles itself the same way.
  await page.goto(`${portal.url}/news/${news.id}`);
  await expect(page).toHaveTitle('Победа «Волков» в финале — Трибуна');

  // Made private, the item previews as the plain site.
  await call(portal, session, 'update_news', { id: news.id, is_public: false });
  const plain = await (await fetch(`${portal.url}/news/${news.id}`)).text();
  expect(plain).not.toContain('og:title');
  expect(plain).not.toContain('Волков');
});
