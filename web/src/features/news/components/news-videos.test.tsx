import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newsKeys, withVideoProgress, type News } from '../../../shared/api/news.ts';
import { renderPage } from '../../../test/render.tsx';
import { newsItem } from '../test/fixtures.ts';
import { formatDuration } from '../video-duration.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../lib/nakama/client.ts', () => ({ client: { getUsers: async () => ({ users: [] }) } }));
vi.mock('../../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ token: 't' }) } }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: NewsPage } = await import('../routes/news-page.tsx');

const READY = {
  id: 'm1', news_id: 'n', media_type: 'video' as const, s3_key: 'v-ready', position: 0, create_time: '',
  video: {
    status: 'ready' as const, progress: 100, duration_ms: 83_000, width: 320, height: 240, poster_url: '/uploads/videos/v-ready/poster.webp?e=1&s=x',
    sources: [{ src: '/uploads/videos/v-ready/av1.mp4?e=1&s=x', type: 'video/mp4; codecs="av01.0.08M.08, opus"' }, { src: '/uploads/videos/v-ready/h264.mp4?e=1&s=x', type: 'video/mp4; codecs="avc1.640028, mp4a.40.2"' }],
  },
};
const ENCODING = { id: 'm2', news_id: 'n', media_type: 'video' as const, s3_key: 'v-enc', position: 1, create_time: '', video: { status: 'processing' as const, progress: 40, duration_ms: 0 } };

let current: News;
beforeEach(() => {
  session.userId = 'u-author';
  current = newsItem({ name: 'Обзор матча', media: [READY, ENCODING] });
  rpc.mockReset();
  rpc.mockImplementation(async (id: string) => (id === 'get_news' ? current : id === 'list_news' ? { news: [] } : {}));
});

describe('news videos', () => {
  it('plays a ready video with AV1 offered before H.264, and shows the progress of one being encoded', async () => {
    const { container } = renderPage(<NewsPage />, `/news/${current.id}`, '/news/:id');
    const player = await screen.findByLabelText('Видео 1');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('poster')).toBe(READY.video.poster_url);
    const sources = [...container.querySelectorAll('video source')].map((s) => s.getAttribute('type'));
    expect(sources[0]).toMatch(/av01/);
    expect(sources[1]).toMatch(/avc1/);
    expect(screen.getByText('Длительность 1:23')).toBeInTheDocument();
    expect(screen.getByText('Обрабатывается: 40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить видео' })).toBeInTheDocument();
  });

  it('puts the socket\'s progress into the cached item and fetches it again once ready', () => {
    const qc = new QueryClient();
    qc.setQueryData(newsKeys.detail(current.id), current);
    withVideoProgress(qc, JSON.stringify({ video_id: 'v-enc', status: 'processing', progress: 70 }));
    expect(qc.getQueryData<News>(newsKeys.detail(current.id))!.media[1].video).toMatchObject({ status: 'processing', progress: 70 });
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    withVideoProgress(qc, { video_id: 'v-enc', status: 'ready', progress: 100 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: newsKeys.all });
  });

  it('formats durations as a player does', () => {
    expect([formatDuration(7000), formatDuration(750_000), formatDuration(3_723_000)]).toEqual(['0:07', '12:30', '1:02:03']);
  });
});
