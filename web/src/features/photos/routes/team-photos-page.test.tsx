import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const uploadFile = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
// upload_file goes through its own XHR helper (for progress); the WebP conversion needs a real canvas.
vi.mock('../../../lib/nakama/upload.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: (...a: unknown[]) => uploadFile(...a),
}));
vi.mock('../../../shared/lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toWebpBase64: async () => 'V0VCUA==',
}));

const { Component: TeamPhotosPage } = await import('./team-photos-page.tsx');

const SECTIONS = [
  { id: 's1', team_id: 't1', title: 'Финал кубка', description: 'Май 2025', slug: 'Финал кубка', sort: 0, photo_count: 3 },
  { id: 's2', team_id: 't1', title: 'Тренировки', description: '', slug: 'Тренировки', sort: 1, photo_count: 0 },
];
const photo = (n: number, extra: object = {}) => ({ id: `p${n}`, team_id: 't1', section_id: 's1', file_id: `f${n}`, description: n === 1 ? 'Капитан с кубком' : '', ...extra });

type Handler = (payload: Record<string, unknown>) => unknown;
function mockServer(canManage: boolean, overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    get_team: () => ({ id: 't1', name: 'Спартак', viewer: { can_manage: canManage } }),
    list_team_photo_sections: () => ({ sections: SECTIONS }),
    list_team_photos: (p) => {
      if (p.section_id !== 's1') return { photos: [] };
      return { photos: p.include_deleted ? [photo(1), photo(2), photo(3), photo(4, { delete_time: '2025-03-01T00:00:00Z' })] : [photo(1), photo(2), photo(3)] };
    },
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, payload: Record<string, unknown>) => (handlers[id] ? handlers[id](payload) : {}));
}

function open() {
  return renderPage(<TeamPhotosPage />, '/teams/t1/photos', '/teams/:teamId/photos');
}

beforeEach(() => {
  rpc.mockReset();
  uploadFile.mockReset();
});

describe('team photos', () => {
  it('shows the first section and its photos', async () => {
    mockServer(false);
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('button', { name: 'Открыть фото 1: Капитан с кубком' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Финал кубка/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Финал кубка' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_team_photos', { team_id: 't1', section_id: 's1', limit: 50 });
    await user.click(screen.getByRole('button', { name: /Тренировки/ }));
    expect(await screen.findByText('В этом разделе пока нет фото.')).toBeInTheDocument();
  });

  it('opens the viewer, pages with buttons and arrow keys, closes with Escape and returns focus', async () => {
    mockServer(false);
    const user = userEvent.setup();
    open();
    const first = await screen.findByRole('button', { name: 'Открыть фото 1: Капитан с кубком' });
    await user.click(first);
    let dialog = screen.getByRole('dialog', { name: 'Фото 1 из 3' });
    expect(within(dialog).getByRole('img', { name: 'Капитан с кубком' })).toHaveAttribute('src', '/uploads/f1');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Следующее фото' }));
    dialog = screen.getByRole('dialog', { name: 'Фото 2 из 3' });
    expect(within(dialog).getByRole('img', { name: 'Фото 2' })).toHaveAttribute('src', '/uploads/f2');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Фото 3 из 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Фото 1 из 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Фото 3 из 3' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Предыдущее фото' }));
    expect(screen.getByRole('dialog', { name: 'Фото 2 из 3' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the thumbnail of the photo last shown.
    expect(screen.getByRole('button', { name: 'Открыть фото 2' })).toHaveFocus();

    await user.click(first);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(first).toHaveFocus();
  });

  it('keeps Tab inside the viewer', async () => {
    mockServer(false);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Открыть фото 1: Капитан с кубком' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('shows visitors no management controls', async () => {
    mockServer(false);
    open();
    await screen.findByRole('button', { name: 'Открыть фото 1: Капитан с кубком' });
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('get_team', { id: 't1' }));
    for (const name of ['Новый раздел', 'Удалённые', 'Переименовать', 'Удалить раздел', 'Удалить фото 1']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Добавить фото')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lets a manager change a photo\'s caption, which the viewer then shows', async () => {
    let captions: Record<string, string> = {};
    mockServer(true, {
      list_team_photos: (p) => ({ photos: p.section_id === 's1' ? [1, 2].map((n) => photo(n, captions[`p${n}`] !== undefined ? { description: captions[`p${n}`] } : {})) : [] }),
      update_team_photo: (p) => {
        captions = { ...captions, [String(p.id)]: String(p.description) };
        return photo(2, { description: p.description });
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Изменить подпись фото 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Подпись к фото 2' });
    await user.type(within(dialog).getByLabelText('Подпись'), '  Разминка перед финалом ');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(rpc).toHaveBeenCalledWith('update_team_photo', { id: 'p2', description: 'Разминка перед финалом' });
    expect(await screen.findByText('Подпись сохранена')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Открыть фото 2: Разминка перед финалом' })).toBeInTheDocument();
    // Emptied, the caption is cleared.
    await user.click(screen.getByRole('button', { name: 'Изменить подпись фото 1' }));
    await user.clear(within(screen.getByRole('dialog')).getByLabelText('Подпись'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Сохранить' }));
    expect(rpc).toHaveBeenCalledWith('update_team_photo', { id: 'p1', description: '' });
  });

  it('lets a manager manage sections and move, delete and restore photos', async () => {
    mockServer(true, { create_team_photo_section: (p) => ({ id: 's3', photo_count: 0, ...p }) });
    const user = userEvent.setup();
    open();
    await screen.findByRole('button', { name: 'Открыть фото 1: Капитан с кубком' });
    expect(await screen.findByLabelText('Добавить фото')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Переместить фото 2 в другой раздел' }), 's2');
    expect(rpc).toHaveBeenCalledWith('move_team_photo', { id: 'p2', section_id: 's2' });
    await user.click(screen.getByRole('button', { name: 'Удалить фото 1' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_photo', { id: 'p1' });

    await user.click(screen.getByRole('button', { name: 'Удалённые' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('list_team_photos', { team_id: 't1', section_id: 's1', limit: 50, include_deleted: true }));
    expect(rpc).toHaveBeenCalledWith('list_team_photo_sections', expect.objectContaining({ include_deleted: true }));
    await user.click(await screen.findByRole('button', { name: 'Восстановить фото 4' }));
    expect(rpc).toHaveBeenCalledWith('restore_team_photo', { id: 'p4' });

    await user.click(screen.getByRole('button', { name: 'Переименовать' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Изменить раздел' }));
    await user.clear(dialog.getByLabelText('Название'));
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    expect(dialog.getByText('Введите название раздела.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Название'), 'Финал');
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('update_team_photo_section', { id: 's1', title: 'Финал', description: 'Май 2025' });

    await user.click(screen.getByRole('button', { name: 'Удалить раздел' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_photo_section', { id: 's1' });

    await user.click(screen.getByRole('button', { name: 'Новый раздел' }));
    dialog = within(screen.getByRole('dialog', { name: 'Новый раздел' }));
    await user.type(dialog.getByLabelText('Название'), 'Болельщики');
    await user.click(dialog.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('create_team_photo_section', { team_id: 't1', title: 'Болельщики', description: undefined }));
  });

  it('uploads a photo into the section: upload_file, then create_team_photo, then "Фото добавлено"', async () => {
    const calls: string[] = [];
    uploadFile.mockImplementation(async (_content: string, _format: string, progress?: (f: number) => void) => {
      calls.push('upload_file');
      progress?.(1);
      return { uuid: 'file-9' };
    });
    mockServer(true, {
      create_team_photo: (p) => {
        calls.push('create_team_photo');
        return { id: 'p9', ...p };
      },
    });
    const user = userEvent.setup();
    open();
    const input = await screen.findByLabelText('Добавить фото');
    await user.upload(input, new File(['img'], 'goal.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Фото добавлено')).toBeInTheDocument();
    expect(calls).toEqual(['upload_file', 'create_team_photo']);
    expect(uploadFile).toHaveBeenCalledWith('V0VCUA==', 'image/webp', expect.any(Function));
    expect(rpc).toHaveBeenCalledWith('create_team_photo', { team_id: 't1', section_id: 's1', file_id: 'file-9' });
    // The section's photos are asked for again, so the new one shows.
    await waitFor(() => expect(rpc.mock.calls.filter((c) => c[0] === 'list_team_photos').length).toBeGreaterThan(1));
  });

  it('takes several photos at once; a failed upload or create_team_photo shows beside its file', async () => {
    uploadFile.mockResolvedValueOnce({ uuid: 'file-8' }).mockResolvedValueOnce({ uuid: 'file-9' }).mockRejectedValueOnce(new Error('File upload failed'));
    let creates = 0;
    mockServer(true, {
      create_team_photo: () => {
        creates += 1;
        if (creates === 2) throw new Error('offline');
        return { id: 'ph-new' };
      },
    });
    const user = userEvent.setup();
    open();
    const input = await screen.findByLabelText('Добавить фото');
    await user.upload(input, ['a.jpg', 'b.jpg', 'c.jpg'].map((n) => new File(['img'], n, { type: 'image/jpeg' })));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts.sort()).toEqual(['Не удалось добавить фото', 'Не удалось добавить фото']);
    expect(screen.getByText('Загружено')).toBeInTheDocument();
    expect(await screen.findByText('Фото добавлено')).toBeInTheDocument();
    expect(rpc.mock.calls.filter((c) => c[0] === 'create_team_photo')).toHaveLength(2);
  });

});
