import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => true }));

const { Component: TeamCreatePage } = await import('./team-create-page.tsx');

const open = () => renderPage(<TeamCreatePage />, '/teams/create', '/teams/create');
/** Runs due timers and pending promises without moving the fake clock. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

// A block body: a function returned from beforeEach would run as its teardown.
beforeEach(() => {
  rpc.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('team creation', () => {
  it('requires a name: "Введите название команды", and nothing is sent', async () => {
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Название'), '   ');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Введите название команды')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('says the team is created and opens /teams/{id} after exactly 1 second', async () => {
    vi.useFakeTimers();
    rpc.mockResolvedValue({ id: 'team-7', name: 'Спартак' });
    const { router } = open();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: ' Спартак ' } });
    fireEvent.change(screen.getByLabelText('Тип команды'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await settle();
    expect(rpc).toHaveBeenCalledWith('create_team', { name: 'Спартак', description: '', team_type: 1, avatar_id: undefined });
    expect(screen.getByText('Команда "Спартак" успешно создана.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/teams/create');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/teams/team-7');
  });

  it('reports a failed creation with the spec text and stays', async () => {
    rpc.mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    const { router } = open();
    await user.type(screen.getByLabelText('Название'), 'Спартак');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Ошибка при создании команды.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teams/create');
  });
});
