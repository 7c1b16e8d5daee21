// The service worker: the app's shell and its scripts and styles precached (the list is written in at
// build time), pages from the network first and the shell when it cannot be reached, a new version waiting
// until the app says to take over, and Web Push shown as notifications that open their page.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { isAppPage, readPush } from './push-message.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version controls the open pages at once; a later one waits for SKIP_WAITING (the app's
// «Обновить»), then takes them over too.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pages: the server's answer while it can be reached (its titles and link previews, its 404s); without a
// connection the precached shell, which shows what the app kept of the page or says it is offline.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw err;
    }
  },
);

// Images the pages showed (the site's own and uploads), kept as seen so an offline page has them too; the
// newest 150 for a month. They are not precached: most pages never show most of them.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && /^\/(images|uploads)\//.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'tribuna-images',
    plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('push', (event) => {
  const notice = readPush(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      lang: 'ru',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(openPage(path));
});

/**
 * Brings an open window of the app to the page (the app moves there itself, keeping its state), or opens
 * a new one there.
 */
async function openPage(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (own) {
    own.postMessage({ type: 'NAVIGATE', url: path });
    await own.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(new URL(path, self.location.origin).href);
}
