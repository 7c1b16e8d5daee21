import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: RosterPage } = await import('./roster-page.tsx');

const tp = (id: string, last: string, extra: Record<string, unknown>) => ({
  id, team_id: 't1', player_id: `p-${id}`, user_id: 'u', creator_id: 'u', field_role: 0, team_role: 0, number: Number(id),
  is_main_squad: false, is_confirmed: true, player: { first_name: 'И', last_name: last }, ...extra,
});

let canManage = true;
const roster = [
  tp('1', 'Заявкин', { is_confirmed: false }),
  tp('2', 'Вратарёв', { field_role: 1 }),
  tp('3', 'Защитников', { field_role: 2 }),
  tp('4', 'Основной', { field_role: 4, is_main_squad: true }),
];

beforeEach(() => {
  rpc.mockReset();
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', viewer: { can_manage: canManage } };
    if (id === 'list_team_players') return { team_players: roster };
    return {};
  });
});

describe('roster board', () => {
  it("announces dragging in Russian by the player's name, never an id", async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    const chip = await screen.findByTestId('player-p-2');
    expect(chip).toHaveAccessibleDescription(
      'Чтобы взять игрока, нажмите пробел или Enter. Стрелки переносят его между колонками основного состава, пробел или Enter оставляют его в колонке, Esc отменяет перенос.',
    );
    chip.focus();
    await user.keyboard(' ');
    const live = await screen.findByText('Игрок Вратарёв И взят.');
    expect(live.closest('[aria-live]')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Перенос отменён, игрок Вратарёв И остался на месте.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/draggable|role-\d|Picked up|Draggable item/i);
  });

  it('lists requests with "Добавить", which approves as non-main with the chosen role (Substitute by default)', async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    expect(await screen.findByText('Заявки на вступление')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Амплуа: Заявкин И' })).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(rpc).toHaveBeenCalledWith('approve_team_player', { id: '1', field_role: 5, is_main_squad: false });
  });

  it('filters the pool by role, shows main players in their column, and "Убрать" returns them to the pool', async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    await screen.findByText('Вратарёв И');
    expect(screen.getByText('Защитников И')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Вратари' }));
    expect(screen.queryByText('Защитников И')).not.toBeInTheDocument();
    const forwards = screen.getByTestId('column-4');
    expect(within(forwards).getByText('Основной И')).toBeInTheDocument();
    await user.click(within(forwards).getByRole('button', { name: /^Убрать: / }));
    expect(rpc).toHaveBeenCalledWith('approve_team_player', { id: '4', is_main_squad: false });
  });

  it('moves a pool player to a role column with the keyboard-friendly menu, keeping the number', async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'В основной состав: Вратарёв И' }), '1');
    expect(rpc).toHaveBeenCalledWith('approve_team_player', { id: '2', field_role: 1, is_main_squad: true, number: 2 });
  });

  it('marks the column when the move fails', async () => {
    canManage = true;
    rpc.mockImplementation(async (id: string) => {
      if (id === 'get_team') return { id: 't1', viewer: { can_manage: true } };
      if (id === 'list_team_players') return { team_players: roster };
      throw new Error('refused');
    });
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'В основной состав: Вратарёв И' }), '3');
    expect(await within(screen.getByTestId('column-3')).findByText('Не удалось перенести игрока')).toBeInTheDocument();
    expect(screen.getByTestId('column-3')).toHaveClass('error');
  });

  it('is read-only for those who do not manage the team', async () => {
    canManage = false;
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    await screen.findByText('Вратарёв И');
    expect(screen.queryByText('Заявки на вступление')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Убрать/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /В основной состав/ })).not.toBeInTheDocument();
  });
});
