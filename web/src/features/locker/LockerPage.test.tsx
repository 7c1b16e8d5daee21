import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';
import { renderPage } from '../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: LockerPage } = await import('./LockerPage.tsx');

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

beforeEach(() => rpc.mockReset());

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
});
