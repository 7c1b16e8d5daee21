import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => true }));

const { Component: PlayerCreatePage } = await import('./player-create-page.tsx');

describe('player creation', () => {
  it('requires first and last name, then creates and opens the player page', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(<PlayerCreatePage />, '/players/create', '/players/create');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Введите имя')).toBeInTheDocument();
    expect(screen.getByText('Введите фамилию')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    rpc.mockResolvedValueOnce({ id: 'p-1', first_name: 'Иван', last_name: 'Петров' });
    await user.type(screen.getByLabelText('Имя'), ' Иван ');
    await user.type(screen.getByLabelText('Фамилия'), 'Петров');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/players/p-1'));
    expect(rpc).toHaveBeenCalledWith('create_player', { first_name: 'Иван', middle_name: undefined, last_name: 'Петров', avatar_id: undefined });
  });

  it('returns to the page it was opened from, a path of this site only', async () => {
    const user = userEvent.setup();
    rpc.mockResolvedValue({ id: 'p-2', first_name: 'Олег', last_name: 'Сидоров' });
    const fill = async () => {
      await user.type(screen.getByLabelText('Имя'), 'Олег');
      await user.type(screen.getByLabelText('Фамилия'), 'Сидоров');
      await user.click(screen.getByRole('button', { name: 'Создать' }));
    };
    const back = '/teams/t1/join?token=abc';
    const { router, unmount } = renderPage(<PlayerCreatePage />, `/players/create?next=${encodeURIComponent(back)}`, '/players/create');
    await fill();
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(back));
    unmount();
    const other = renderPage(<PlayerCreatePage />, `/players/create?next=${encodeURIComponent('https://evil.example/x')}`, '/players/create');
    await fill();
    await vi.waitFor(() => expect(other.router.state.location.pathname).toBe('/players/p-2'));
  });
});
