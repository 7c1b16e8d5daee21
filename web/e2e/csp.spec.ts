// The Content-Security-Policy the server sends with the app: every main page, a signed-in user's pages,
// an avatar upload (blob: preview, /uploads image), team videos embedded from the allowed hosts, and the
// news pages (the editor, sanitised descriptions with a player, the gallery viewer) must run without one
// violation. The players cannot load here (no internet), but a frame the policy refused
// would still be reported.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { PNG, signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
test.beforeAll(async () => {
  portal = await startPortal();
});
test.afterAll(async () => {
  await portal?.close();
});

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** A page that records the policy's violations: the DOM events and Chromium's console reports. */
async function watchedPage(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const reports: string[] = [];
  page.on('console', (msg) => {
    // Only the portal's own documents: an embedded player's policy is its own business.
    if (/Content[- ]Security[- ]Policy/i.test(msg.text()) && msg.location().url.startsWith(portal.url)) reports.push(msg.text());
  });
  return async () => [...(await page.evaluate(() => window.cspViolations)), ...reports];
}

async function visit(page: Page, violations: () => Promise<string[]>, path: string): Promise<void> {
  await page.goto(portal.url + path);
  await page.waitForLoadState('networkidle');
  // The app has drawn the page (index.html's frame has no footer).
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await violations(), path).toEqual([]);
}

/** An RPC as the signed-in user of the page, straight to the server. */
async function rpc<T>(page: Page, id: string, input: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tribuna.token'));
  const res = await fetch(`${portal.url}/v2/rpc/${id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify(JSON.stringify(input)),
  });
  expect(res.status, id).toBe(200);
  return JSON.parse(((await res.json()) as { payload: string }).payload) as T;
}

// The walk is four tests on one server, so that none of them holds the whole of it within one test's time.
test.describe.configure({ mode: 'serial' });

test('a guest\'s pages run under the Content-Security-Policy', async ({ page }) => {
  const violations = await watchedPage(page);
  const res = await page.goto(portal.url);
  expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
  for (const path of ['/', '/teams', '/players', '/news', '/news/create', '/login', '/registration', '/about', '/map', '/no/such/page']) {
    await visit(page, violations, path);
  }
});

/** The signed-in user's browser state and their team, made by the tests before the ones that use them. */
let signedIn: BrowserContextOptions['storageState'];
let team: { id: string } | undefined;

/** A page signed in as the user the test before signed in (a code is mailed once a minute at most). */
async function signedInPage(browser: Browser): Promise<Page> {
  expect(signedIn, 'signed in by the test before').toBeDefined();
  return (await browser.newContext({ storageState: signedIn })).newPage();
}

test('a user\'s pages and an avatar upload run under the policy', async ({ page }) => {
  const violations = await watchedPage(page);
  // The profile with an avatar upload (a blob: preview, then the image from /uploads).
  await signInByCode(portal, page, 'csp.user@example.com');
  signedIn = await page.context().storageState();
  for (const path of ['/schedule', '/players/create', '/teams/create', '/user/profile']) await visit(page, violations, path);
  await page.getByLabel('Аватар').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  const avatar = page.locator('img.upload-preview');
  // A refused image makes the upload fail: the violation is the failure worth reading, so it comes first.
  const uploaded = await expect(avatar).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}$/).then(() => true, () => false);
  expect(await violations()).toEqual([]);
  expect(uploaded).toBe(true);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);
});

test('a team\'s pages and its videos from each allowed host run under the policy', async ({ browser }) => {
  const page = await signedInPage(browser);
  const violations = await watchedPage(page);
  await visit(page, violations, '/');
  team = await rpc<{ id: string }>(page, 'create_team', { name: 'Политика безопасности' });
  const section = await rpc<{ id: string }>(page, 'create_team_video_section', { team_id: team.id, title: 'Матчи' });
  const links = ['https://youtu.be/dQw4w9WgXcQ', 'https://vk.com/video-1_2', `https://rutube.ru/video/${'a'.repeat(32)}/`];
  for (const [i, embed_url] of links.entries()) {
    await rpc(page, 'create_team_video', { team_id: team.id, section_id: section.id, title: `Видео ${i + 1}`, embed_url });
  }
  for (const sub of ['', '/news', '/roster', '/join', '/schedule', '/photos', '/locker', '/locker3d', '/about']) {
    await visit(page, violations, `/teams/${team.id}${sub}`);
  }

  await page.goto(`${portal.url}/teams/${team.id}/videos`);
  const frames = page.locator('iframe.video-frame');
  await expect(frames).toHaveCount(links.length);
  for (const frame of await frames.all()) {
    await frame.scrollIntoViewIfNeeded();
    // Loaded or failed (no internet), the frame has been tried: a refusal by the policy is reported by then.
    await (await (await frame.elementHandle())!.contentFrame())!.waitForLoadState('load');
  }
  expect(await frames.evaluateAll((els) => els.map((e) => new URL((e as HTMLIFrameElement).src).origin))).toEqual([
    'https://www.youtube.com',
    'https://vk.com',
    'https://rutube.ru',
  ]);
  expect(await violations()).toEqual([]);
  await page.context().close();
});

test('the news pages run under the policy: the editor, a player, a picture and its viewer', async ({ browser }) => {
  const page = await signedInPage(browser);
  const violations = await watchedPage(page);
  await visit(page, violations, '/');
  const teamId = team?.id;
  expect(teamId, 'the team made by the test before').toBeDefined();
  // News: the editor with its toolbar, preview and image dialog; an item with a player, a picture and its viewer.
  await visit(page, violations, '/news/create');
  await page.getByRole('textbox', { name: 'Текст новости' }).click();
  await page.keyboard.type('**Жирный** и `код`');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> цитата');
  await page.getByRole('button', { name: 'Блок кода' }).click();
  await page.getByRole('button', { name: 'Отменить' }).click();
  await page.getByRole('button', { name: 'Вставить изображение' }).click();
  await page.getByRole('dialog').getByLabel('Изображение').setInputFiles({ name: 'goal.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('dialog').locator('img.upload-preview')).toHaveAttribute('src', /^\/uploads\//);
  await page.getByRole('dialog').getByRole('button', { name: 'Вставить' }).click();
  await expect(page.locator('.news-preview-box img')).toBeVisible();
  expect(await violations()).toEqual([]);

  const file = (await rpc<{ uuid: string }>(page, 'upload_file', { content: PNG.toString('base64'), format: 'image/png' })).uuid;
  const news = await rpc<{ id: string }>(page, 'create_news', {
    name: 'Новость с видео',
    description: `<p>Текст</p><p>https://youtu.be/dQw4w9WgXcQ</p><p><img src="/uploads/${file}"></p>`,
    team_id: teamId,
  });
  await rpc(page, 'add_news_media', { news_id: news.id, file_id: file });
  for (const path of ['/news', `/news/${news.id}`, `/news/${news.id}/edit`, `/teams/${teamId}/news`, '/']) await visit(page, violations, path);
  await page.goto(`${portal.url}/news/${news.id}`);
  const player = page.locator('.news-body iframe');
  await expect(player).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
  await (await (await player.elementHandle())!.contentFrame())!.waitForLoadState('load');
  await page.getByRole('button', { name: 'Открыть фото 1' }).click();
  await expect(page.getByRole('dialog').locator('img')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.context().close();
});
