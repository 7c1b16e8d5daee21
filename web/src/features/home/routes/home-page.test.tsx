import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { HomePage } = await import('./home-page.tsx');

const item = (over: object) => ({
  id: 'n1', name: 'Победа в кубке', description: '<p>Счёт 3:1</p>', excerpt: 'Счёт 3:1', creator_id: 'u', is_public: true, like_count: 0,
  user_liked: false, rating_count: 0, average_rating: 0, user_rating: 0, media: [], create_time: '2026-03-01T10:00:00.000Z', update_time: '2026-03-01T10:00:00.000Z',
  ...over,
});
const team = (id: string, name: string) => ({ id, name, description: '' });
const stream = (over: object) => ({ id: 's1', title: 'Финал кубка', description: '', embed_url: '', tags: [], creator_id: 'u', create_time: '2026-03-01T10:00:00.000Z', update_time: '2026-03-01T10:00:00.000Z', ...over });

let answers: Record<string, unknown> = {};
beforeEach(() => {
  answers = { list_news: { news: [] }, list_matches: { matches: [] }, list_streams: { streams: [] }, list_tournaments: { tournaments: [] } };
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: { only_active?: boolean }) => {
    if (id === 'list_streams') return p.only_active ? answers.on_air ?? { streams: [] } : answers.list_streams;
    return answers[id];
  });
});

describe('home page', () => {
  it('shows the latest 4 public news below the headline: picture, title, date and the start of the text, each a link', async () => {
    answers.list_news = {
      news: [
        item({ id: 'n1', media: [{ id: 'm', news_id: 'n1', media_type: 'image', s3_key: 'f-1', position: 0, create_time: '' }] }),
        item({ id: 'n2', name: 'Видео сезона', excerpt: '', media: [{ id: 'v', news_id: 'n2', media_type: 'video', s3_key: 'f-2', position: 0, create_time: '' }] }),
      ],
    };
    renderPage(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Следите за любимыми командами' })).toBeInTheDocument();
    const block = await screen.findByRole('region', { name: 'Последние новости' });
    expect(rpc).toHaveBeenCalledWith('list_news', { limit: 4, only_public: true, sort: 'newest' });
    const first = within(block).getByRole('link', { name: /Победа в кубке/ });
    expect(first).toHaveAttribute('href', '/news/n1');
    expect(first).toHaveTextContent('1 марта 2026 г.');
    expect(first).toHaveTextContent('Счёт 3:1');
    expect(first.querySelector('img')).toHaveAttribute('src', '/uploads/f-1');
    expect(within(within(block).getByRole('link', { name: /Видео сезона/ })).getByRole('img', { name: 'Видео' })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  });

  it('leaves the news block out while there is no news', async () => {
    renderPage(<HomePage />);
    await vi.waitFor(() => expect(rpc).toHaveBeenCalledWith('list_news', expect.anything()));
    expect(screen.queryByRole('region', { name: 'Последние новости' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('"Купить билеты" leads to the matches, "ТВ-программа" to the schedule', () => {
    renderPage(<HomePage />);
    expect(screen.getByRole('link', { name: 'Купить билеты' })).toHaveAttribute('href', '/matches');
    expect(screen.getByRole('link', { name: 'ТВ-программа' })).toHaveAttribute('href', '/tv-schedule');
  });

  it('shows what is on: the next matches, broadcasts on air and soon, the nearest tournaments', async () => {
    answers.list_matches = {
      matches: [{ id: 'm1', owner_team_id: 'a', guest_team_id: 'b', match_time: '2026-04-05T15:00:00.000Z', creator_id: 'u', create_time: '', update_time: '', owner_team: team('a', 'Спартак'), guest_team: team('b', 'Динамо') }],
    };
    answers.on_air = { streams: [stream({ id: 's1', title: 'Финал кубка' })] };
    answers.list_streams = { streams: [stream({ id: 's2', title: 'Полуфинал', start_time: '2026-04-06T12:00:00.000Z' })] };
    answers.list_tournaments = {
      tournaments: [{ id: 't1', title: 'Кубок района', description: '', tournament_type: 1, access: 'open', start_time: '2026-04-10T09:00:00.000Z', rating: 0, rating_count: 0, user_rating: 0, creator_id: 'u', create_time: '', update_time: '' }],
    };
    renderPage(<HomePage />);

    // Each block holds its place while its list loads, so nothing below it moves when the list comes.
    const matches = await screen.findByRole('region', { name: 'Ближайшие матчи' });
    expect(matches.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await within(matches).findByRole('link', { name: /^Спартак\s?—\s?Динамо,/ })).toHaveAttribute('href', '/matches/m1');
    expect(matches.querySelector('[aria-busy="true"]')).toBeNull();
    expect(rpc).toHaveBeenCalledWith('list_matches', { from_time: expect.any(String), sort_order: 'asc', limit: 4 });
    expect(within(matches).getByRole('link', { name: 'Все матчи' })).toHaveAttribute('href', '/matches');

    const broadcasts = await screen.findByRole('region', { name: 'Трансляции' });
    expect(rpc).toHaveBeenCalledWith('list_streams', { only_active: true, sort_by: 'start_time', sort_order: 'desc', limit: 4 });
    expect(rpc).toHaveBeenCalledWith('list_streams', { start_after: expect.any(String), sort_by: 'start_time', sort_order: 'asc', limit: 4 });
    const live = await within(broadcasts).findByRole('link', { name: /Финал кубка/ });
    expect(live).toHaveAttribute('href', '/broadcasts/s1');
    expect(live).toHaveTextContent('В эфире');
    expect(within(broadcasts).getByRole('link', { name: /Полуфинал/ })).toHaveTextContent('Скоро начнётся');
    expect(within(broadcasts).getByRole('link', { name: 'Все трансляции' })).toHaveAttribute('href', '/broadcasts');

    const tournaments = await screen.findByRole('region', { name: 'Ближайшие турниры' });
    expect(rpc).toHaveBeenCalledWith('list_tournaments', { limit: 4, sort: 'start_time', start_after: expect.any(String) });
    const card = await within(tournaments).findByRole('link', { name: /Кубок района/ });
    expect(card).toHaveAttribute('href', '/tournaments/t1');
    expect(card).toHaveTextContent('10 апреля 2026 г. · Круговой');
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/default-tournament.svg');
  });

  it('says so when nothing is on', async () => {
    renderPage(<HomePage />);
    expect(await screen.findByText('Ближайших матчей пока нет.')).toBeInTheDocument();
    expect(await screen.findByText('Сейчас нет трансляций в эфире и в ближайшее время.')).toBeInTheDocument();
    expect(await screen.findByText('Ближайших турниров пока нет.')).toBeInTheDocument();
  });
});
