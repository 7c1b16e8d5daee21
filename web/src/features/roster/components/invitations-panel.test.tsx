import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../shared/api/users.ts', () => ({
  useUsers: () => ({ dan: { id: 'dan', display_name: 'Данила Вратарёв' } }),
}));

const { InvitationsPanel } = await import('./invitations-panel.tsx');

const TEAM = { id: 't1', name: 'Спартак' };
let invitations: Record<string, unknown>[];

type Handler = (payload: Record<string, unknown>) => unknown;
function server(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    list_team_invitations: () => ({ invitations }),
    search_users: (p) => ({ users: String(p.query).startsWith('Дан') ? [{ id: 'dan', display_name: 'Данила Вратарёв' }, { id: 'ann', display_name: 'Даниэла Анина' }] : [] }),
    create_team_invitation: (p) => {
      const inv = { id: 'inv-new', team_id: 't1', kind: 'user', invitee_id: p.user_id, creator_id: 'me', use_count: 0, create_time: '2025-05-01T10:00:00Z', team: TEAM };
      invitations = [inv, ...invitations];
      return inv;
    },
    create_team_invitation_link: (p) => ({
      id: 'link-new', team_id: 't1', kind: 'link', creator_id: 'me', use_count: 0, create_time: '2025-05-01T10:00:00Z', team: TEAM,
      ...(p.max_uses ? { max_uses: p.max_uses } : {}), token: 'Secret_Token-0123456789abcdefghij',
    }),
    revoke_team_invitation: (p) => {
      invitations = invitations.filter((i) => i.id !== p.id);
      return {};
    },
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => (handlers[id] ? handlers[id](p) : {}));
}

beforeEach(() => {
  rpc.mockReset();
  invitations = [];
});

const open = () => renderPage(<InvitationsPanel teamId="t1" />, '/teams/t1/roster', '/teams/:teamId/roster');

describe('the invitations panel', () => {
  it('finds a user by name and invites them; an invited user is marked so', async () => {
    server();
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Приглашений пока нет.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Добавить своего игрока' })).toHaveAttribute('href', '/teams/t1/join');
    await user.type(screen.getByLabelText('Имя пользователя'), 'Д');
    expect(screen.getByText('Введите хотя бы 2 буквы.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Имя пользователя'), 'ан');
    await user.click(await screen.findByRole('button', { name: 'Пригласить: Данила Вратарёв' }));
    expect(rpc).toHaveBeenCalledWith('create_team_invitation', { team_id: 't1', user_id: 'dan' });
    expect(await screen.findByText('Приглашение отправлено: Данила Вратарёв')).toBeInTheDocument();
    expect(await screen.findByText('Приглашён')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пригласить: Даниэла Анина' })).toBeInTheDocument();
    expect(await screen.findByText('приглашение от 1 мая 2025 г.')).toBeInTheDocument();
  });

  it('says when nobody is found, and shows a refused invitation', async () => {
    server({ create_team_invitation: () => { throw new ApiError(403, 7, 'Этого пользователя нельзя пригласить.'); } });
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Имя пользователя'), 'Зз');
    expect(await screen.findByText('Никого не нашли.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Имя пользователя'));
    await user.type(screen.getByLabelText('Имя пользователя'), 'Дан');
    await user.click(await screen.findByRole('button', { name: 'Пригласить: Данила Вратарёв' }));
    expect(await screen.findByText('Этого пользователя нельзя пригласить.')).toBeInTheDocument();
  });

  it('makes a join link with its options, shows its whole address once and copies it', async () => {
    server();
    const user = userEvent.setup();
    open();
    await user.selectOptions(screen.getByLabelText('Срок действия'), '7 дней');
    await user.selectOptions(screen.getByLabelText('Лимит вступлений'), '5');
    await user.click(screen.getByRole('button', { name: 'Создать ссылку' }));
    expect(rpc).toHaveBeenCalledWith('create_team_invitation_link', { team_id: 't1', expires_in_days: 7, max_uses: 5 });
    const address = await screen.findByLabelText('Новая ссылка');
    const url = `${window.location.origin}/teams/t1/join?token=Secret_Token-0123456789abcdefghij`;
    expect(address).toHaveValue(url);
    expect(screen.getByText('Скопируйте её сейчас: потом показать ссылку ещё раз не получится, но можно создать новую.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
    await act(async () => expect(await navigator.clipboard.readText()).toBe(url));
  });

  it('lists open invitations and links with their state, and revokes them', async () => {
    invitations = [
      { id: 'i1', team_id: 't1', kind: 'user', invitee_id: 'dan', creator_id: 'me', use_count: 0, create_time: '2025-05-02T10:00:00Z', team: TEAM },
      { id: 'l1', team_id: 't1', kind: 'link', creator_id: 'me', use_count: 2, max_uses: 5, expire_time: '2999-01-01T00:00:00Z', create_time: '2025-05-01T10:00:00Z', team: TEAM },
      { id: 'l2', team_id: 't1', kind: 'link', creator_id: 'me', use_count: 1, expire_time: '2000-01-01T00:00:00Z', create_time: '1999-12-01T10:00:00Z', team: TEAM },
    ];
    server();
    const user = userEvent.setup();
    open();
    const list = await screen.findByRole('heading', { name: 'Действующие приглашения' });
    const panel = list.parentElement!;
    expect(await within(panel).findByText('Данила Вратарёв')).toBeInTheDocument();
    expect(within(panel).getByText('вступили: 2 из 5 · действует до 1 января 2999 г.')).toBeInTheDocument();
    expect(within(panel).getByText('вступили: 1 · срок истёк')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Отозвать: Ссылка от 1 мая 2025 г.' }));
    expect(rpc).toHaveBeenCalledWith('revoke_team_invitation', { id: 'l1' });
    expect(await screen.findByText('Приглашение отозвано')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('вступили: 2 из 5 · действует до 1 января 2999 г.')).not.toBeInTheDocument());
    await user.click(within(panel).getByRole('button', { name: 'Отозвать: Данила Вратарёв' }));
    expect(rpc).toHaveBeenCalledWith('revoke_team_invitation', { id: 'i1' });
  });
});
