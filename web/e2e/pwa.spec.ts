// The installable app: its manifest and icons, the service worker that controls the page and keeps the
// app working offline (a page visited shows its last data under a banner, another one the offline page),
// a new version offered rather than taken, the install prompt, and this device's Web Push from the profile.
// Headless Chromium reaches no real push service, so the page's PushManager is a stand-in that hands out a
// subscription with real keys pointing at a loopback receiver: the server's registration and its pushes
// are real, and the worker's push and notificationclick handlers are run by dispatching the events.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call, sessionOf, signInByCode, startPortal, type Portal } from './portal.ts';
import { quickUser } from './seed.ts';

test.use({ serviceWorkers: 'allow' });

const SHOTS = process.env.SHOTS_DIR;
const DIST = path.resolve(import.meta.dirname, '..', 'dist');

/** Pushes the server sends to the loopback receiver, by endpoint path. */
const received: Array<{ path: string; authorization: string }> = [];
const receiver = http.createServer((req, res) => {
  received.push({ path: req.url ?? '', authorization: String(req.headers.authorization ?? '') });
  req.resume();
  req.on('end', () => {
    res.writeHead(201);
    res.end();
  });
});

let portal: Portal;
let pushOrigin: string;
test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
  portal = await startPortal({ PUSH_ALLOWED_ORIGINS: pushOrigin });
});
test.afterAll(async () => {
  await portal?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Screenshots at 1366 and 390 px wide into SHOTS_DIR, when set; `target` is scrolled to the middle. */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await target?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 1000 });
}

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 20_000 }).toMatch(/\/sw\.js$/);
}

test('the manifest and its icons are served and valid, and the page links them', async ({ request, page }) => {
  const res = await request.get(`${portal.url}/manifest.webmanifest`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
  expect(manifest).toMatchObject({
    name: 'Трибуна',
    short_name: 'Трибуна',
    lang: 'ru',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b6e4f',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(portal.url + icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const body = await png.body();
    // The PNG's own width and height (IHDR) are the sizes the manifest says.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  await page.goto(portal.url);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b6e4f');
});

test('the service worker registers under the Content-Security-Policy and controls the page', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto(portal.url);
  expect(res!.headers()['content-security-policy']).toContain("worker-src 'self'");
  await controlled(page);
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(precached).toContain('/index.html');
  expect(precached.some((u) => /^\/assets\/index-.*\.js$/.test(u))).toBe(true);
  // The sample images stay out of the precache.
  expect(precached.filter((u) => u.startsWith('/images/'))).toEqual([]);
  expect(violations).toEqual([]);
});

test('offline, a page visited shows its last data under a banner, another one the offline page', async ({ page, context }) => {
  const owner = await quickUser(portal, 'Офлайн Владелец');
  await call(portal, owner, 'create_team', { name: 'Офлайн Ювелиры' });
  await page.goto(`${portal.url}/teams`);
  await controlled(page);
  await expect(page.getByText('Офлайн Ювелиры').first()).toBeVisible();
  // The answers are kept a moment after they come.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tribuna.offline-queries') ?? '')).toContain('Офлайн Ювелиры');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Офлайн Ювелиры').first()).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'Нет подключения к интернету' });
  await expect(banner).toContainText('могут быть устаревшими');
  await shoot(page, 'offline-stale-data');

  // Never opened here: the offline page, in Russian, not the browser's error.
  await page.goto(`${portal.url}/tournaments`);
  await expect(page.getByRole('heading', { name: 'Нет подключения к интернету' })).toBeVisible();
  await expect(page.getByText('Эту страницу вы ещё не открывали')).toBeVisible();
  await shoot(page, 'offline-page');
  // A link within the app to a page visited before shows it again.
  await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Команды' }).click();
  await expect(page.getByText('Офлайн Ювелиры').first()).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('the browser’s install offer becomes the app’s «Установить приложение»', async ({ page }) => {
  await page.goto(portal.url);
  // The app has drawn the page (index.html's frame has no footer).
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  const offer = page.getByRole('region', { name: 'Трибуна на главном экране' });
  // Offered once the visitor does something on the page, over the page: nothing under it moves.
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Установить приложение' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  const mainTop = await page.locator('main').evaluate((el) => el.getBoundingClientRect().top);
  await page.keyboard.press('Shift');
  await expect(offer).toBeVisible();
  expect(await page.locator('main').evaluate((el) => el.getBoundingClientRect().top)).toBe(mainTop);
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Установить приложение' })).toBeVisible();
  await shoot(page, 'install-prompt');
  await offer.getByRole('button', { name: 'Установить приложение' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(offer).toBeHidden();
});

/** A free loopback port, for a server that must come back on the same origin. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

async function appServer(dist: string, port: number, data: string): Promise<TestServer> {
  return startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { WEB_DIST: dist, DATA_DIR: data, PORT: String(port) } });
}

test('a new version waits until «Обновить» and then takes over', async ({ browser }: { browser: Browser }) => {
  // The app from a copy of the build, so a new version can be deployed under the same origin.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-pwa-dist-'));
  fs.cpSync(DIST, dist, { recursive: true });
  const data = tempDir('tribuna-pwa-');
  const port = await freePort();
  let server = await appServer(dist, port, data.dir);
  const context = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await controlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    await expect(page.getByText('Доступно обновление')).toBeHidden();

    // With the server gone, a page is still the app: the worker answers with the precached shell.
    await server.close();
    const shell = await page.goto(`${server.url}/teams`);
    expect(shell!.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeVisible();

    // A new deploy: the worker's bytes change.
    fs.appendFileSync(path.join(dist, 'sw.js'), `\n// ${crypto.randomUUID()}\n`);
    server = await appServer(dist, port, data.dir);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    const offer = page.getByRole('status').filter({ hasText: 'Доступно обновление' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    // Offered, not taken: the old worker still controls the page, the new one waits.
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(true);
    await shoot(page, 'update-offer');

    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Обновить' }).click();
    await reloaded;
    await controlled(page);
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())!.waiting)).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(first);
    await expect(page.getByText('Доступно обновление')).toBeHidden();
  } finally {
    await context.close();
    await server.close();
    data.remove();
    fs.rmSync(dist, { recursive: true, force: true });
  }
});

test('«Уведомления на устройстве» registers this device with the server, its pushes open their page, off unregisters', async ({ page, context }) => {
  // The device's keys, as a browser makes them: the server encrypts to them.
  const ecdh = crypto.createECDH('prime256v1');
  const device = {
    endpoint: `${pushOrigin}/push/${crypto.randomUUID()}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
  await context.grantPermissions(['notifications'], { origin: portal.url });
  await page.addInitScript((sub) => {
    // The page's PushManager hands out this subscription, kept across reloads as a browser keeps it; the
    // key it was asked for is checked by the test.
    const KEPT = 'test.push-key';
    const w = window as unknown as { pushKey?: number[] };
    const make = (key: number[]) => ({
      endpoint: sub.endpoint,
      options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEPT);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const kept = sessionStorage.getItem(KEPT);
      return kept ? (make(JSON.parse(kept) as number[]) as unknown as PushSubscription) : null;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      w.pushKey = [...new Uint8Array(options!.applicationServerKey as Uint8Array)];
      sessionStorage.setItem(KEPT, JSON.stringify(w.pushKey));
      return make(w.pushKey) as unknown as PushSubscription;
    };
  }, device);

  await signInByCode(portal, page, 'push.device@example.com', 'Пуш Тестов');
  const me = await sessionOf(page);
  await page.goto(`${portal.url}/user/profile`);
  await controlled(page);
  const toggle = page.getByRole('switch', { name: 'Уведомления на устройстве' });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Уведомления на этом устройстве включены')).toBeVisible();
  await shoot(page, 'profile-push-switch', page.locator('.device-push'));

  // Subscribed with the server's VAPID key.
  const { public_key } = await call<{ public_key: string }>(portal, me, 'get_push_public_key', {});
  expect(await page.evaluate(() => (window as unknown as { pushKey: number[] }).pushKey)).toEqual([...Buffer.from(public_key, 'base64url')]);

  // Registered: a friend request to the user is pushed to this device.
  const friend = await quickUser(portal, 'Друг Пушев');
  await portal.server.client().addFriends(friend, [me.user_id!]);
  await expect.poll(() => received.filter((r) => device.endpoint.endsWith(r.path)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(received.at(-1)!.authorization).toMatch(/^vapid t=/);

  // The worker shows a push as a notification, and a click on it opens the chat widget's friends tab.
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
  const shown = await worker.evaluate(async () => {
    // The worker's own types are not the page's: what is used of them.
    type EventOf = new (type: string, init: object) => Event;
    const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean; PushEvent: EventOf; NotificationEvent: EventOf };
    const data = JSON.stringify({ title: 'Друг Пушев', body: 'хочет добавить вас в друзья', url: '/?chat=friends' });
    try {
      sw.dispatchEvent(new sw.PushEvent('push', { data }));
    } catch {
      // waitUntil() refuses an event dispatched by a script; the handler has run.
    }
    for (let i = 0; i < 50; i++) {
      const list = await sw.registration.getNotifications();
      if (list.length) {
        const n = list[0];
        try {
          sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
        } catch {
          // As above.
        }
        return { title: n.title, body: n.body, data: n.data as unknown };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  });
  expect(shown).toEqual({ title: 'Друг Пушев', body: 'хочет добавить вас в друзья', data: { url: '/?chat=friends' } });
  await expect(page.getByRole('tab', { name: 'Друзья' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(`${portal.url}/`);

  // Off: unsubscribed here and unregistered at the server (which no longer knows the endpoint).
  await page.goto(`${portal.url}/user/profile`);
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Уведомления на этом устройстве выключены')).toBeVisible();
  const again = await portal.server.client().rpc(me, 'unregister_push_subscription', { endpoint: device.endpoint }).then(
    () => 200,
    (res: Response) => res.status,
  );
  expect(again).toBe(404);
});
