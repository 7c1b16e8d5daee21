import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { tournament } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ signedIn: false }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.signedIn }));

const { Component: TournamentsPage } = await import('./tournaments-page.tsx');

beforeEach(() => {
  session.signedIn = false;
  rpc.mockReset();
});

const open = (path = '/tournaments') => renderPage(<TournamentsPage />, path, '/tournaments');

describe('tournaments list', () => {
  it('shows cards: cover or the default image, the title linking to the tournament, type, start date, rating to 2 decimals', async () => {
    rpc.mockResolvedValue({
      tournaments: [
        tournament({ id: 'a', image_url: 'cover-a', rating: 4.5, rating_count: 2 }),
        tournament({ id: 'b', title: 'Лига двора', tournament_type: 1, description: '', rating: 0, rating_count: 0 }),
      ],
    });
    open();
    const list = await screen.findByRole('list', { name: 'Турниры' });
    expect(rpc).toHaveBeenCalledWith('list_tournaments', { limit: 20, cursor: undefined });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Кубок района' })).toHaveAttribute('href', '/tournaments/a');
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/cover-a');
    expect(first).toHaveTextContent('Кубок');
    expect(first).toHaveTextContent('Начало: 10 апреля 2026 г.');
    expect(first).toHaveTextContent('4,50 · 2 оценки');
    expect(first).toHaveTextContent('Весенний кубок');
    expect(second.querySelector('img')).toHaveAttribute('src', '/images/default-tournament.svg');
    expect(second).toHaveTextContent('Круговой');
    expect(second).toHaveTextContent('0,00 · оценок пока нет');
    expect(second).toHaveTextContent('Описание отсутствует');
    expect(screen.queryByRole('link', { name: 'Создать турнир' })).not.toBeInTheDocument();
  });

  it('filters by type (Кубок, Круговой) and resets, keeping the type in the address', async () => {
    rpc.mockResolvedValue({ tournaments: [] });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('Турниров пока нет.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сбросить' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Круговой' }));
    expect(router.state.location.search).toBe('?type=1');
    expect(await screen.findByText('Турниров этого типа нет.')).toBeInTheDocument();
    expect(rpc).toHaveBeenLastCalledWith('list_tournaments', { limit: 20, tournament_type: 1, cursor: undefined });
    expect(screen.getByRole('button', { name: 'Круговой' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(router.state.location.search).toBe('');
  });

  it('pages by cursor with "Показать ещё" while one is answered; signed-in users get "Создать турнир"', async () => {
    session.signedIn = true;
    rpc.mockImplementation(async (_id: string, p: { cursor?: string }) =>
      p.cursor ? { tournaments: [tournament({ id: 'c', title: 'Второй' })] } : { tournaments: [tournament({ id: 'a' })], cursor: 'next' },
    );
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Кубок района' });
    expect(screen.getByRole('link', { name: 'Создать турнир' })).toHaveAttribute('href', '/tournaments/create');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('link', { name: 'Второй' })).toBeInTheDocument();
    expect(rpc).toHaveBeenLastCalledWith('list_tournaments', { limit: 20, cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });
});
