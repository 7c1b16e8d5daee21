import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { listItem } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: NewsListPage } = await import('./news-list-page.tsx');

const open = (path = '/news') => renderPage(<NewsListPage />, path, '/news');
const card = (name: string) => screen.getByRole('link', { name }).closest('article') as HTMLElement;
const lastCall = (id: string) => rpc.mock.calls.filter((c) => c[0] === id).at(-1)?.[1];

beforeEach(() => {
  session.userId = '';
  rpc.mockReset();
  rpc.mockResolvedValue({ news: [] });
});

describe('news list', () => {
  it('asks for public news, newest first, 20 a page by default; visitors get no tabs and no create button', async () => {
    rpc.mockResolvedValue({ news: [listItem({ name: 'Победа в кубке' })] });
    open();
    expect(await screen.findByRole('link', { name: 'Победа в кубке' })).toHaveAttribute('href', expect.stringMatching(/^\/news\/[0-9a-f-]{36}$/));
    expect(lastCall('list_news')).toEqual({ limit: 20, sort: 'newest', only_public: true });
    expect(screen.queryByRole('button', { name: 'Все новости' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Мои новости' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Создать новость' })).not.toBeInTheDocument();
    expect(document.title).toBe('Новости — Трибуна');
  });

  it('keeps sort, limit and only_mine in the address and asks again from the first page when they change', async () => {
    session.userId = 'u-me';
    const user = userEvent.setup();
    const { router } = open('/news?sort=rating&limit=50');
    await screen.findByText('Новостей не найдено');
    expect(lastCall('list_news')).toEqual({ limit: 50, sort: 'rating', only_public: true });
    expect(screen.getByLabelText('Сортировка')).toHaveValue('rating');
    expect(screen.getByLabelText('Показывать по')).toHaveValue('50');

    await user.selectOptions(screen.getByLabelText('Сортировка'), 'popular');
    expect(router.state.location.search).toBe('?sort=popular&limit=50');
    await waitFor(() => expect(lastCall('list_news')).toEqual({ limit: 50, sort: 'popular', only_public: true }));

    await user.selectOptions(screen.getByLabelText('Показывать по'), '10');
    expect(router.state.location.search).toBe('?sort=popular&limit=10');
    await waitFor(() => expect(lastCall('list_news')).toEqual({ limit: 10, sort: 'popular', only_public: true }));

    await user.click(screen.getByRole('button', { name: 'Мои новости' }));
    expect(router.state.location.search).toBe('?sort=popular&limit=10&only_mine=true');
    await waitFor(() => expect(lastCall('list_news')).toEqual({ limit: 10, sort: 'popular', only_mine: true }));
    expect(screen.getByRole('button', { name: 'Мои новости' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Все новости' })).toHaveAttribute('aria-pressed', 'false');
    expect(rpc.mock.calls.filter((c) => c[0] === 'list_news').every((c) => c[1].cursor === undefined)).toBe(true);
  });

  it('reads unknown settings as the defaults, and "mine" as all news for a visitor', async () => {
    open('/news?sort=random&limit=7&only_mine=true');
    await screen.findByText('Новостей не найдено');
    expect(lastCall('list_news')).toEqual({ limit: 20, sort: 'newest', only_public: true });
  });

  it('gives signed-in users the tabs and the create button', async () => {
    session.userId = 'u-me';
    open();
    expect(await screen.findByRole('link', { name: 'Создать новость' })).toHaveAttribute('href', '/news/create');
    expect(screen.getByRole('group', { name: 'Какие новости показать' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Все новости' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows "Показать еще" while a cursor comes back, and loads the next page with it', async () => {
    const user = userEvent.setup();
    rpc.mockImplementation(async (_id: string, p: { cursor?: string }) =>
      p.cursor === 'c1' ? { news: [listItem({ name: 'Вторая страница' })] } : { news: [listItem({ name: 'Первая страница' })], cursor: 'c1' },
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Показать еще' }));
    expect(await screen.findByRole('link', { name: 'Вторая страница' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Первая страница' })).toBeInTheDocument();
    expect(lastCall('list_news')).toEqual({ limit: 20, sort: 'newest', only_public: true, cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Показать еще' })).not.toBeInTheDocument();
  });

  it("shows a card's picture, badges, date, the server's preview and counts", async () => {
    session.userId = 'u-author';
    const preview = Array.from({ length: 8 }, (_, i) => `<p>Абзац ${i + 1}</p>`).join('');
    rpc.mockResolvedValue({
      news: [
        listItem({ name: 'Длинная', preview_html: preview, description_cut: true, is_public: false, like_count: 3, average_rating: 4.25, rating_count: 4, media: [{ id: 'm1', news_id: 'n', media_type: 'image', s3_key: 'f-1', position: 0, create_time: '' }] }),
        listItem({ name: 'Пустая', preview_html: '', creator_id: 'u-other' }),
        listItem({ name: 'С видео', media: [{ id: 'm2', news_id: 'n', media_type: 'video', s3_key: 'f-2', position: 0, create_time: '' }], creator_id: 'u-other' }),
        listItem({ name: 'С картинкой в тексте', preview_image: 'https://cdn.example/a.png', creator_id: 'u-other' }),
        listItem({ name: 'Со скриптом', preview_html: '<p>Текст <a href="https://example.com/">ссылка</a></p><script>window.hacked = true</script><img src=x onerror="window.hacked = true">', creator_id: 'u-other' }),
      ],
    });
    open();
    const long1 = card(await screen.findByRole('link', { name: 'Длинная' }).then((l) => l.textContent!));
    expect(long1.querySelector('img.news-thumb')).toHaveAttribute('src', '/uploads/f-1');
    expect(within(long1).getByText('Приватная')).toBeInTheDocument();
    expect(within(long1).getByText('Ваша новость')).toBeInTheDocument();
    expect(within(long1).getByText('1 марта 2026 г.')).toBeInTheDocument();
    expect(within(long1).getByText('Абзац 1')).toBeInTheDocument();
    expect(within(long1).getByText('Абзац 8')).toBeInTheDocument();
    expect(within(long1).getByText('Читать полностью')).toBeInTheDocument();
    expect(within(long1).getByRole('button', { name: 'Нравится: 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(long1).getByText('4,3 · 4 оценки')).toBeInTheDocument();

    const empty = card('Пустая');
    expect(within(empty).getByText('Описание отсутствует')).toBeInTheDocument();
    expect(within(empty).queryByText('Ваша новость')).not.toBeInTheDocument();
    expect(within(empty).queryByText('Приватная')).not.toBeInTheDocument();
    expect(within(empty).queryByText('Читать полностью')).not.toBeInTheDocument();
    expect(within(empty).getByText('Оценок пока нет')).toBeInTheDocument();
    expect(within(card('С видео')).getByRole('img', { name: 'Видео' })).toBeInTheDocument();
    expect(card('С картинкой в тексте').querySelector('img.news-thumb')).toHaveAttribute('src', 'https://cdn.example/a.png');
    expect(card('Пустая').querySelector('img.news-thumb')).toHaveAttribute('src', '/images/default-news.svg');
    // Whatever the preview holds, the card is one link: text alone, sanitised.
    const scripted = card('Со скриптом');
    expect(scripted.innerHTML).not.toMatch(/script|onerror/);
    expect(within(scripted).getByText('Текст ссылка')).toBeInTheDocument();
    expect(scripted.querySelectorAll('a')).toHaveLength(1);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows visitors the likes and the average, with nothing to press', async () => {
    rpc.mockResolvedValue({ news: [listItem({ name: 'Новость', like_count: 2, average_rating: 3, rating_count: 1 })] });
    open();
    const c = card(await screen.findByRole('link', { name: 'Новость' }).then((l) => l.textContent!));
    expect(within(c).getByRole('img', { name: 'Нравится: 2' })).toBeInTheDocument();
    expect(within(c).getByRole('img', { name: 'Рейтинг: 3 из 5' })).toBeInTheDocument();
    expect(within(c).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there is no news, and offers a retry when the list fails', async () => {
    rpc.mockRejectedValueOnce(new ApiError(0, 14, 'Network request failed'));
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Не удалось загрузить новости.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Новостей не найдено')).toBeInTheDocument();
  });
});

describe('likes and ratings on cards', () => {
  beforeEach(() => {
    session.userId = 'u-me';
  });

  it('toggles the like at once, keeps the server count, and never navigates', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    rpc.mockImplementation(async (id: string) => {
      if (id === 'list_news') return { news: [listItem({ name: 'Новость', like_count: 4 })] };
      if (id === 'like') {
        await new Promise<void>((r) => (release = r));
        return { like_count: 7, user_liked: true };
      }
      if (id === 'unlike') return { like_count: 6, user_liked: false };
      return {};
    });
    const { router } = open();
    const heart = await screen.findByRole('button', { name: 'Нравится: 4' });
    await user.click(heart);
    // Before the server answers.
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Нравится: 5');
    expect(lastCall('like')).toEqual({ news_id: expect.any(String) });
    await act(async () => release());
    await waitFor(() => expect(heart).toHaveAccessibleName('Нравится: 7'));
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAccessibleName('Нравится: 6'));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.pathname).toBe('/news');
  });

  it('puts the like back and only logs when the server refuses', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    rpc.mockImplementation(async (id: string) => {
      if (id === 'list_news') return { news: [listItem({ name: 'Новость', like_count: 4, user_liked: true })] };
      throw new ApiError(503, 14, 'Unavailable');
    });
    open();
    const heart = await screen.findByRole('button', { name: 'Нравится: 4' });
    await user.click(heart);
    expect(lastCall('unlike')).toBeDefined();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Нравится: 4');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it("rates with the stars: the viewer's rating at once, the server's average after, and back on failure", async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    rpc.mockImplementation(async (id: string, p: { rating?: number }) => {
      if (id === 'list_news') return { news: [listItem({ name: 'Новость', average_rating: 3, rating_count: 2 })] };
      if (id === 'rate_news') {
        if (fail) throw new ApiError(0, 14, 'Network request failed');
        return { rating_count: 3, average_rating: 3.7, user_rating: p.rating };
      }
      return {};
    });
    open();
    const c = card(await screen.findByRole('link', { name: 'Новость' }).then((l) => l.textContent!));
    const stars = within(c).getByRole('radiogroup', { name: 'Ваша оценка: 0 из 5' });
    await user.click(within(stars).getByRole('radio', { name: '5' }));
    expect(within(stars).getByRole('radio', { name: '5' })).toHaveAttribute('aria-checked', 'true');
    expect(lastCall('rate_news')).toEqual({ news_id: expect.any(String), rating: 5 });
    expect(await within(c).findByText('3,7 · 3 оценки')).toBeInTheDocument();

    fail = true;
    await user.click(within(stars).getByRole('radio', { name: '1' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(within(stars).getByRole('radio', { name: '5' })).toHaveAttribute('aria-checked', 'true');
    expect(within(c).getByText('3,7 · 3 оценки')).toBeInTheDocument();
    log.mockRestore();
  });
});
