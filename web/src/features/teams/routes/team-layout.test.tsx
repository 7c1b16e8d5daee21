import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const VISITOR = { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false };
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

  it('the pencil uploads the chosen image and saves it with update_team', async () => {
    teamWith({ is_owner: true, is_member: true, can_manage: true });
    toWebpBase64.mockResolvedValue('V0VCUA==');
    uploadFile.mockResolvedValue({ uuid: 'new-avatar' });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Сменить аватар' }));
    const file = new File(['img'], 'logo.png', { type: 'image/png' });
    await user.upload(document.querySelector('.team-avatar input[type=file]') as HTMLInputElement, file);
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('update_team', { id: 't1', avatar_id: 'new-avatar' }));
    expect(toWebpBase64).toHaveBeenCalledWith(file);
    expect(uploadFile).toHaveBeenCalledWith('V0VCUA==', 'image/webp');
    await waitFor(() => expect(document.querySelector('.team-avatar img')).toHaveAttribute('src', '/uploads/new-avatar'));
  });

  it('reports a failed avatar upload and does not update the team', async () => {
    teamWith({ is_owner: true, is_member: true, can_manage: true });
    toWebpBase64.mockResolvedValue('V0VCUA==');
    uploadFile.mockRejectedValue(new Error('File upload failed'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    open();
    await screen.findByRole('button', { name: 'Сменить аватар' });
    await user.upload(document.querySelector('.team-avatar input[type=file]') as HTMLInputElement, new File(['img'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Не удалось загрузить аватар')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('update_team', expect.anything());
    vi.mocked(console.error).mockRestore();
  });
});

describe('join button', () => {
  it('is shown when none of the user\'s players is on the team, open or closed', async () => {
    teamWith({});
    const { unmount } = open();
    expect(await screen.findByRole('link', { name: 'Вступить в команду' })).toHaveAttribute('href', '/teams/t1/join');
    unmount();

    teamWith({}, { team_type: 1 });
    open();
    expect(await screen.findByRole('link', { name: 'Вступить в команду' })).toBeInTheDocument();
  });

  it('is hidden when one of the user\'s players is on the team (confirmed or not)', async () => {
    teamWith({ has_player: true });
    open();
    await screen.findByRole('heading', { name: 'Спартак' });
    expect(joinLink()).not.toBeInTheDocument();
  });
});
