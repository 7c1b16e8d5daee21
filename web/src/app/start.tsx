// The app itself (src/main.tsx starts it after the first frame): the session and the page view, the live
// side once signed in, the offline cache, the service worker, and the page drawn by the router.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '../lib/router/index.tsx';
import { Providers, queryClient } from './providers.tsx';
import { startOfflineCache } from './pwa/offline.ts';
import { router } from './router.tsx';
import { trackPageView } from '../features/metrics/api/track-metrics.ts';
import { sessionManager } from '../lib/nakama/session.ts';
import { signedInSession } from '../lib/nakama/session-timing.ts';

export function startApp(): void {
  sessionManager.start().then(
    () => trackPageView(),
    (err) => console.error('Не удалось создать сессию', err),
  );
  // Once signed in, the live side starts (app/live.ts): the socket, its events in the query cache, the chats.
  const stopWaitingForSignIn = sessionManager.subscribe(startLiveWhenSignedIn);
  startLiveWhenSignedIn();
  function startLiveWhenSignedIn() {
    if (!signedInSession(sessionManager.getSnapshot())) return;
    stopWaitingForSignIn();
    import('./live.ts').then(
      (live) => live.startLive(queryClient),
      (err: unknown) => console.error('Не удалось запустить обновления в реальном времени', err),
    );
  }
  // Signing out, this device stops getting the account's pushes.
  sessionManager.addLogoutStep(() => import('../shared/lib/web-push.ts').then((push) => push.disableDevicePush()));
  // Offline, the pages shown before keep their last data (app/pwa/).
  startOfflineCache();
  // The service worker (the built app only): after the page, so it takes nothing from its start.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => {
      void import('./pwa/register-sw.ts')
        .then((sw) => sw.registerServiceWorker((path) => void router.navigate(path)))
        .catch((err: unknown) => console.error('Не удалось зарегистрировать service worker', err));
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  // A transition: the first render yields to the browser every few milliseconds instead of holding it.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
