// Every link of the header, the footer and the home page leads to a page of the app.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from '../lib/router/index.tsx';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../shared/ui/toast.tsx';

vi.mock('../lib/nakama/rpc.ts', () => ({ rpc: async () => ({ news: [], matches: [], streams: [], tournaments: [] }) }));
vi.mock('../lib/nakama/account.ts', () => ({ getAccount: async () => ({ user: { id: 'u', username: 'u', display_name: 'Ольга' }, wallet: {} }) }));
const snapshot = { status: 'ready', guest: false, session: { expires_at: Date.now() / 1000 + 3600, user_id: 'u' } };
vi.mock('../lib/nakama/session.ts', () => ({
  sessionManager: { subscribe: () => () => {}, getSnapshot: () => snapshot, logout: async () => {}, current: async () => ({}) },
}));

const { router } = await import('./router.tsx');

describe('links of the header, footer and home page', () => {
  it('each leads to a route of the app (not the "not found" page)', async () => {
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    const memory = createMemoryRouter(router.routes, { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <RouterProvider router={memory} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('Ближайшие турниры');
    const internal = [...document.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href')!);
    expect(internal).toEqual(expect.arrayContaining(['/', '/news', '/tournaments', '/teams', '/matches', '/broadcasts', '/tv-schedule', '/buyCoins', '/termsOfUse', '/about', '/user/profile']));
    const missing = [...new Set(internal)].filter((href) => {
      const path = href.split(/[?#]/)[0];
      const matched = matchRoutes(router.routes, path) ?? [];
      return matched.at(-1)?.route.path === '*';
    });
    expect(missing).toEqual([]);
  });
});
