import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: TeamAboutPage } = await import('./team-about-page.tsx');

const TEAM = {
  id: 't1', name: 'Спартак', description: 'Играем по субботам.\nНовичкам рады.', team_type: 1, rating: 4.5, member_count: 14,
  creator_id: 'u1', create_time: '2025-01-15T10:00:00Z', update_time: '2025-01-15T10:00:00Z',
  viewer: { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false },
};

beforeEach(() => {
  rpc.mockReset();
});

const open = () => renderPage(<TeamAboutPage />, '/teams/t1/about', '/teams/:teamId/about');
const value = (label: string) => screen.getByText(label).nextElementSibling;

describe('about the team', () => {
  it('shows the description, type, rating to 2 decimals, member count and creation date', async () => {
    rpc.mockResolvedValue(TEAM);
    open();
    const card = within((await screen.findByRole('heading', { name: 'О команде' })).closest('section')!);
    expect(rpc).toHaveBeenCalledWith('get_team', { id: 't1' });
    expect(card.getByText(/Играем по субботам\./)).toHaveTextContent('Играем по субботам. Новичкам рады.');
    expect(value('Тип')).toHaveTextContent('Закрытая');
    expect(value('Рейтинг')).toHaveTextContent('4,50');
    expect(value('Игроков в составе')).toHaveTextContent('14');
    expect(value('Создана')).toHaveTextContent('15 января 2025 г.');
  });

  it('an open team without a description', async () => {
    rpc.mockResolvedValue({ ...TEAM, description: '', team_type: 0, rating: 0 });
    open();
    expect(await screen.findByText('Описание отсутствует')).toBeInTheDocument();
    expect(value('Тип')).toHaveTextContent('Открытая');
    expect(value('Рейтинг')).toHaveTextContent('0,00');
  });

  it('lets only the owner delete the team, after a dialog that names it, and goes to the teams', async () => {
    rpc.mockImplementation(async (id: string) => (id === 'get_team' ? { ...TEAM, viewer: { ...TEAM.viewer, is_admin: true, is_member: true, can_manage: true } } : {}));
    const { unmount } = open();
    await screen.findByRole('heading', { name: 'О команде' });
    expect(screen.queryByRole('button', { name: 'Удалить команду' })).not.toBeInTheDocument();
    unmount();

    rpc.mockImplementation(async (id: string) => (id === 'get_team' ? { ...TEAM, viewer: { ...TEAM.viewer, is_owner: true, is_member: true, can_manage: true } } : {}));
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить команду' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить команду «Спартак»?' });
    expect(dialog).toHaveTextContent('Команда «Спартак» будет удалена навсегда');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(rpc).not.toHaveBeenCalledWith('delete_team', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Удалить команду' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(rpc).toHaveBeenCalledWith('delete_team', { id: 't1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams'));
    expect(await screen.findByText('Команда «Спартак» удалена')).toBeInTheDocument();
  });
});
