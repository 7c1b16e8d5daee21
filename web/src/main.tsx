import '@fontsource/inter/cyrillic-400.css';
import '@fontsource/inter/cyrillic-700.css';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-700.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers.tsx';
import { startOfflineCache } from './app/pwa/offline.ts';
import { router } from './app/router.tsx';
import { trackPageView } from './features/metrics/api/track-metrics.ts';
import { realtime, startRealtime } from './lib/nakama/realtime.ts';
import { sessionManager } from './lib/nakama/session.ts';
import { forgetChatsOnUserChange, startChatChannels } from './shared/api/chat-channels.ts';
import { bindRealtimeCache } from './shared/api/realtime.ts';

sessionManager.start().then(
  () => trackPageView(),
  (err) => console.error('Не удалось создать сессию', err),
);
// Socket events update the query cache; the socket is open while a signed-in user's session lasts.
bindRealtimeCache(realtime, queryClient, () => sessionManager.getSnapshot().session?.user_id);
// Every chat of the user is joined on each connection, so its messages arrive live.
startChatChannels(realtime, queryClient);
forgetChatsOnUserChange(sessionManager, queryClient);
startRealtime();
// Signing out, this device stops getting the account's pushes.
sessionManager.addLogoutStep(() => import('./shared/lib/web-push.ts').then((push) => push.disableDevicePush()));
// Offline, the pages shown before keep their last data (app/pwa/).
startOfflineCache();
// The service worker (the built app only): after the page, so it takes nothing from its start.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./app/pwa/register-sw.ts')
      .then((sw) => sw.registerServiceWorker((path) => void router.navigate(path)))
      .catch((err: unknown) => console.error('Не удалось зарегистрировать service worker', err));
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      {/* flushSync: address changes asked for at once (useAddressParams) are not deferred as transitions. */}
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </Providers>
  </StrictMode>,
);
