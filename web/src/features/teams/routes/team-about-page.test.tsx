import { screen, within } from '@testing-library/react';
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
});
