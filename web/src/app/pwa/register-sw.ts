// The service worker's registration, loaded after the page: a new version is offered («Доступно
// обновление») and taken into use only when the user says so; the worker's NAVIGATE (a notification
// clicked while the app is open) moves the app to its page.
import { Workbox } from 'workbox-window';
import { setPwaState } from './pwa-state.ts';

/** How often an open app asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export async function registerServiceWorker(navigate: (path: string) => void): Promise<void> {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    setPwaState({
      update: () => {
        // The new version controls the page once it activates; the page then loads its files.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type === 'NAVIGATE' && typeof e.data.url === 'string' && e.data.url.startsWith('/')) navigate(e.data.url);
  });
  const registration = await wb.register();
  setInterval(() => void registration?.update().catch(() => undefined), CHECK_EVERY_MS);
}
