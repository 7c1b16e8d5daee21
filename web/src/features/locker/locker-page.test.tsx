import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';
import { renderPage } from '../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: LockerPage } = await import('./locker-page.tsx');

const formations = [
  { id: 'f1', teamId: 't1', name: 'default', isDefault: true },
  { id: 'f2', teamId: 't1', name: 'Формация 2', isDefault: false },
];
const players = [{ id: 'tp1', player_id: 'p1', number: 7, field_role: 3, is_confirmed: true, player: { first_name: 'Пётр', last_name: 'Бенчев' } }];

function server(overrides: Record<string, (payload: Record<string, unknown>) => unknown> = {}) {
  rpc.mockImplementation(async (id: string, payload: Record<string, unknown>) => {
    if (overrides[id]) return overrides[id](payload);
    if (id === 'get_team') return { id: 't1', viewer: { can_manage: true } };
    if (id === 'list_team_formations') return { formations };
    if (id === 'list_team_player_positions') return { positions: [] };
    if (id === 'list_team_players') return { team_players: players };
    return {};
  });
}

// jsdom has no pointer capture; the pitch takes it when a token is pressed.
const capture = { set: HTMLElement.prototype.setPointerCapture, release: HTMLElement.prototype.releasePointerCapture };
beforeAll(() => {
  HTMLElement.prototype.setPointerCapture = () => {};
  HTMLElement.prototype.releasePointerCapture = () => {};
});
afterAll(() => {
  HTMLElement.prototype.setPointerCapture = capture.set;
  HTMLElement.prototype.releasePointerCapture = capture.release;
});

// Block bodies: a function returned from a hook would run as its teardown.
beforeEach(() => {
  rpc.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const open = () => renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
const fail = () => {
  throw new Error('offline');
};
/** Runs due timers and pending promises without moving the fake clock. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

describe('locker room', () => {
  it('creates "Формация N" as the default and says so for 3 seconds', async () => {
    server({ create_team_formation: () => ({ id: 'f3', teamId: 't1', name: 'Формация 3', isDefault: true }) });
    const user = userEvent.setup();
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    await user.selectOptions(await screen.findByLabelText('Формация'), 'Создать новую формацию');
    expect(rpc).toHaveBeenCalledWith('create_team_formation', { teamId: 't1', name: 'Формация 3', isDefault: true });
    expect(await screen.findByText('Новая формация создана и установлена как дефолтная')).toBeInTheDocument();
  });

  it('choosing a formation makes it the default; a failure is reported', async () => {
    server({ update_team_formation: () => { throw new Error('no'); } });
    const user = userEvent.setup();
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    await user.selectOptions(await screen.findByLabelText('Формация'), 'f2');
    expect(rpc).toHaveBeenCalledWith('update_team_formation', { id: 'f2', isDefault: true });
    expect(await screen.findByText('Ошибка при смене формации')).toBeInTheDocument();
  });

  it('places a bench player only after choosing one, with the position clamped to the pitch', async () => {
    server({ create_team_player_position: (p) => ({ id: 'pos1', ...p }) });
    const user = userEvent.setup();
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    const pitch = await screen.findByTestId('pitch');
    await user.click(pitch);
    expect(rpc).not.toHaveBeenCalledWith('create_team_player_position', expect.anything());
    await user.click(screen.getByRole('button', { name: /Бенчев Пётр/ }));
    await user.click(pitch);
    expect(rpc).toHaveBeenCalledWith('create_team_player_position', expect.objectContaining({ teamId: 't1', formationId: 'f1', playerId: 'p1' }));
    const call = rpc.mock.calls.find((c) => c[0] === 'create_team_player_position')!;
    expect(call[1].x).toBeGreaterThanOrEqual(0);
    expect(call[1].x).toBeLessThanOrEqual(1);
    expect(await screen.findByText('Позиция игрока Бенчев Пётр сохранена')).toBeInTheDocument();
  });

  it('tells non-members the locker room is for the team only', async () => {
    server({ list_team_formations: () => { throw new ApiError(403, 7, 'denied'); } });
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    expect(await screen.findByText('Раздевалка доступна только игрокам команды.')).toBeInTheDocument();
  });

  it('reports a failed new formation', async () => {
    server({ create_team_formation: fail });
    const user = userEvent.setup();
    open();
    await user.selectOptions(await screen.findByLabelText('Формация'), 'Создать новую формацию');
    expect(rpc).toHaveBeenCalledWith('create_team_formation', { teamId: 't1', name: 'Формация 3', isDefault: true });
    expect(await screen.findByText('Ошибка при создании новой формации')).toBeInTheDocument();
  });

  it('says a chosen formation is saved as the default, and the toast goes after 3 seconds', async () => {
    server({ update_team_formation: (p) => ({ ...formations[1], ...p }) });
    open();
    const select = await screen.findByLabelText('Формация');
    vi.useFakeTimers();
    fireEvent.change(select, { target: { value: 'f2' } });
    await settle();
    expect(rpc).toHaveBeenCalledWith('update_team_formation', { id: 'f2', isDefault: true });
    expect(screen.getByText('Формация выбрана и сохранена как дефолтная')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Формация выбрана и сохранена как дефолтная')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Формация выбрана и сохранена как дефолтная')).not.toBeInTheDocument();
  });

  it('an error toast goes after 3 seconds too', async () => {
    server({ create_team_formation: fail });
    open();
    const select = await screen.findByLabelText('Формация');
    vi.useFakeTimers();
    fireEvent.change(select, { target: { value: '__new__' } });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Ошибка при создании новой формации');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Ошибка при создании новой формации')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Ошибка при создании новой формации')).not.toBeInTheDocument();
  });

  it('reports a position that could not be saved, by the player\'s name', async () => {
    server({ create_team_player_position: fail });
    const user = userEvent.setup();
    open();
    const pitch = await screen.findByTestId('pitch');
    await user.click(screen.getByRole('button', { name: /Бенчев Пётр/ }));
    await user.click(pitch);
    expect(await screen.findByText('Ошибка при сохранении позиции Бенчев Пётр')).toBeInTheDocument();
  });

  it('reports a move that could not be saved, by the player\'s name', async () => {
    server({
      list_team_player_positions: () => ({ positions: [{ id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.5, y: 0.5 }] }),
      update_team_player_position: fail,
    });
    const user = userEvent.setup();
    open();
    (await screen.findByTestId('token-p1')).focus();
    await user.keyboard('{ArrowRight}');
    expect(rpc).toHaveBeenCalledWith('update_team_player_position', { id: 'pos1', x: 0.52, y: 0.5 });
    expect(await screen.findByText('Ошибка при сохранении позиции Бенчев Пётр')).toBeInTheDocument();
  });

  it('"Убрать" deletes the position and the player goes back to the bench', async () => {
    let positions = [{ id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.4, y: 0.6 }];
    server({
      list_team_player_positions: () => ({ positions }),
      delete_team_player_position: (p) => {
        positions = positions.filter((x) => x.id !== p.id);
        return {};
      },
    });
    const user = userEvent.setup();
    open();
    const token = await screen.findByTestId('token-p1');
    expect(screen.getByText('Все игроки на поле.')).toBeInTheDocument();
    expect(screen.queryByTestId('bench-p1')).not.toBeInTheDocument();
    await user.click(token);
    await user.click(within(screen.getByTestId('pitch')).getByRole('button', { name: 'Убрать' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_player_position', { id: 'pos1' });
    expect(await screen.findByTestId('bench-p1')).toHaveTextContent('Бенчев Пётр');
    expect(screen.queryByTestId('token-p1')).not.toBeInTheDocument();
  });
});
