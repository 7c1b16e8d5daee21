import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ authenticated: true }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated }));

const { Component: JoinPage } = await import('./join-page.tsx');

const PLAYERS = [
  { id: 'p1', first_name: 'Иван', last_name: 'Петров', middle_name: 'Сергеевич' },
  { id: 'p2', first_name: 'Олег', last_name: 'Сидоров' },
];
const VISITOR = { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false, can_join: true };
const OWNER = { ...VISITOR, is_owner: true, is_member: true, can_manage: true, can_join: false };
const onTeam = (playerId: string, extra: Record<string, unknown> = {}) => ({
  id: `tp-${playerId}`, team_id: 't1', player_id: playerId, user_id: 'me', number: 7, field_role: 0, team_role: 0, is_confirmed: true,
  is_main_squad: false, player: PLAYERS.find((p) => p.id === playerId), ...extra,
});
const INVITATION = { id: 'inv1', team_id: 't1', kind: 'user', invitee_id: 'me', creator_id: 'boss', use_count: 0, team: { id: 't1', name: 'Спартак' } };

type Handler = (payload: Record<string, unknown>) => unknown;
function server(viewer: Record<string, unknown> = {}, overrides: Record<string, Handler> = {}, teamType = 0) {
  const handlers: Record<string, Handler> = {
    get_team: () => ({ id: 't1', name: 'Спартак', team_type: teamType, viewer: { ...VISITOR, ...viewer } }),
    list_players: () => ({ players: PLAYERS }),
    list_team_players: () => ({ team_players: [] }),
    list_my_team_invitations: () => ({ invitations: [] }),
    get_team_free_number: () => ({ number: 8 }),
    request_join_team_player: (p) => ({ id: 'tp1', ...p, is_confirmed: false }),
    add_team_player: (p) => ({ id: 'tp1', ...p, is_confirmed: true }),
    accept_team_invitation: (p) => ({ id: 'tp1', ...p, is_confirmed: true }),
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => (handlers[id] ? handlers[id](p) : {}));
}

beforeEach(() => {
  session.authenticated = true;
  rpc.mockReset();
});

const open = (search = '') => renderPage(<JoinPage />, `/teams/t1/join${search}`, '/teams/:teamId/join');
const sendButton = () => screen.getByRole('button', { name: 'Отправить заявку' });
const called = (id: string) => rpc.mock.calls.filter((c) => c[0] === id).map((c) => c[1]);

describe('join request', () => {
  it('lists the user\'s players, suggests the free number, and sends only after a player is chosen', async () => {
    server();
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByRole('radio', { name: 'Петров Иван Сергеевич' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_players', expect.objectContaining({ only_mine: true }));
    expect(await screen.findByText('Свободный номер: 8')).toBeInTheDocument();
    expect(screen.queryByLabelText('Амплуа')).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Сидоров Олег' }));
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    expect(rpc).toHaveBeenCalledWith('request_join_team_player', { team_id: 't1', player_id: 'p2', number: undefined });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/t1'));
  });

  it('refuses a number outside 1–99 with a message and sends nothing', async () => {
    server();
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('radio', { name: 'Сидоров Олег' }));
    const number = screen.getByLabelText('Номер (1–99, необязательно)');
    for (const bad of ['100', '0', '7.5']) {
      await user.clear(number);
      await user.type(number, bad);
      await user.click(sendButton());
      expect(await screen.findByText('Номер должен быть от 1 до 99')).toBeInTheDocument();
    }
    expect(rpc).not.toHaveBeenCalledWith('request_join_team_player', expect.anything());
    expect(router.state.location.pathname).toBe('/teams/t1/join');

    await user.clear(number);
    await user.type(number, '99');
    await user.click(sendButton());
    expect(rpc).toHaveBeenCalledWith('request_join_team_player', { team_id: 't1', player_id: 'p2', number: 99 });
  });

  it('says when all numbers from 1 to 99 are taken', async () => {
    server({}, { get_team_free_number: () => ({ number: null }) });
    open();
    expect(await screen.findByText('Все номера от 1 до 99 заняты')).toBeInTheDocument();
    expect(screen.queryByText(/Свободный номер/)).not.toBeInTheDocument();
  });

  it('shows the server\'s refusal, e.g. all numbers taken at send time', async () => {
    server({}, { request_join_team_player: () => { throw new ApiError(400, 9, 'Все номера от 1 до 99 заняты'); } });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('radio', { name: 'Сидоров Олег' }));
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Все номера от 1 до 99 заняты');
  });

  it('tells a member their player is on the team, lists it with its page, and lets it leave after a confirmation', async () => {
    server({ is_member: true, has_player: true, can_join: false }, { list_team_players: () => ({ team_players: [onTeam('p1')] }) });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Один из ваших игроков уже в этой команде.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Ваши игроки в команде' });
    expect(within(mine).getByRole('link', { name: 'Петров Иван' })).toHaveAttribute('href', '/players/p1');
    await user.click(within(mine).getByRole('button', { name: 'Покинуть команду' }));
    const dialog = screen.getByRole('dialog', { name: 'Покинуть команду?' });
    expect(dialog).toHaveTextContent('Игрок Петров Иван больше не будет в команде «Спартак».');
    expect(rpc).not.toHaveBeenCalledWith('reject_team_player', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Покинуть команду' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('reject_team_player', { id: 'tp-p1' }));
    expect(await screen.findByText('Вы покинули команду')).toBeInTheDocument();
  });

  it('tells an applicant their request is waiting, and a closed team that one joins it by invitation', async () => {
    server({ has_player: true, pending_request_id: 'tp-1', can_join: false });
    const { unmount } = open();
    expect(await screen.findByText('Заявка отправлена: она ждёт одобрения владельца или администратора команды.')).toBeInTheDocument();
    unmount();
    server({ can_join: false }, {}, 1);
    open();
    expect(await screen.findByText('Команда закрыта: в неё вступают по приглашению владельца или администратора.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
  });

  it('asks visitors to sign in, and brings them back to the same address, a join link\'s token included', async () => {
    session.authenticated = false;
    server();
    const { unmount } = open();
    expect(screen.getByText('Чтобы вступить в команду, войдите или зарегистрируйтесь.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?next=%2Fteams%2Ft1%2Fjoin');
    unmount();
    open('?token=abc_DEF-123');
    expect(screen.getByText('Вас пригласили в команду. Чтобы принять приглашение, войдите или зарегистрируйтесь.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/teams/t1/join?token=abc_DEF-123')}`);
    expect(rpc).not.toHaveBeenCalledWith('list_players', expect.anything());
  });
});

describe('without players', () => {
  it('offers to create one first, and to come back to this page afterwards', async () => {
    server({ can_join: false }, { list_players: () => ({ players: [] }) }, 1);
    open('?token=abc_DEF-123');
    expect(await screen.findByText('У вас пока нет игроков.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Создать игрока' })).toHaveAttribute(
      'href',
      `/players/create?next=${encodeURIComponent('/teams/t1/join?token=abc_DEF-123')}`,
    );
  });
});

describe('a manager\'s own player', () => {
  it('is put on the team at once by its owner, who has no player there yet, with number and role', async () => {
    server(OWNER, {}, 1);
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Добавить игрока в команду' })).toBeInTheDocument();
    expect(screen.queryByText('Один из ваших игроков уже в этой команде.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Сидоров Олег' }));
    await user.type(screen.getByLabelText('Номер (1–99, необязательно)'), '10');
    await user.selectOptions(screen.getByLabelText('Амплуа'), 'Нападающий');
    await user.click(screen.getByRole('button', { name: 'Добавить в команду' }));
    expect(rpc).toHaveBeenCalledWith('add_team_player', { team_id: 't1', player_id: 'p2', number: 10, field_role: 4 });
    expect(called('request_join_team_player')).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/t1/roster'));
    expect(await screen.findByText('Игрок Сидоров Олег добавлен в команду')).toBeInTheDocument();
  });

  it('offers only the players not on the team yet, and says when all of them are', async () => {
    server({ ...OWNER, has_player: true }, { list_team_players: () => ({ team_players: [onTeam('p1')] }) });
    const { unmount } = open();
    expect(await screen.findByRole('radio', { name: 'Сидоров Олег' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Добавить в команду' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Петров Иван Сергеевич' })).not.toBeInTheDocument();
    unmount();
    server({ ...OWNER, has_player: true }, { list_team_players: () => ({ team_players: [onTeam('p1'), onTeam('p2', { number: 8 })] }) });
    open();
    expect(await screen.findByText('Все ваши игроки уже в этой команде.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Покинуть команду' })).toHaveLength(2);
  });

  it('shows the refusal and stays', async () => {
    server(OWNER, { add_team_player: () => { throw new ApiError(409, 6, 'Номер 10 уже занят'); } });
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('radio', { name: 'Сидоров Олег' }));
    await user.click(screen.getByRole('button', { name: 'Добавить в команду' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Номер 10 уже занят');
    expect(router.state.location.pathname).toBe('/teams/t1/join');
  });
});

describe('an invitation', () => {
  it('to the user is accepted with one of their players, on a closed team, and leads to the roster', async () => {
    server({ can_join: false }, { list_my_team_invitations: () => ({ invitations: [INVITATION] }) }, 1);
    const user = userEvent.setup();
    const { router } = open('?invitation=inv1');
    expect(await screen.findByRole('heading', { name: 'Приглашение в команду' })).toBeInTheDocument();
    expect(screen.getByText('Вас пригласили в команду «Спартак». Выберите игрока, с которым вступите.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Петров Иван Сергеевич' }));
    await user.selectOptions(screen.getByLabelText('Амплуа'), 'Вратарь');
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(rpc).toHaveBeenCalledWith('accept_team_invitation', { id: 'inv1', player_id: 'p1', number: undefined, field_role: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/t1/roster'));
    expect(await screen.findByText('Вы в команде')).toBeInTheDocument();
  });

  it('is found without the address too, and can be declined', async () => {
    server({ can_join: false }, { list_my_team_invitations: () => ({ invitations: [INVITATION] }) }, 1);
    const user = userEvent.setup();
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Отклонить приглашение' }));
    expect(rpc).toHaveBeenCalledWith('decline_team_invitation', { id: 'inv1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/t1'));
    expect(await screen.findByText('Приглашение отклонено')).toBeInTheDocument();
  });

  it('that is gone is said so', async () => {
    server({ can_join: false }, {}, 1);
    open('?invitation=inv1');
    expect(await screen.findByText('Приглашение не найдено: его отозвали или уже приняли.')).toBeInTheDocument();
    expect(screen.getByText('Команда закрыта: в неё вступают по приглашению владельца или администратора.')).toBeInTheDocument();
  });

  it('by a join link is accepted with the link\'s token, and a refused token is said so', async () => {
    server({ can_join: false }, { accept_team_invitation: () => { throw new ApiError(404, 5, 'Приглашение не найдено или отозвано.'); } }, 1);
    const user = userEvent.setup();
    open('?token=abc_DEF-123');
    expect(await screen.findByText('Вы открыли приглашение в команду «Спартак». Выберите игрока, с которым вступите.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Сидоров Олег' }));
    await user.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(rpc).toHaveBeenCalledWith('accept_team_invitation', { token: 'abc_DEF-123', player_id: 'p2', number: undefined });
    expect(await screen.findByRole('alert')).toHaveTextContent('Приглашение не найдено или отозвано.');
    expect(called('list_my_team_invitations')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Отклонить приглашение' })).not.toBeInTheDocument();
  });
});
