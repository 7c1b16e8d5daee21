import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { newsItem } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: 'u-me' as string | undefined, status: 'ready' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useSession: () => ({
    status: session.status,
    guest: !session.userId,
    session: session.userId ? { user_id: session.userId, expires_at: Date.now() / 1000 + 3600 } : undefined,
  }),
  useAuthenticated: () => !!session.userId,
}));
// The editor (TipTap, tested on its own) as a plain text area of HTML.
vi.mock('../components/news-editor.tsx', () => ({
  NewsEditor: ({ labelledBy, initialHtml, onChange, disabled }: { labelledBy: string; initialHtml: string; onChange(h: string): void; disabled?: boolean }) => (
    <textarea aria-labelledby={labelledBy} defaultValue={initialHtml} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const { Component: CreatePage } = await import('./news-create-page.tsx');

const KEY = 'tribuna.news-draft.u-me';
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null');
const open = (path = '/news/create') => renderPage(<CreatePage />, path, '/news/create');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const publish = () => fireEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  session.userId = 'u-me';
  session.status = 'ready';
  localStorage.clear();
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: { name: string; description: string; is_public: boolean }) => {
    if (id === 'create_news') return newsItem({ id: 'n-new', name: p.name, description: p.description, is_public: p.is_public });
    if (id === 'list_news') return { news: [] };
    return {};
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('news create', () => {
  it('publishes the title, the HTML and the visibility, says so, and opens the news 1 second later', async () => {
    const { router } = open();
    expect(document.title).toBe('Создание новости — Трибуна');
    type('Заголовок', '  Победа в кубке  ');
    type('Текст новости', '<p><strong>3:1</strong></p>');
    fireEvent.click(screen.getByLabelText(/Опубликовать для всех/));
    publish();
    expect(await screen.findByText('Новость "Победа в кубке" успешно создана.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_news', { name: 'Победа в кубке', description: '<p><strong>3:1</strong></p>', is_public: false, team_id: undefined });
    expect(screen.getByRole('button', { name: 'Опубликовать' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(900));
    expect(router.state.location.pathname).toBe('/news/create');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/news/n-new');
  });

  it('checks the title as the server does: required, 5 to 120 characters', async () => {
    open();
    publish();
    expect(await screen.findByText('Введите заголовок новости.')).toBeInTheDocument();
    type('Заголовок', ' Гол ');
    publish();
    expect(await screen.findByText('Заголовок должен быть не короче 5 символов.')).toBeInTheDocument();
    // Longer text never gets in: it is cut at 120 characters, and the field says so.
    type('Заголовок', 'ё'.repeat(121));
    expect(screen.getByLabelText('Заголовок')).toHaveValue('ё'.repeat(120));
    expect(screen.getByText('Текст обрезан до 120 символов.')).toBeInTheDocument();
    type('Заголовок', '⚽'.repeat(5));
    expect(screen.queryByText(/Заголовок должен/)).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('create_news', expect.anything());
  });

  it("says 'Ошибка при создании новости.', with the server's reason when it gives one", async () => {
    open();
    type('Заголовок', 'Победа в кубке');
    rpc.mockRejectedValueOnce(new ApiError(400, 3, 'Описание: не длиннее 100000 символов.'));
    publish();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при создании новости. Описание: не длиннее 100000 символов.');
    rpc.mockRejectedValueOnce(new ApiError(0, 14, 'Network request failed'));
    publish();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Ошибка при создании новости\.$/));
  });

  it("tells a visitor 'Вы не авторизованы.' and offers to sign in", () => {
    session.userId = undefined;
    open();
    expect(screen.getByText('Вы не авторизованы.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', expect.stringMatching(/^\/login\?/));
    expect(screen.queryByLabelText('Заголовок')).not.toBeInTheDocument();
  });

  it("writes a team's news with ?team_id=, naming the team", async () => {
    rpc.mockImplementation(async (id: string, p: { name: string }) => {
      if (id === 'get_team') return { id: 't1', name: 'Северные волки', viewer: { can_manage: true } };
      if (id === 'create_news') return newsItem({ id: 'n-team', name: p.name });
      return { news: [] };
    });
    open('/news/create?team_id=t1');
    expect(await screen.findByText('Новость команды «Северные волки»')).toBeInTheDocument();
    type('Заголовок', 'Сбор команды');
    publish();
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('create_news', expect.objectContaining({ team_id: 't1' })));
  });
});

describe('news draft', () => {
  it('saves the title and the text every 5 seconds while they change', async () => {
    open();
    type('Заголовок', 'Черновик');
    type('Текст новости', '<p>Начало</p>');
    await act(async () => vi.advanceTimersByTime(4900));
    expect(stored()).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(stored()).toEqual({ title: 'Черновик', html: '<p>Начало</p>', is_public: true });
    type('Текст новости', '<p>Начало и продолжение</p>');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(stored().html).toBe('<p>Начало и продолжение</p>');
  });

  it('keeps what was typed since the last save when the page is left, for the app or the browser', () => {
    const { unmount } = open();
    type('Заголовок', 'Ухожу');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual({ title: 'Ухожу', html: '', is_public: true });
    type('Заголовок', 'Ухожу совсем');
    unmount();
    expect(stored()).toEqual({ title: 'Ухожу совсем', html: '', is_public: true });
  });

  it('restores the draft when the page opens, says so, and discards it on request', async () => {
    localStorage.setItem(KEY, JSON.stringify({ title: 'Победа', html: '<p>Текст</p>', is_public: false }));
    open();
    expect(screen.getByText('Черновик восстановлен')).toBeInTheDocument();
    expect(screen.getByLabelText('Заголовок')).toHaveValue('Победа');
    expect(screen.getByLabelText('Текст новости')).toHaveValue('<p>Текст</p>');
    expect(screen.getByLabelText(/Опубликовать для всех/)).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить черновик' }));
    expect(stored()).toBeNull();
    expect(screen.queryByText('Черновик восстановлен')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Заголовок')).toHaveValue('');
    expect(screen.getByLabelText('Текст новости')).toHaveValue('');
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(stored()).toBeNull();
  });

  it("keeps each user's draft apart, and ignores a broken one", () => {
    localStorage.setItem('tribuna.news-draft.u-other', JSON.stringify({ title: 'Чужой', html: '', is_public: true }));
    localStorage.setItem(KEY, '{not json');
    open();
    expect(screen.queryByText('Черновик восстановлен')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Заголовок')).toHaveValue('');
  });

  it('clears the draft once published, and saves nothing after', async () => {
    localStorage.setItem(KEY, JSON.stringify({ title: 'Победа в кубке', html: '<p>Текст</p>', is_public: true }));
    const { unmount } = open();
    publish();
    expect(await screen.findByText('Новость "Победа в кубке" успешно создана.')).toBeInTheDocument();
    expect(stored()).toBeNull();
    expect(screen.queryByText('Черновик восстановлен')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(6000));
    unmount();
    expect(stored()).toBeNull();
  });
});
