import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const me = vi.hoisted(() => ({ id: 'u-1' }));
vi.mock('../../../stores/session.ts', () => ({ useSession: () => ({ status: 'ready', session: { user_id: me.id } }), useAuthenticated: () => true }));

const { Component: PlayerPage } = await import('./player-page.tsx');

const PLAYER = {
  id: '5c3e0f3a-0000-4000-8000-000000000001', first_name: 'Игорь', last_name: 'Акинфеев', creator_id: 'u-1', goals: 3, matches: 12,
  avatar_id: 'f-1', create_time: '2026-03-01T10:00:00Z', update_time: '2026-03-01T10:00:00Z',
};

beforeEach(() => {
  me.id = 'u-1';
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_player') return PLAYER;
    if (id === 'list_team_players') {
      return { team_players: [
        { id: 'tp-1', team_id: 't1', player_id: PLAYER.id, number: 1, field_role: 1, team_role: 1, is_confirmed: true, is_main_squad: true },
        { id: 'tp-2', team_id: 't2', player_id: PLAYER.id, number: 35, field_role: 0, team_role: 0, is_confirmed: false, is_main_squad: false },
      ] };
    }
    if (id === 'list_teams') return { teams: (p.ids as string[]).map((t) => ({ id: t, name: t === 't1' ? 'ЦСКА' : 'Сборная', avatar_id: undefined })) };
    if (id === 'update_player') return { ...PLAYER, ...p };
    return {};
  });
});

const open = () => renderPage(<PlayerPage />, `/players/${PLAYER.id}`, '/players/:id');

describe('player page', () => {
  it('shows the photo, name, goals and matches and the teams with number and role, and no ids', async () => {
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Акинфеев Игорь' })).toBeInTheDocument();
    expect(document.title).toBe('Акинфеев Игорь — Трибуна');
    expect(container.querySelector('.player-photo')).toHaveAttribute('src', '/uploads/f-1');
    expect(screen.getByText('Голы').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Матчи').nextSibling).toHaveTextContent('12');
    const teams = await screen.findByRole('list', { name: 'Команды' });
    const cska = within(teams).getByRole('link', { name: /ЦСКА/ });
    expect(cska).toHaveAttribute('href', '/teams/t1');
    expect(cska).toHaveTextContent('№ 1 · Вратарь · Администратор');
    expect(cska).toHaveTextContent('Основной состав');
    expect(within(teams).getByRole('link', { name: /Сборная/ })).toHaveTextContent('№ 35 · амплуа не выбрано');
    expect(within(teams).getByRole('link', { name: /Сборная/ })).toHaveTextContent('Заявка ждёт одобрения');
    expect(container.textContent).not.toContain(PLAYER.id);
    expect(container.textContent).not.toContain('f-1');
  });

  it('lets the creator edit the player', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
    expect(screen.getByLabelText('Фамилия')).toHaveValue('Акинфеев');
    await user.type(screen.getByLabelText('Отчество'), 'Владимирович');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('update_player', { id: PLAYER.id, first_name: 'Игорь', middle_name: 'Владимирович', last_name: 'Акинфеев', avatar_id: 'f-1' }),
    );
    expect(await screen.findByText('Изменения сохранены')).toBeInTheDocument();
  });

  it('lets the creator delete the player after confirming, and goes to the list', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить игрока?' });
    expect(dialog).toHaveTextContent('Игрок «Акинфеев Игорь» будет удалён');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/players'));
    expect(rpc).toHaveBeenCalledWith('delete_player', { id: PLAYER.id });
  });

  it('shows no edit or delete to others', async () => {
    me.id = 'someone-else';
    open();
    await screen.findByRole('heading', { level: 1, name: 'Акинфеев Игорь' });
    expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });

  it('offers a way back when the player does not exist', async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Игрок не найден.'));
    open();
    expect(await screen.findByRole('heading', { name: 'Игрок не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку игроков' })).toHaveAttribute('href', '/players');
  });
});
