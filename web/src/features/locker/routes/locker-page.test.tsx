import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: LockerPage } = await import('./locker-page.tsx');
const { BURST_MS } = await import('../use-move-burst.ts');

const formations = [
  { id: 'f1', teamId: 't1', name: 'default', isDefault: true },
  { id: 'f2', teamId: 't1', name: 'Формация 2', isDefault: false },
];
const players = [{ id: 'tp1', player_id: 'p1', number: 7, field_role: 3, is_confirmed: true, player: { first_name: 'Пётр', last_name: 'Бенчев' } }];
const second = { id: 'tp2', player_id: 'p2', number: 8, field_role: 2, is_confirmed: true, player: { first_name: 'Олег', last_name: 'Защитин' } };
const long = { id: 'tp3', player_id: 'p3', number: 77, field_role: 4, is_confirmed: true, player: { first_name: 'Александр', last_name: 'Константинопольский' } };

function server(overrides: Record<string, (payload: Record<string, unknown>) => unknown> = {}) {
  rpc.mockImplementation(async (id: string, payload: Record<string, unknown>) => {
    if (overrides[id]) return overrides[id](payload);
    if (id === 'get_team') return { id: 't1', name: 'Спартак', viewer: { can_manage: true, is_member: true } };
    if (id === 'list_team_formations') return { formations };
    if (id === 'list_team_player_positions') return { positions: [] };
    if (id === 'list_team_players') return { team_players: players };
    return {};
  });
}

// jsdom lays nothing out and has no ResizeObserver; the pitch's height is measured with one.
beforeAll(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
afterAll(() => {
  vi.unstubAllGlobals();
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
  it("shows the team's first formation, stored as 'default', as «Основная»", async () => {
    server();
    open();
    const select = await screen.findByLabelText('Формация');
    const options = [...(select as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('Основная');
    expect(options).not.toContain('default');
    expect(select).toHaveValue('f1');
  });

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

  it('tells non-members the locker room is for the team only, without asking for it', async () => {
    server({ get_team: () => ({ id: 't1', viewer: { can_manage: false, is_member: false } }) });
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    expect(await screen.findByText('Раздевалка доступна только игрокам команды.')).toBeInTheDocument();
    expect(rpc.mock.calls.map((c) => c[0])).toEqual(['get_team']);
  });

  it('says the same when the server refuses a member who has just left', async () => {
    server({ list_team_formations: () => { throw new ApiError(403, 7, 'denied'); } });
    renderPage(<LockerPage />, '/teams/t1/locker', '/teams/:teamId/locker');
    expect(await screen.findByText('Раздевалка доступна только игрокам команды.')).toBeInTheDocument();
  });

  it('lets a manager delete the formation shown, after a confirmation naming it, but never the last one', async () => {
    server({ delete_team_formation: () => ({}) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Удалить формацию' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить формацию «default»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_formation', { id: 'f1' });
    expect(await screen.findByText('Формация «default» удалена')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the only formation, and offers deleting to managers only', async () => {
    server({ list_team_formations: () => ({ formations: [formations[0]] }) });
    const { unmount } = open();
    expect(await screen.findByRole('button', { name: 'Удалить формацию' })).toBeDisabled();
    unmount();
    server({ get_team: () => ({ id: 't1', viewer: { can_manage: false, is_member: true } }) });
    open();
    await screen.findByTestId('pitch');
    expect(screen.queryByRole('button', { name: 'Удалить формацию' })).not.toBeInTheDocument();
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

  it('reports a move that could not be saved, by the player\'s name, and shows the saved place again', async () => {
    server({
      list_team_player_positions: () => ({ positions: [{ id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.5, y: 0.5 }] }),
      update_team_player_position: fail,
    });
    open();
    const token = await screen.findByTestId('token-p1');
    fireEvent.keyDown(token, { key: 'ArrowRight' });
    expect(rpc).not.toHaveBeenCalledWith('update_team_player_position', expect.anything());
    await waitFor(() => expect(token).toHaveAttribute('data-x', '0.520'));
    // Saved once the keys rest; the failure names the player and the saved place comes back.
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Ошибка при сохранении позиции Бенчев Пётр');
    expect(rpc).toHaveBeenCalledWith('update_team_player_position', { id: 'pos1', x: 0.52, y: 0.5 });
    await waitFor(() => expect(screen.getByTestId('token-p1')).toHaveAttribute('data-x', '0.500'));
  });

  it('saves a burst of arrow presses once, with one toast, when the keys rest', async () => {
    server({
      list_team_player_positions: () => ({ positions: [{ id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.5, y: 0.5 }] }),
      update_team_player_position: (p) => ({ teamId: 't1', formationId: 'f1', playerId: 'p1', ...p }),
    });
    open();
    const token = await screen.findByTestId('token-p1');
    vi.useFakeTimers();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight']) {
      fireEvent.keyDown(token, { key });
      await act(() => vi.advanceTimersByTimeAsync(BURST_MS / 2));
    }
    // The player moves at once; nothing is saved while the keys are pressed.
    expect(token).toHaveAttribute('data-x', '0.560');
    expect(token).toHaveAttribute('data-y', '0.520');
    expect(rpc).not.toHaveBeenCalledWith('update_team_player_position', expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(BURST_MS / 2));
    await settle();
    expect(rpc.mock.calls.filter((c) => c[0] === 'update_team_player_position')).toEqual([
      ['update_team_player_position', { id: 'pos1', x: 0.56, y: 0.52 }],
    ]);
    expect(screen.getAllByText('Позиция игрока Бенчев Пётр сохранена')).toHaveLength(1);
    // The next press after a rest is a new burst.
    fireEvent.keyDown(token, { key: 'ArrowUp' });
    await act(() => vi.advanceTimersByTimeAsync(BURST_MS));
    await settle();
    expect(rpc).toHaveBeenLastCalledWith('update_team_player_position', { id: 'pos1', x: 0.56, y: 0.5 });
  });

  it('counts every arrow press, even those that come before the pitch has re-rendered', async () => {
    server({
      list_team_player_positions: () => ({ positions: [{ id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.5, y: 0.5 }] }),
      update_team_player_position: (p) => ({ teamId: 't1', formationId: 'f1', playerId: 'p1', ...p }),
    });
    open();
    const token = await screen.findByTestId('token-p1');
    // Five presses in one go: the token element still shows the old place between them.
    for (let i = 0; i < 5; i++) token.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await waitFor(() => expect(token).toHaveAttribute('data-x', '0.600'));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('update_team_player_position', { id: 'pos1', x: 0.6, y: 0.5 }), { timeout: 3000 });
  });

  it('saves a burst at once when another player is moved, and keeps moves on the pitch', async () => {
    server({
      list_team_players: () => ({ team_players: [...players, second] }),
      list_team_player_positions: () => ({
        positions: [
          { id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.99, y: 0.5 },
          { id: 'pos2', teamId: 't1', formationId: 'f1', playerId: 'p2', x: 0.5, y: 0.01 },
        ],
      }),
      update_team_player_position: (p) => p,
    });
    open();
    const first = await screen.findByTestId('token-p1');
    vi.useFakeTimers();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByTestId('token-p2'), { key: 'ArrowUp' });
    await settle();
    expect(rpc).toHaveBeenCalledWith('update_team_player_position', { id: 'pos1', x: 1, y: 0.5 });
    expect(rpc).not.toHaveBeenCalledWith('update_team_player_position', expect.objectContaining({ id: 'pos2' }));
    await act(() => vi.advanceTimersByTimeAsync(BURST_MS));
    await settle();
    expect(rpc).toHaveBeenCalledWith('update_team_player_position', { id: 'pos2', x: 0.5, y: 0 });
  });

  it('labels tokens by last name (with an initial when two share it), the full name in the title and the accessible name', async () => {
    const namesake = { ...second, player: { first_name: 'Анна', last_name: 'Бенчев' } };
    server({
      list_team_players: () => ({ team_players: [...players, namesake, long] }),
      list_team_player_positions: () => ({
        positions: [
          { id: 'pos1', teamId: 't1', formationId: 'f1', playerId: 'p1', x: 0.05, y: 0.5 },
          { id: 'pos2', teamId: 't1', formationId: 'f1', playerId: 'p2', x: 0.95, y: 0.95 },
          { id: 'pos3', teamId: 't1', formationId: 'f1', playerId: 'p3', x: 0.5, y: 0.5 },
        ],
      }),
    });
    open();
    const token = await screen.findByRole('button', { name: '7 Бенчев Пётр' });
    const label = (el: HTMLElement) => el.parentElement!.querySelector('.token-name')!;
    expect(label(token)).toHaveTextContent('Бенчев П.');
    expect(label(token)).toHaveAttribute('title', 'Бенчев Пётр');
    // Near a side line the name hangs inwards; near the bottom line it goes above the token.
    expect(token.parentElement).toHaveClass('label-start');
    const corner = screen.getByRole('button', { name: '8 Бенчев Анна' });
    expect(label(corner)).toHaveTextContent('Бенчев А.');
    expect(corner.parentElement).toHaveClass('label-end', 'label-above');
    expect(label(screen.getByRole('button', { name: '77 Константинопольский Александр' }))).toHaveTextContent(/^Константинопольский$/);
    expect(token).toHaveAccessibleDescription('Выберите игрока на скамейке и нажмите на поле, чтобы поставить его. '
      + 'Игроков можно и перетаскивать: со скамейки на поле и по полю. Стрелки двигают выбранного игрока, Delete убирает его с поля.');
  });

  it('announces dragging in Russian by the player\'s name, never an id', async () => {
    server();
    const user = userEvent.setup();
    open();
    const chip = await screen.findByTestId('bench-p1');
    expect(chip).toHaveAccessibleDescription(
      'Чтобы взять игрока, нажмите пробел или Enter. Стрелки перемещают его, пробел или Enter ставят его на поле, Esc отменяет перемещение.',
    );
    expect(chip).not.toHaveAttribute('aria-roledescription');
    chip.focus();
    await user.keyboard(' ');
    const live = await screen.findByText('Игрок Бенчев Пётр поднят.');
    expect(live.closest('[aria-live]')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Перемещение отменено, игрок Бенчев Пётр остался на месте.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('bench:p1');
    expect(document.body.textContent).not.toMatch(/draggable/i);
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
    await user.click(within(screen.getByTestId('pitch')).getByRole('button', { name: 'Убрать: Бенчев Пётр' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_player_position', { id: 'pos1' });
    expect(await screen.findByTestId('bench-p1')).toHaveTextContent('Бенчев Пётр');
    expect(screen.queryByTestId('token-p1')).not.toBeInTheDocument();
  });
});
