// The app's offline cache, kept for the session's user, and the hook the layout uses: the page to show
// offline, and each page shown online noted as visited. The answers' part (offline-cache.ts, with
// TanStack Query's dehydrate and hydrate) loads after the page's start.
import { useEffect } from 'react';
import { useLocation } from '../../lib/router/index.tsx';
import { sessionManager } from '../../lib/nakama/session.ts';
import { useSession } from '../../stores/session.ts';
import { queryClient } from '../providers.tsx';
import { useOnline, watchConnectionAndInstall } from './pwa-state.ts';
import { VisitedPages } from './visited-pages.ts';

const visited = new VisitedPages(window.localStorage, () => Date.now());
const user = () => sessionManager.getSnapshot().session?.user_id;

/** Keeps answers as they come, and puts the kept ones back whenever the connection is lost. */
export function startOfflineCache(): void {
  const cache = import('./offline-cache.ts').then(({ OfflineCache }) => {
    const c = new OfflineCache(queryClient, { storage: window.localStorage, now: () => Date.now(), user });
    c.start();
    return c;
  });
  const restore = () => void cache.then((c) => c.restore());
  // Before leaving, what came in the last second is kept too.
  window.addEventListener('pagehide', () => void cache.then((c) => c.save()));
  watchConnectionAndInstall(restore);
  // The session may be known only after a refresh: then the kept answers of its user are restored.
  sessionManager.subscribe(() => {
    if (!navigator.onLine) restore();
  });
}

/** Whether the page cannot be shown here: offline, and not shown online before. */
export function useOfflineWithoutPage(): boolean {
  const online = useOnline();
  const { pathname } = useLocation();
  const userId = useSession().session?.user_id;
  useEffect(() => {
    if (online && userId) visited.add(userId, pathname);
  }, [online, pathname, userId]);
  return !online && !visited.has(userId, pathname);
}
