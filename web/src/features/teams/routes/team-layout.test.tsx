import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const uploadFile = vi.fn();
const toWebpBase64 = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../lib/nakama/upload.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: (...a: unknown[]) => uploadFile(...a),
}));
vi.mock('../../../shared/lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toWebpBase64: (...a: unknown[]) => toWebpBase64(...a),
}));

const { Component: TeamLayout } = await import('./team-layout.tsx');

const VISITOR = { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false, can_join: false } as {
  is_owner: boolean; is_admin: boolean; is_member: boolean; has_player: boolean; can_manage: boolean; can_join: boolean; pending_request_id?: string;
};
let team: Record<string, unknown>;

function teamWith(viewer: Partial<typeof VISITOR>, extra: Record<string, unknown> = {}) {
  team = { id: 't1', name: 'Спартак', description: 'Дворовая команда', avatar_id: 'old-avatar', team_type: 0, viewer: { ...VISITOR, ...viewer }, ...extra };
}

beforeEach(() => {
  rpc.mockReset();
  uploadFile.mockReset();
  toWebpBase64.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_team') return team;
    if (id === 'update_team') {
      team = { ...team, ...p };
      return team;
    }
    return {};
  });
});

const open = () => renderPage(<TeamLayout />, '/teams/t1', '/teams/:teamId');
const joinLink = () => screen.queryByRole('link', { name: 'Вступить в команду' });

describe('team header', () => {
  it('shows the avatar, name and description', async () => {
    teamWith({});
    open();
    expect(await screen.findByRole('heading', { name: 'Спартак' })).toBeInTheDocument();
    expect(screen.getByText('Дворовая команда')).toBeInTheDocument();
    expect(document.querySelector('.team-avatar img')).toHaveAttribute('src', '/uploads/old-avatar');
  });

  it('gives the avatar pencil to managers only', async () => {
    teamWith({ is_member: true, has_player: true });
    const { unmount } = open();
    await screen.findByRole('heading', { name: 'Спартак' });
    expect(screen.queryByRole('button', { name: 'Сменить аватар' })).not.toBeInTheDocument();
    unmount();

    teamWith({ is_admin: true, is_member: true, has_player: true, can_manage: true });
    open();
    expect(await screen.findByRole('button', { name: 'Сменить аватар' })).toBeInTheDocument();
  });

  it('the pencil opens the avatar dialog: the chosen image is shown, then saved with update_team', async () => {
    teamWith({ is_owner: true, is_member: true, can_manage: true });
    toWebpBase64.mockResolvedValue('V0VCUA==');
    uploadFile.mockResolvedValue({ uuid: 'new-avatar' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Сменить аватар' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сменить аватар' });
    const file = new File(['img'], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Аватар команды'), file);
    await user.click(await within(dialog).findByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('update_team', { id: 't1', avatar_id: 'new-avatar' }));
    expect(toWebpBase64).toHaveBeenCalledWith(file);
    expect(uploadFile).toHaveBeenCalledWith('V0VCUA==', 'image/webp', expect.any(Function));
    expect(await screen.findByText('Аватар команды обновлён')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.team-avatar img')).toHaveAttribute('src', '/uploads/new-avatar'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a failed avatar upload in the dialog and does not update the team', async () => {
    teamWith({ is_owner: true, is_member: true, can_manage: true });
    toWebpBase64.mockResolvedValue('V0VCUA==');
    uploadFile.mockRejectedValue(new Error('File upload failed'));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Сменить аватар' }));
    await user.upload(screen.getByLabelText('Аватар команды'), new File(['img'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить аватар');
    expect(rpc).not.toHaveBeenCalledWith('update_team', expect.anything());
  });

  it('offers a way back when the team does not exist, and titles the page by team and section', async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Команда не найдена.'));
    open();
    expect(await screen.findByText('Команда не найдена')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку команд' })).toHaveAttribute('href', '/teams');
    expect(document.title).toBe('Команда не найдена — Трибуна');
  });

  it('titles the browser tab by the section and the team', async () => {
    teamWith({});
    renderPage(<TeamLayout />, '/teams/t1/roster', '/teams/:teamId/*');
    await screen.findByRole('heading', { name: 'Спартак' });
    expect(document.title).toBe('Состав — Спартак — Трибуна');
  });
});

describe('joining', () => {
  it('offers the join button to whom the team says may join', async () => {
    teamWith({ can_join: true });
    const { unmount } = open();
    expect(await screen.findByRole('link', { name: 'Вступить в команду' })).toHaveAttribute('href', '/teams/t1/join');
    unmount();

    for (const viewer of [{ is_owner: true, is_member: true }, { is_member: true, has_player: true }, {}]) {
      teamWith(viewer);
      const { unmount: close } = open();
      await screen.findByRole('heading', { name: 'Спартак' });
      expect(joinLink()).not.toBeInTheDocument();
      close();
    }
  });

  it('shows an applicant their request waiting, and withdraws it', async () => {
    teamWith({ has_player: true, pending_request_id: 'tp-9' });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Заявка отправлена')).toBeInTheDocument();
    expect(joinLink()).not.toBeInTheDocument();
    teamWith({ can_join: true });
    await user.click(screen.getByRole('button', { name: 'Отозвать заявку' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('reject_team_player', { id: 'tp-9' }));
    expect(await screen.findByText('Заявка отозвана')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Вступить в команду' })).toBeInTheDocument();
    expect(screen.queryByText('Заявка отправлена')).not.toBeInTheDocument();
  });
});
