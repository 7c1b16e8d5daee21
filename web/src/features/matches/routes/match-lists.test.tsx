import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { match, page } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: MatchesPage } = await import('./matches-page.tsx');
const { Component: TeamMatchesPage } = await import('./team-matches-page.tsx');

/** An IntersectionObserver the test drives: `reach()` brings the watched element into sight. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
class FakeObserver {
  entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    observers.splice(observers.indexOf(this.entry), 1);
  }
}
const reach = () =>
  act(() => {
    for (const o of [...observers]) o.callback(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver);
  });

beforeEach(() => {
  session.userId = '';
  rpc.mockReset();
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the matches list', () => {
  it('shows upcoming matches first, 20 a page by cursor as the end comes within 300 px, then says there are no more', async () => {
    rpc.mockImplementation(async (_id: string, p: { cursor?: string }) => (p.cursor ? page(20, 3) : page(0, 20, 'c1')));
    renderPage(<MatchesPage />, '/matches');
    const list = await screen.findByRole('list', { name: 'Предстоящие матчи' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, period: 'upcoming' });
    expect(screen.getByRole('button', { name: 'Предстоящие' })).toHaveAttribute('aria-pressed', 'true');
    expect(observers[0].options?.rootMargin).toBe('0px 0px 300px 0px');
    expect(screen.queryByText('Больше матчей нет')).not.toBeInTheDocument();

    await reach();
    expect(await screen.findByText('Больше матчей нет')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, period: 'upcoming', cursor: 'c1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(23);
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it('shows past matches, newest first as the server orders them, on the other button, kept in the address', async () => {
    rpc.mockImplementation(async (_id: string, p: { period: string }) =>
      p.period === 'past' ? { matches: [match(7, { match_time: '2026-10-01T15:00:00.000Z' })] } : { matches: [] },
    );
    const { router } = renderPage(<MatchesPage />, '/matches');
    expect(await screen.findByText('Предстоящих матчей нет.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Прошедшие' }));
    const list = await screen.findByRole('list', { name: 'Прошедшие матчи' });
    expect(router.state.location.search).toBe('?period=past');
    expect(rpc).toHaveBeenLastCalledWith('list_matches', { limit: 20, period: 'past' });
    expect(within(list).getByRole('link', { name: /^Северные волки\s?—\s?Южные медведи$/ })).toHaveAttribute('href', '/matches/m7');
    expect(screen.getByRole('button', { name: 'Прошедшие' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Предстоящие' }));
    expect(await screen.findByText('Предстоящих матчей нет.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when there are no past matches', async () => {
    rpc.mockResolvedValue({ matches: [] });
    renderPage(<MatchesPage />, '/matches?period=past');
    expect(await screen.findByText('Прошедших матчей пока нет.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, period: 'past' });
  });

  it('shows both teams, the colon and the match time, not when it was created; a team that is gone by its id', async () => {
    rpc.mockResolvedValue({ matches: [match(1), match(2, { guest_team: undefined, guest_team_id: 'deleted-team-id' })] });
    renderPage(<MatchesPage />, '/matches');
    const card = (await screen.findByRole('link', { name: /^Северные волки\s?—\s?Южные медведи$/ })).closest('article')!;
    expect(card).toHaveTextContent('Северные волки');
    expect(card).toHaveTextContent(':');
    expect(within(card).getByText('С севера')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/av1');
    expect(card).toHaveTextContent('Время матча: 5 декабря 2026 г.');
    expect(card).not.toHaveTextContent('Создан');
    expect(card).not.toHaveTextContent('20 ноября');
    expect(screen.getByRole('link', { name: /^Северные волки\s?—\s?deleted-team-id$/ })).toHaveAttribute('href', '/matches/m2');
    expect(screen.getByText('Больше матчей нет')).toBeInTheDocument();
  });

  it('offers "Создать матч" to signed-in users only', async () => {
    rpc.mockResolvedValue({ matches: [] });
    const first = renderPage(<MatchesPage />, '/matches');
    expect(await screen.findByText('Предстоящих матчей нет.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Создать матч' })).not.toBeInTheDocument();
    first.unmount();
    session.userId = 'u1';
    renderPage(<MatchesPage />, '/matches');
    expect(await screen.findByRole('link', { name: 'Создать матч' })).toHaveAttribute('href', '/matches/create');
  });
});

describe("a team's matches", () => {
  it('asks for the team on both sides, upcoming or past, and links the create page', async () => {
    session.userId = 'u1';
    rpc.mockImplementation(async (_id: string, p: { period: string }) => (p.period === 'upcoming' ? page(0, 2) : { matches: [] }));
    renderPage(<TeamMatchesPage />, '/teams/t-wolves/matches', '/teams/:teamId/matches');
    const list = await screen.findByRole('list', { name: 'Предстоящие матчи' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, period: 'upcoming', owner_team_id: 't-wolves', guest_team_id: 't-wolves' });
    expect(screen.getByRole('link', { name: 'Создать матч' })).toHaveAttribute('href', '/matches/create?team_id=t-wolves');
    await userEvent.click(screen.getByRole('button', { name: 'Прошедшие' }));
    expect(await screen.findByText('У команды пока нет прошедших матчей.')).toBeInTheDocument();
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, period: 'past', owner_team_id: 't-wolves', guest_team_id: 't-wolves' }),
    );
  });

  it('says when the team has no upcoming matches', async () => {
    rpc.mockResolvedValue({ matches: [] });
    renderPage(<TeamMatchesPage />, '/teams/t-wolves/matches', '/teams/:teamId/matches');
    expect(await screen.findByText('У команды нет предстоящих матчей.')).toBeInTheDocument();
  });
});
