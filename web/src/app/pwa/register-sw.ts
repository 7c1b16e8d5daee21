// The service worker's registration, loaded after the page: a new version is offered («Доступно
// обновление») and taken into use only when the user says so (SKIP_WAITING to the waiting worker, which
// src/sw/sw.ts answers); the worker's NAVIGATE (a notification clicked while the app is open) moves the
// app to its page.
import { setPwaState } from './pwa-state.ts';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** A new version is installed and waits while this page uses the old one: offer it. */
function offer(worker: ServiceWorker): void {
  setPwaState({
    update: () => {
      // The new version controls the page once it activates; the page then loads its files.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    },
  });
}

export async function registerServiceWorker(navigate: (path: string) => void): Promise<void> {
  const sw = navigator.serviceWorker;
  sw.addEventListener('message', (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type === 'NAVIGATE' && typeof e.data.url === 'string' && e.data.url.startsWith('/')) navigate(e.data.url);
  });
  const registration = await sw.register('/sw.js');
  // The first version takes the page at once; only a later one, installed while a version controls the
  // page, is offered.
  if (registration.waiting && sw.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && sw.controller) offer(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
}
