import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ authenticated: false }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated }));

const { Component: TeamsPage } = await import('./teams-page.tsx');

const TEAMS = [
  { id: 't0', name: 'Открытые', description: '', team_type: 0, member_count: 3 },
  { id: 't1', name: 'Закрытые', description: '', team_type: 1, member_count: 5 },
];

beforeEach(() => {
  session.authenticated = false;
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: { team_type?: number }) => {
    if (id === 'list_teams') return { teams: TEAMS.filter((t) => p.team_type === undefined || t.team_type === p.team_type) };
    return {};
  });
});

const open = () => renderPage(<TeamsPage />, '/teams', '/teams');
const teamCard = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) }).closest('li') as HTMLElement;

describe('teams list', () => {
  it('labels team type 0 Открытая and 1 Закрытая and links each title to its team', async () => {
    open();
    expect(await screen.findByRole('link', { name: /^Открытые/ })).toHaveAttribute('href', '/teams/t0');
    expect(screen.getByRole('link', { name: /^Закрытые/ })).toHaveAttribute('href', '/teams/t1');
    expect(within(teamCard('Открытые')).getByText('Открытая')).toBeInTheDocument();
    expect(within(teamCard('Закрытые')).getByText('Закрытая')).toBeInTheDocument();
  });

  it('filters by type: Открытая asks for team_type 0, Закрытая for 1, Все for none', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: /^Закрытые/ });
    expect(rpc).toHaveBeenLastCalledWith('list_teams', expect.not.objectContaining({ team_type: expect.anything() }));
    const filters = within(screen.getByRole('group', { name: 'Тип команды' }));

    await user.click(filters.getByRole('button', { name: 'Открытая' }));
    expect(rpc).toHaveBeenLastCalledWith('list_teams', expect.objectContaining({ team_type: 0 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Закрытые/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^Открытые/ })).toBeInTheDocument();
    expect(filters.getByRole('button', { name: 'Открытая' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(filters.getByRole('button', { name: 'Закрытая' }));
    expect(rpc).toHaveBeenLastCalledWith('list_teams', expect.objectContaining({ team_type: 1 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Открытые/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^Закрытые/ })).toBeInTheDocument();

    await user.click(filters.getByRole('button', { name: 'Все' }));
    expect(await screen.findByRole('link', { name: /^Открытые/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Закрытые/ })).toBeInTheDocument();
  });

  it('says when there are no teams at all, and when none are of the chosen type', async () => {
    const user = userEvent.setup();
    rpc.mockImplementation(async (id: string) => (id === 'list_teams' ? { teams: [] } : {}));
    open();
    expect(await screen.findByText('Команд пока нет.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Тип команды' })).getByRole('button', { name: 'Закрытая' }));
    expect(await screen.findByText('Команд этого типа нет.')).toBeInTheDocument();
    expect(screen.queryByText('Команд пока нет.')).not.toBeInTheDocument();
  });

  it('searches by the start of the name once typing pauses, keeping the search in the address', async () => {
    const user = userEvent.setup();
    rpc.mockImplementation(async (id: string, p: { name?: string }) =>
      id === 'list_teams' ? { teams: TEAMS.filter((t) => !p.name || t.name.toLowerCase().startsWith(p.name.toLowerCase())) } : {});
    const { router } = open();
    await screen.findByRole('link', { name: /^Закрытые/ });
    const box = screen.getByRole('searchbox', { name: 'Поиск по названию' });
    await user.type(box, ' зак');
    await waitFor(() => expect(rpc).toHaveBeenLastCalledWith('list_teams', expect.objectContaining({ name: 'зак' })));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('зак')}`);
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Открытые/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /^Закрытые/ })).toBeInTheDocument();

    await user.type(box, 'рытые команды');
    expect(await screen.findByText('Нет команд, название которых начинается с «закрытые команды».')).toBeInTheDocument();
    // Emptied, the search leaves the address and every team is back.
    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: /^Открытые/ })).toBeInTheDocument();
  });

  it('opens with the search of the address, and follows the address when it changes', async () => {
    const { router } = renderPage(<TeamsPage />, '/teams?q=%D0%BE%D1%82%D0%BA', '/teams');
    expect(await screen.findByRole('searchbox', { name: 'Поиск по названию' })).toHaveValue('отк');
    expect(rpc).toHaveBeenCalledWith('list_teams', expect.objectContaining({ name: 'отк' }));
    await act(() => router.navigate('/teams'));
    expect(screen.getByRole('searchbox', { name: 'Поиск по названию' })).toHaveValue('');
  });

  it('hides the create button from guests', async () => {
    open();
    await screen.findByRole('link', { name: /^Открытые/ });
    expect(screen.queryByRole('link', { name: 'Создать команду' })).not.toBeInTheDocument();
  });

  it('a signed-in user gets the create button, to /teams/create', async () => {
    session.authenticated = true;
    open();
    expect(await screen.findByRole('link', { name: 'Создать команду' })).toHaveAttribute('href', '/teams/create');
  });
});
