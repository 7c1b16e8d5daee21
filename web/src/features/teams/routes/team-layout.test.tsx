import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../lib/router/index.tsx';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { ToastProvider } from '../../../shared/ui/toast.tsx';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const uploadFile = vi.fn();
const toWebpBase64 = vi.fn();
const session = vi.hoisted(() => ({ authenticated: false }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated }));
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

let invitations: Record<string, unknown>[] = [];

beforeEach(() => {
  session.authenticated = false;
  invitations = [];
  rpc.mockReset();
  uploadFile.mockReset();
  toWebpBase64.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_team') return team;
    if (id === 'list_my_team_invitations') return { invitations };
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

describe('filling the team', () => {
  it('gives managers a way to add their own player, instead of the join button', async () => {
    teamWith({ is_owner: true, is_member: true, can_manage: true });
    open();
    expect(await screen.findByRole('link', { name: 'Добавить игрока' })).toHaveAttribute('href', '/teams/t1/join');
    expect(joinLink()).not.toBeInTheDocument();
  });

  it('offers an invited user to accept the invitation', async () => {
    session.authenticated = true;
    invitations = [{ id: 'inv1', team_id: 't1', kind: 'user' }];
    teamWith({}, { team_type: 1 });
    open();
    expect(await screen.findByText('Вас пригласили в эту команду')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Принять приглашение' })).toHaveAttribute('href', '/teams/t1/join?invitation=inv1');
    expect(rpc).toHaveBeenCalledWith('list_my_team_invitations', { team_id: 't1', limit: 1 });
  });

  it('asks a guest nothing about invitations', async () => {
    teamWith({ can_join: true });
    open();
    await screen.findByRole('link', { name: 'Вступить в команду' });
    expect(rpc).not.toHaveBeenCalledWith('list_my_team_invitations', expect.anything());
  });
});

describe('the section menu', () => {
  const menuLinks = () => within(screen.getByRole('navigation', { name: 'Разделы команды' })).getAllByRole('link').map((a) => a.textContent);

  it('offers the locker room only to the team\'s members and owner', async () => {
    for (const viewer of [{}, { can_join: true }, { has_player: true, pending_request_id: 'tp-1' }]) {
      teamWith(viewer);
      const { unmount } = open();
      await screen.findByRole('heading', { name: 'Спартак' });
      expect(menuLinks()).not.toContain('Раздевалка');
      expect(menuLinks()).not.toContain('Раздевалка 3D');
      unmount();
    }
    for (const viewer of [{ is_member: true, has_player: true }, { is_owner: true, is_member: true, can_manage: true }]) {
      teamWith(viewer);
      const { unmount } = open();
      await screen.findByRole('heading', { name: 'Спартак' });
      expect(menuLinks()).toEqual(expect.arrayContaining(['Раздевалка', 'Раздевалка 3D']));
      unmount();
    }
  });

  it('scrolls the active section into the strip when it is wider than the screen', async () => {
    // jsdom lays nothing out: the strip is 390 px wide with 1000 px of tabs, the active one at 600–700 px.
    const scrolled = new WeakMap<Element, number>();
    const restore = [
      stub('scrollWidth', function (this: HTMLElement) { return this.classList.contains('team-menu') ? 1000 : 0; }),
      stub('clientWidth', function (this: HTMLElement) { return this.classList.contains('team-menu') ? 390 : 0; }),
      stub('scrollLeft', function (this: HTMLElement) { return scrolled.get(this) ?? 0; }, function (this: HTMLElement, v: number) { scrolled.set(this, v); }),
    ];
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const left = this.classList.contains('active') ? 600 : 0;
      return { left, width: this.classList.contains('active') ? 100 : 390, top: 0, height: 40, right: 0, bottom: 0, x: left, y: 0, toJSON() {} };
    });
    try {
      teamWith({});
      inRouter('/teams/t1/photos');
      await screen.findByRole('heading', { name: 'Спартак' });
      const menu = screen.getByRole('navigation', { name: 'Разделы команды' });
      expect(within(menu).getByRole('link', { name: 'Фото' })).toHaveClass('active');
      // The tab's right edge and a little of the next one are in sight: 700 + 24 - 390.
      expect(menu.scrollLeft).toBe(334);
    } finally {
      rect.mockRestore();
      for (const r of restore) r();
    }
  });
});

/** The layout with its child routes, as the app has them, at `path`. */
function inRouter(path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/teams/:teamId', element: <TeamLayout />, children: [{ index: true, element: null }, { path: 'photos', element: <p>фото</p> }] }],
    { initialEntries: [path] },
  );
  return render(<QueryClientProvider client={qc}><ToastProvider><RouterProvider router={router} /></ToastProvider></QueryClientProvider>);
}

/** Replaces an HTMLElement property for the test; answers the function that puts it back. */
function stub(name: string, get: (this: HTMLElement) => number, set?: (this: HTMLElement, v: number) => void): () => void {
  const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name);
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get, set: set ?? (() => {}) });
  return () => {
    if (before) Object.defineProperty(HTMLElement.prototype, name, before);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  };
}
