import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: TeamVideosPage } = await import('./team-videos-page.tsx');

const SECTIONS = [
  { id: 's1', team_id: 't1', title: 'Матчи', description: 'Полные записи', sort_order: 0 },
  { id: 's2', team_id: 't1', title: 'Интервью', description: '', sort_order: 1 },
];
const video = (n: number, extra: object = {}) => ({
  id: `v${n}`,
  team_id: 't1',
  section_id: 's1',
  title: `Видео ${n}`,
  description: '',
  embed_url: `https://www.youtube.com/embed/id${n}`,
  tags: n === 1 ? ['голы', 'кубок'] : [],
  sort_order: n,
  ...extra,
});
const FIRST_PAGE = Array.from({ length: 12 }, (_, i) => video(i + 1));

type Handler = (payload: Record<string, unknown>) => unknown;
function mockServer(canManage: boolean, overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    get_team: () => ({ id: 't1', name: 'Спартак', viewer: { can_manage: canManage } }),
    list_team_video_sections: () => ({ sections: SECTIONS }),
    list_team_videos: (p) => {
      if (p.section_id !== 's1') return { videos: [] };
      return p.cursor === 'c2' ? { videos: [video(13)] } : { videos: FIRST_PAGE, cursor: 'c2' };
    },
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, payload: Record<string, unknown>) => (handlers[id] ? handlers[id](payload) : {}));
}

function open() {
  return renderPage(<TeamVideosPage />, '/teams/t1/videos', '/teams/:teamId/videos');
}

beforeEach(() => rpc.mockReset());

describe('team videos', () => {
  it('selects the first section and embeds its videos lazily in a sandbox', async () => {
    mockServer(false);
    open();
    const frame = await screen.findByTitle('Видео 1');
    expect(screen.getByRole('button', { name: 'Матчи' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Интервью' })).toHaveAttribute('aria-pressed', 'false');
    expect(rpc).toHaveBeenCalledWith('list_team_videos', { team_id: 't1', section_id: 's1', limit: 12 });
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/id1');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('allowfullscreen');
    expect(frame.getAttribute('sandbox')?.split(' ')).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin', 'allow-presentation']));
    expect(screen.getByText('#голы')).toBeInTheDocument();
  });

  it('loads more while a cursor comes back', async () => {
    mockServer(false);
    const user = userEvent.setup();
    open();
    await screen.findByTitle('Видео 12');
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByTitle('Видео 13')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_team_videos', { team_id: 't1', section_id: 's1', limit: 12, cursor: 'c2' });
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(document.querySelectorAll('iframe')).toHaveLength(13);
  });

  it('says when a section has no videos', async () => {
    mockServer(false);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Интервью' }));
    expect(await screen.findByText('В этом разделе пока нет видео')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Интервью' })).toHaveAttribute('aria-pressed', 'true');
    expect(rpc).toHaveBeenCalledWith('list_team_videos', expect.objectContaining({ section_id: 's2', limit: 12 }));
  });

  it('shows load failures with the server message, or "Неизвестная ошибка"', async () => {
    mockServer(false, {
      list_team_video_sections: () => {
        throw new ApiError(503, 14, 'Сервер недоступен');
      },
    });
    const first = open();
    expect(await screen.findByText('Ошибка загрузки данных: Сервер недоступен')).toBeInTheDocument();
    first.unmount();
    mockServer(false, {
      list_team_videos: () => {
        throw new Error('');
      },
    });
    open();
    expect(await screen.findByText('Ошибка загрузки данных: Неизвестная ошибка')).toBeInTheDocument();
  });

  it('searches the team videos', async () => {
    mockServer(false, { search_team_videos: () => ({ videos: [video(5, { title: 'Гол через себя' })] }) });
    const user = userEvent.setup();
    open();
    await screen.findByTitle('Видео 1');
    await user.type(screen.getByRole('searchbox', { name: 'Поиск видео' }), '  гол  {Enter}');
    expect(await screen.findByTitle('Гол через себя')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('search_team_videos', { team_id: 't1', query: 'гол', limit: 12 });
    expect(screen.getByRole('heading', { name: 'Результаты поиска «гол»' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Сбросить поиск' }));
    expect(await screen.findByTitle('Видео 1')).toBeInTheDocument();
  });

  it('shows visitors no management controls', async () => {
    mockServer(false);
    open();
    await screen.findByTitle('Видео 1');
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('get_team', { id: 't1' }));
    for (const name of ['Добавить видео', 'Новый раздел', 'Удалённые', 'Изменить раздел', 'Удалить раздел']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Переместить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить видео/ })).not.toBeInTheDocument();
  });

  it('lets a manager add a video with tags split on commas', async () => {
    mockServer(true, { create_team_video: (p) => ({ ...video(99), ...p }) });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Добавить видео' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Новое видео' }));
    await user.click(dialog.getByRole('button', { name: 'Создать' }));
    expect(dialog.getByText('Введите название.')).toBeInTheDocument();
    expect(dialog.getByText('Вставьте ссылку на видео.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Название'), 'Обзор тура');
    await user.type(dialog.getByLabelText('Ссылка на видео'), 'https://youtu.be/abc');
    await user.type(dialog.getByLabelText('Теги'), ' обзор, ,  голы ,');
    await user.type(dialog.getByLabelText('Описание'), 'Все голы');
    await user.click(dialog.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('create_team_video', {
      team_id: 't1',
      section_id: 's1',
      title: 'Обзор тура',
      description: 'Все голы',
      embed_url: 'https://youtu.be/abc',
      tags: ['обзор', 'голы'],
    });
  });

  it('lets a manager reorder, edit, delete and restore videos and reorder sections', async () => {
    // The server keeps the order it is given.
    let order = ['v1', 'v2'];
    const byOrder = () => order.map((id) => video(Number(id.slice(1))));
    mockServer(true, {
      list_team_videos: (p) => ({ videos: p.include_deleted ? [...byOrder(), video(3, { delete_time: '2025-03-01T00:00:00Z' })] : byOrder() }),
      reorder_team_videos: (p) => {
        order = p.ids as string[];
        return {};
      },
    });
    const user = userEvent.setup();
    open();
    await screen.findByTitle('Видео 2');
    const up = screen.getByRole('button', { name: 'Переместить видео «Видео 2» выше' });
    await user.click(up);
    expect(rpc).toHaveBeenCalledWith('reorder_team_videos', { section_id: 's1', ids: ['v2', 'v1'] });
    // At the top now, still focused, and inert.
    await waitFor(() => expect(up).toHaveAttribute('aria-disabled', 'true'));
    expect(up).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Переместить раздел «Интервью» выше' }));
    expect(rpc).toHaveBeenCalledWith('reorder_team_video_sections', { team_id: 't1', ids: ['s2', 's1'] });

    await user.click(screen.getByRole('button', { name: 'Изменить видео «Видео 1»' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Изменить видео' }));
    expect(dialog.getByLabelText('Теги')).toHaveValue('голы, кубок');
    await user.clear(dialog.getByLabelText('Название'));
    await user.type(dialog.getByLabelText('Название'), 'Лучшие голы');
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The stored embed link is not sent back unchanged.
    expect(rpc).toHaveBeenCalledWith('update_team_video', { id: 'v1', title: 'Лучшие голы', description: '', tags: ['голы', 'кубок'] });

    await user.click(screen.getByRole('button', { name: 'Удалить видео «Видео 1»' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_video', { id: 'v1' });

    await user.click(screen.getByRole('button', { name: 'Удалённые' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('list_team_video_sections', expect.objectContaining({ include_deleted: true })));
    await user.click(await screen.findByRole('button', { name: 'Восстановить видео «Видео 3»' }));
    expect(rpc).toHaveBeenCalledWith('restore_team_video', { id: 'v3' });
  });
});
