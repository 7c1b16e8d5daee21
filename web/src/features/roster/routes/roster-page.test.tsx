import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const me = vi.hoisted(() => ({ id: 'someone' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useSession: () => ({ status: 'ready', guest: false, session: { user_id: me.id } }) }));
vi.mock('../../../shared/api/users.ts', () => ({ useUsers: () => ({}) }));

const { Component: RosterPage } = await import('./roster-page.tsx');

const tp = (id: string, last: string, extra: Record<string, unknown>) => ({
  id, team_id: 't1', player_id: `p-${id}`, user_id: 'u', creator_id: 'u', field_role: 0, team_role: 0, number: Number(id),
  is_main_squad: false, is_confirmed: true, player: { first_name: 'И', last_name: last }, ...extra,
});

let canManage = true;
const ROSTER = [
  tp('1', 'Заявкин', { is_confirmed: false }),
  tp('2', 'Вратарёв', { field_role: 1 }),
  tp('3', 'Защитников', { field_role: 2 }),
  tp('4', 'Основной', { field_role: 4, is_main_squad: true }),
];
let roster = [...ROSTER];

beforeEach(() => {
  rpc.mockReset();
  me.id = 'someone';
  roster = [...ROSTER];
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', name: 'Спартак', viewer: { can_manage: canManage } };
    if (id === 'list_team_players') return { team_players: roster };
    if (id === 'list_team_invitations') return { invitations: [] };
    return {};
  });
});

describe('roster board', () => {
  it("announces dragging in Russian by the player's name, never an id", async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    // The chip's number is its handle for the keyboard: a button of its own, named by number and player.
    const chip = within(await screen.findByTestId('player-p-2')).getByRole('button', { name: /^\d+ Вратарёв И: переместить$/ });
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
    expect(screen.queryByRole('button', { name: /^Покинуть/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /В основной состав/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Приглашения' })).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('list_team_invitations', expect.anything());
  });

  it('shows each player\'s picture (or the default one) and links the name to the player\'s page', async () => {
    canManage = false;
    roster[1] = { ...roster[1], player: { first_name: 'И', last_name: 'Вратарёв', avatar_id: 'face' } as never };
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    const link = await screen.findByRole('link', { name: 'Вратарёв И' });
    expect(link).toHaveAttribute('href', '/players/p-2');
    expect(screen.getByTestId('player-p-2').querySelector('img')).toHaveAttribute('src', '/uploads/face');
    expect(screen.getByTestId('player-p-3').querySelector('img')).toHaveAttribute('src', '/images/default-avatar.svg');
    expect(screen.getByRole('link', { name: 'Основной И' })).toHaveAttribute('href', '/players/p-4');
  });

  it('lets a manager remove a player after a confirmation that names them', async () => {
    canManage = true;
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    await user.click(await screen.findByRole('button', { name: 'Убрать из команды: Защитников И' }));
    const dialog = screen.getByRole('dialog', { name: 'Убрать игрока из команды?' });
    expect(dialog).toHaveTextContent('Игрок Защитников И больше не будет в составе команды');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(rpc).not.toHaveBeenCalledWith('reject_team_player', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Убрать из команды: Защитников И' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Убрать из команды' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('reject_team_player', { id: '3' }));
    expect(await screen.findByText('Игрок Защитников И убран из команды')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Приглашения' })).toBeInTheDocument();
  });

  it('lets a player\'s owner take only their own player off the team, wherever it stands', async () => {
    canManage = false;
    me.id = 'owner-of-4';
    roster[3] = { ...roster[3], user_id: 'owner-of-4' };
    const user = userEvent.setup();
    renderPage(<RosterPage />, '/teams/t1/roster', '/teams/:teamId/roster');
    const leave = await screen.findByRole('button', { name: 'Покинуть команду: Основной И' });
    expect(screen.getAllByRole('button', { name: /^Покинуть команду/ })).toHaveLength(1);
    await user.click(leave);
    const dialog = screen.getByRole('dialog', { name: 'Покинуть команду?' });
    expect(dialog).toHaveTextContent('Игрок Основной И больше не будет в команде «Спартак».');
    await user.click(within(dialog).getByRole('button', { name: 'Покинуть команду' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('reject_team_player', { id: '4' }));
  });
});
