// Pages of different features that read the same server call share its cache entry: one page's data must
// be what the other expects (list_players {only_mine}: the join page, then the profile, and back).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from '../lib/router/index.tsx';
import { ToastProvider } from '../shared/ui/toast.tsx';

const rpc = vi.fn();
vi.mock('../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../lib/nakama/account.ts', () => ({
  getAccount: async () => ({ user: { id: 'u1', username: 'fan' }, wallet: {} }),
  updateAccount: async () => undefined,
}));
const snapshot = { status: 'ready', guest: false, session: { expires_at: Date.now() / 1000 + 3600 } };
vi.mock('../lib/nakama/session.ts', () => ({ sessionManager: { subscribe: () => () => {}, getSnapshot: () => snapshot } }));

const { Component: JoinPage } = await import('../features/roster/routes/join-page.tsx');
const { Component: ProfilePage } = await import('../features/profile/routes/profile-page.tsx');

const PLAYERS = [
  { id: 'p1', first_name: 'Иван', last_name: 'Петров', creator_id: 'u1', goals: 0, matches: 0 },
  { id: 'p2', first_name: 'Олег', last_name: 'Сидоров', creator_id: 'u1', goals: 0, matches: 0 },
];

beforeEach(() => {
  rpc.mockReset();
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', name: 'Спартак', team_type: 0, viewer: { has_player: false, can_manage: false, can_join: true } };
    if (id === 'list_players') return { players: PLAYERS };
    if (id === 'get_team_free_number') return { number: 3 };
    // The join page also reads the team's roster and the user's invitation to it.
    if (id === 'list_team_players') return { team_players: [] };
    if (id === 'list_my_team_invitations') return { invitations: [] };
    throw new Error(`unexpected RPC ${id}`);
  });
});

/** Both pages in one router over one QueryClient, as in the app. */
function openApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/teams/:teamId/join', element: <JoinPage /> },
      { path: '/user/profile', element: <ProfilePage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

describe('one cache entry per server call', () => {
  it('the join page, then the profile: the profile lists the players the join page loaded', async () => {
    const { router } = openApp('/teams/t1/join');
    expect(await screen.findByRole('radio', { name: 'Петров Иван' })).toBeInTheDocument();
    await act(() => router.navigate('/user/profile'));
    expect(await screen.findByRole('link', { name: /^Сидоров Олег/ })).toHaveAttribute('href', '/players/p2');
    expect(screen.getByRole('link', { name: /^Петров Иван/ })).toBeInTheDocument();
  });

  it('the profile, then the join page: the join page offers the players the profile loaded', async () => {
    const { router } = openApp('/user/profile');
    expect(await screen.findByRole('link', { name: /^Петров Иван/ })).toBeInTheDocument();
    await act(() => router.navigate('/teams/t1/join'));
    expect(await screen.findByRole('radio', { name: 'Сидоров Олег' })).toBeInTheDocument();
  });

  it('both pages ask list_players the same way, so they share one key', async () => {
    const { router, queryClient } = openApp('/teams/t1/join');
    await screen.findByRole('radio', { name: 'Петров Иван' });
    await act(() => router.navigate('/user/profile'));
    await screen.findByRole('link', { name: /^Петров Иван/ });
    const calls = rpc.mock.calls.filter((c) => c[0] === 'list_players');
    expect(new Set(calls.map((c) => JSON.stringify(c[1]))).size).toBe(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['players'] })).toHaveLength(1);
  });
});
