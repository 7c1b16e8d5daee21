import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { newsItem } from '../test/fixtures.ts';

const rpc = vi.fn();
const getUsers = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../lib/nakama/client.ts', () => ({ client: { getUsers: (...a: unknown[]) => getUsers(...a) } }));
vi.mock('../../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ token: 't' }) } }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: NewsPage } = await import('./news-page.tsx');

const media = (id: string, media_type: 'image' | 'video' = 'image') => ({ id, news_id: 'n', media_type, s3_key: `file-${id}`, position: 0, create_time: '' });
const NEWS = newsItem({
  name: 'Победа в кубке',
  description: '<p>Счёт <strong>3:1</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  creator_id: 'u-author',
  create_time: '2026-03-01T10:00:00.000Z',
  update_time: '2026-03-02T12:30:00.000Z',
  like_count: 2,
  average_rating: 4.5,
  rating_count: 2,
  media: [media('a'), media('b'), media('c', 'video')],
});

let current = NEWS;
beforeEach(() => {
  session.userId = '';
  current = NEWS;
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_news') return current;
    if (id === 'update_news') return (current = { ...current, ...p });
    if (id === 'list_news') return { news: [] };
    return {};
  });
  getUsers.mockReset();
  getUsers.mockResolvedValue({ users: [{ id: 'u-author', username: 'x7f3k', display_name: 'Алексей Смирнов' }] });
});

const open = () => renderPage(<NewsPage />, `/news/${NEWS.id}`, '/news/:id');

describe('news page', () => {
  it('shows the title (also the browser title), the sanitised text, the author by name and the dates in Russian', async () => {
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Победа в кубке' })).toBeInTheDocument();
    expect(document.title).toBe('Победа в кубке — Трибуна');
    expect(container.querySelector('.news-body')!.innerHTML).toBe('<p>Счёт <strong>3:1</strong></p>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(await screen.findByText('Алексей Смирнов')).toBeInTheDocument();
    expect(getUsers).toHaveBeenCalledWith({ token: 't' }, ['u-author']);
    // In the machine's time zone.
    expect(screen.getByText('Опубликовано').nextSibling).toHaveTextContent(/^1 марта 2026 г\., \d\d:00$/);
    expect(screen.getByText('Обновлено').nextSibling).toHaveTextContent(/^2 марта 2026 г\., \d\d:30$/);
    expect(container.textContent).not.toContain('x7f3k');
  });

  it('opens the gallery viewer, pages with arrows and swipes, and closes with Escape', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Открыть фото 1' }));
    let dialog = screen.getByRole('dialog', { name: 'Фото и видео: 1 из 3' });
    expect(within(dialog).getByRole('img', { name: 'Фото 1' })).toHaveAttribute('src', '/uploads/file-a');
    await user.keyboard('{ArrowRight}');
    dialog = screen.getByRole('dialog', { name: 'Фото и видео: 2 из 3' });
    const figure = dialog.querySelector('figure')!;
    // A swipe to the left shows the next; to the right, the previous; an up-and-down move nothing.
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    dialog = screen.getByRole('dialog', { name: 'Фото и видео: 3 из 3' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/uploads/file-c');
    fireEvent.touchStart(figure, { changedTouches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 110, clientY: 300 }] });
    expect(screen.getByRole('dialog', { name: 'Фото и видео: 3 из 3' })).toBeInTheDocument();
    fireEvent.touchStart(dialog.querySelector('figure')!, { changedTouches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(dialog.querySelector('figure')!, { changedTouches: [{ clientX: 220, clientY: 100 }] });
    expect(screen.getByRole('dialog', { name: 'Фото и видео: 2 из 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть фото 2' })).toHaveFocus();
  });

  it('gives visitors the counts only; signed-in readers the heart and the stars, and no creator controls', async () => {
    open();
    expect(await screen.findByRole('img', { name: 'Нравится: 2' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Рейтинг: 4,5 из 5' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('lets a signed-in reader like and rate', async () => {
    session.userId = 'u-reader';
    const user = userEvent.setup();
    rpc.mockImplementation(async (id: string) => {
      if (id === 'get_news') return current;
      if (id === 'like') return { like_count: 3, user_liked: true };
      if (id === 'rate_news') return { rating_count: 3, average_rating: 4.3, user_rating: 4 };
      return {};
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Нравится: 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Нравится: 3' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(within(screen.getByRole('radiogroup', { name: /Ваша оценка/ })).getByRole('radio', { name: '4' }));
    expect(rpc).toHaveBeenCalledWith('rate_news', { news_id: NEWS.id, rating: 4 });
    expect(screen.queryByRole('group', { name: 'Управление новостью' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Убрать фото/ })).not.toBeInTheDocument();
  });

  it('lets the creator make the item private and public again', async () => {
    session.userId = 'u-author';
    const user = userEvent.setup();
    open();
    const tools = await screen.findByRole('group', { name: 'Управление новостью' });
    const toggle = within(tools).getByRole('checkbox', { name: 'Опубликовать для всех' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(rpc).toHaveBeenCalledWith('update_news', { id: NEWS.id, is_public: false });
    expect(await screen.findByText('Новость теперь видна только вам')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(screen.getByText('Приватная')).toBeInTheDocument();
    await user.click(toggle);
    expect(rpc).toHaveBeenLastCalledWith('update_news', { id: NEWS.id, is_public: true });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(within(tools).getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', `/news/${NEWS.id}/edit`);
  });

  it('deletes for the creator only after confirmation, then goes to the list', async () => {
    session.userId = 'u-author';
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить новость?' });
    expect(dialog).toHaveTextContent('Новость «Победа в кубке» пропадёт для всех читателей.');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(rpc).not.toHaveBeenCalledWith('delete_news', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(rpc).toHaveBeenCalledWith('delete_news', { id: NEWS.id });
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });

  it("lets the creator add photos to the gallery and take them away", async () => {
    session.userId = 'u-author';
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Убрать фото 2' }));
    expect(rpc).toHaveBeenCalledWith('remove_news_media', { id: 'b', news_id: NEWS.id });
    expect(await screen.findByText('Фото убрано')).toBeInTheDocument();
    expect(screen.getByText('Добавить фото')).toBeInTheDocument();
  });

  it("says «Новость не найдена» with a way back for a missing or another's private item", async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Новость не найдена.'));
    open();
    expect(await screen.findByRole('heading', { name: 'Новость не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку новостей' })).toHaveAttribute('href', '/news');
    expect(document.title).toBe('Новость не найдена — Трибуна');
  });
});
