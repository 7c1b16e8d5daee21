import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stream } from '@tribuna/portal/types';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../lib/nakama/client.ts', () => ({ client: { getUsers: async () => ({ users: [{ id: 'u-author', display_name: 'Ольга Кирова' }] }) } }));
vi.mock('../../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ token: 't' }) } }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: ListPage } = await import('./broadcasts-page.tsx');
const { Component: ViewPage } = await import('./broadcast-page.tsx');
const { Component: CreatePage } = await import('./broadcast-create-page.tsx');
const { Component: EditPage } = await import('./broadcast-edit-page.tsx');
const { Component: SchedulePage } = await import('./tv-schedule-page.tsx');

const HOUR = 3600_000;
const soon = () => new Date(Date.now() + 2 * HOUR).toISOString();

function stream(over: Partial<Stream> = {}): Stream {
  return {
    id: 's1',
    title: 'Финал кубка района',
    description: 'Прямая трансляция финала',
    embed_url: 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef',
    tags: ['финал', 'кубок'],
    creator_id: 'u-author',
    create_time: '2026-11-20T10:00:00.000Z',
    update_time: '2026-11-21T10:00:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  session.userId = '';
  rpc.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('the broadcasts list', () => {
  it("shows cards with the description as the list cut it and the badges, and asks by the address", async () => {
    session.userId = 'u-author';
    rpc.mockResolvedValue({
      streams: [stream({ start_time: soon(), description: `${'д'.repeat(100)}…` }), stream({ id: 's2', title: 'Чужая трансляция', creator_id: 'u-other' })],
      cursor: 'next',
    });
    renderPage(<ListPage />, '/broadcasts?mine=true&sort=start_time&order=asc&active=true&tag=финал');
    const mine = (await screen.findByRole('link', { name: 'Финал кубка района' })).closest('article')!;
    expect(within(mine).getByText(`${'д'.repeat(100)}…`)).toBeInTheDocument();
    expect(within(mine).getByText('Скоро начнётся')).toBeInTheDocument();
    expect(within(mine).getByText('Ваша трансляция')).toBeInTheDocument();
    expect(within(mine).getByTitle('Видео трансляции: Финал кубка района')).toHaveAttribute('src', stream().embed_url);
    const other = screen.getByRole('link', { name: 'Чужая трансляция' }).closest('article')!;
    expect(within(other).queryByText('Ваша трансляция')).not.toBeInTheDocument();
    expect(within(other).queryByText('Скоро начнётся')).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_streams', { limit: 20, only_mine: true, sort_by: 'start_time', sort_order: 'asc', only_active: true, tag: 'финал', cursor: undefined });
    expect(screen.getByText('Тег: финал')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Мои трансляции' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rpc).toHaveBeenLastCalledWith('list_streams', expect.objectContaining({ cursor: 'next' })));
  });

  it('has no tabs and no create button for a visitor, and says when nothing is found', async () => {
    rpc.mockResolvedValue({ streams: [] });
    renderPage(<ListPage />, '/broadcasts?mine=true');
    expect(await screen.findByText('Трансляции не найдены')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Мои трансляции' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Создать трансляцию' })).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_streams', expect.objectContaining({ only_mine: false, sort_by: 'create_time', sort_order: 'desc', only_active: false }));
  });
});

describe('a broadcast', () => {
  const open = () => renderPage(<ViewPage />, '/broadcasts/s1', '/broadcasts/:id');

  it('coming: "Скоро начнётся", the 480 px frame, the info block and tags linking to the list', async () => {
    const start = soon();
    rpc.mockResolvedValue(stream({ start_time: start }));
    open();
    expect(await screen.findByRole('heading', { name: 'Финал кубка района' })).toBeInTheDocument();
    expect(screen.getByText('Скоро начнётся')).toBeInTheDocument();
    expect(screen.getByTitle('Видео трансляции: Финал кубка района')).toHaveAttribute('height', '480');
    expect(await screen.findByText('Ольга Кирова')).toBeInTheDocument();
    expect(screen.getByText('20 ноября 2026 г.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#финал' })).toHaveAttribute('href', `/broadcasts?tag=${encodeURIComponent('финал')}`);
    // Not the creator: no edit, no delete.
    expect(screen.queryByRole('link', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
  });

  it('says "Загрузка трансляции..." while it loads', async () => {
    rpc.mockReturnValue(new Promise(() => {}));
    open();
    expect(await screen.findByText('Загрузка трансляции...')).toBeInTheDocument();
  });

  it('without a start, or with one past, is on air', async () => {
    rpc.mockResolvedValue(stream({ start_time: '2026-01-01T10:00:00.000Z' }));
    open();
    expect(await screen.findByText('В эфире')).toBeInTheDocument();
  });

  it('its creator edits it, and deletes it after the confirmation, going back to the list', async () => {
    session.userId = 'u-author';
    rpc.mockImplementation(async (id: string) => (id === 'get_stream' ? stream() : {}));
    const { router } = open();
    expect(await screen.findByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/broadcasts/s1/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Вы уверены, что хотите удалить эту трансляцию?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcasts'));
    expect(rpc).toHaveBeenCalledWith('delete_stream', { id: 's1' });
  });

  it('missing: "Трансляция не найдена" with the way back', async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Трансляция не найдена.'));
    open();
    expect(await screen.findByRole('heading', { name: 'Трансляция не найдена' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку трансляций' })).toHaveAttribute('href', '/broadcasts');
  });
});

describe('creating a broadcast', () => {
  it('says "Вы не авторизованы." to a visitor', () => {
    renderPage(<CreatePage />, '/broadcasts/create');
    expect(screen.getByText('Вы не авторизованы.')).toBeInTheDocument();
  });

  it('sends the fields, shows the spec’s message and opens the broadcast a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.userId = 'u-author';
    rpc.mockResolvedValue(stream({ id: 's-new' }));
    const { router } = renderPage(<CreatePage />, '/broadcasts/create');
    expect(screen.getByText('Трансляция без времени начала считается активной сразу после создания.')).toBeInTheDocument();
    expect(screen.getByText('Ссылка на видео YouTube, VK Видео или Rutube')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Название'), '  Финал кубка района ');
    await userEvent.type(screen.getByLabelText('Описание'), 'Прямая трансляция финала');
    await userEvent.type(screen.getByLabelText('Ссылка на видео'), 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/');
    await userEvent.type(screen.getByLabelText('Теги'), 'финал, , кубок');
    await userEvent.click(screen.getByRole('button', { name: 'Создать трансляцию' }));
    expect(await screen.findByText('Трансляция "Финал кубка района" успешно создана.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_stream', {
      title: 'Финал кубка района',
      description: 'Прямая трансляция финала',
      embed_url: 'https://rutube.ru/video/0123456789abcdef0123456789abcdef/',
      tags: ['финал', 'кубок'],
      start_time: null,
    });
    await act(async () => vi.advanceTimersByTime(900));
    expect(router.state.location.pathname).toBe('/broadcasts/create');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/broadcasts/s-new');
  });

  it('says "Ошибка при создании трансляции." with the server’s reason', async () => {
    session.userId = 'u-author';
    rpc.mockRejectedValue(new ApiError(400, 3, 'Ссылка на видео: принимаются только ссылки на видео YouTube, VK Видео и Rutube.'));
    renderPage(<CreatePage />, '/broadcasts/create');
    await userEvent.type(screen.getByLabelText('Название'), 'Финал кубка');
    await userEvent.type(screen.getByLabelText('Описание'), 'Прямая трансляция финала');
    await userEvent.type(screen.getByLabelText('Ссылка на видео'), 'https://example.com/v');
    await userEvent.click(screen.getByRole('button', { name: 'Создать трансляцию' }));
    expect(await screen.findByText('Ошибка при создании трансляции. Ссылка на видео: принимаются только ссылки на видео YouTube, VK Видео и Rutube.')).toBeInTheDocument();
  });
});

describe('editing a broadcast', () => {
  const open = () => renderPage(<EditPage />, '/broadcasts/s1/edit', '/broadcasts/:id/edit');

  it('fills the fields, sends what changed and goes back to the broadcast', async () => {
    session.userId = 'u-author';
    rpc.mockImplementation(async (id: string, p: Partial<Stream>) => (id === 'get_stream' ? stream() : stream(p)));
    const { router } = open();
    const title = await screen.findByLabelText('Название');
    expect(title).toHaveValue('Финал кубка района');
    expect(screen.getByLabelText('Теги')).toHaveValue('финал, кубок');
    await userEvent.clear(title);
    await userEvent.type(title, 'Финал кубка, повтор');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcasts/s1'));
    // The link and the start are unchanged: not sent.
    expect(rpc).toHaveBeenCalledWith('update_stream', { id: 's1', title: 'Финал кубка, повтор', description: 'Прямая трансляция финала', tags: ['финал', 'кубок'] });
  });

  it('says "Не удалось сохранить трансляцию." when saving fails', async () => {
    session.userId = 'u-author';
    rpc.mockImplementation(async (id: string) => {
      if (id === 'get_stream') return stream();
      throw new TypeError('Failed to fetch');
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось сохранить трансляцию.');
  });

  it('goes to the list when the broadcast does not load', async () => {
    session.userId = 'u-author';
    rpc.mockRejectedValue(new ApiError(404, 5, 'Трансляция не найдена.'));
    const { router } = open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/broadcasts'));
  });
});

describe('the TV schedule', () => {
  it('asks for 100 broadcasts from today by start time and puts them under day headings', async () => {
    const today = new Date();
    today.setHours(20, 15, 0, 0);
    const tomorrow = new Date(today);
    tomorrow.setDate(today.getDate() + 1);
    tomorrow.setHours(9, 5);
    rpc.mockResolvedValue({ streams: [stream({ start_time: today.toISOString() }), stream({ id: 's2', title: 'Утренний обзор', start_time: tomorrow.toISOString() })] });
    renderPage(<SchedulePage />, '/tv-schedule');
    const heading = (d: Date) => {
      const t = d.toLocaleDateString('ru-RU', { weekday: 'long', day: 'numeric', month: 'long' });
      return t.charAt(0).toUpperCase() + t.slice(1);
    };
    const first = await screen.findByRole('region', { name: heading(today) });
    expect(within(first).getByRole('link', { name: 'Финал кубка района' })).toHaveAttribute('href', '/broadcasts/s1');
    expect(within(first).getByText('20:15')).toBeInTheDocument();
    const second = screen.getByRole('region', { name: heading(tomorrow) });
    expect(within(second).getByRole('link', { name: 'Утренний обзор' })).toBeInTheDocument();
    expect(within(second).getByText('09:05')).toBeInTheDocument();
    const midnight = new Date(today);
    midnight.setHours(0, 0, 0, 0);
    expect(rpc).toHaveBeenCalledWith('list_streams', { limit: 100, sort_by: 'start_time', sort_order: 'asc', start_after: midnight.toISOString() });
  });

  it('says "Нет трансляций" when there are none', async () => {
    rpc.mockResolvedValue({ streams: [] });
    renderPage(<SchedulePage />, '/tv-schedule');
    expect(await screen.findByText('Нет трансляций')).toBeInTheDocument();
  });
});
