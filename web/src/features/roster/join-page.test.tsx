import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/nakama/errors.ts';
import { renderPage } from '../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ authenticated: true }));
vi.mock('../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated }));

const { Component: JoinPage } = await import('./join-page.tsx');

const PLAYERS = [
  { id: 'p1', first_name: 'Иван', last_name: 'Петров', middle_name: 'Сергеевич' },
  { id: 'p2', first_name: 'Олег', last_name: 'Сидоров' },
];

type Handler = (payload: Record<string, unknown>) => unknown;
function server(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    get_team: () => ({ id: 't1', name: 'Спартак', team_type: 0, viewer: { has_player: false, can_manage: false, can_join: true } }),
    list_players: () => ({ players: PLAYERS }),
    get_team_free_number: () => ({ number: 8 }),
    request_join_team_player: (p) => ({ id: 'tp1', ...p, is_confirmed: false }),
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => (handlers[id] ? handlers[id](p) : {}));
}

beforeEach(() => {
  session.authenticated = true;
  rpc.mockReset();
});

const open = () => renderPage(<JoinPage />, '/teams/t1/join', '/teams/:teamId/join');
const sendButton = () => screen.getByRole('button', { name: 'Отправить заявку' });

describe('join request', () => {
  it('lists the user\'s players, suggests the free number, and sends only after a player is chosen', async () => {
    server();
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByRole('radio', { name: 'Петров Иван Сергеевич' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_players', expect.objectContaining({ only_mine: true }));
    expect(await screen.findByText('Свободный номер: 8')).toBeInTheDocument();
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
    server({ get_team_free_number: () => ({ number: null }) });
    open();
    expect(await screen.findByText('Все номера от 1 до 99 заняты')).toBeInTheDocument();
    expect(screen.queryByText(/Свободный номер/)).not.toBeInTheDocument();
  });

  it('shows the server\'s refusal, e.g. all numbers taken at send time', async () => {
    server({ request_join_team_player: () => { throw new ApiError(400, 9, 'Все номера от 1 до 99 заняты'); } });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('radio', { name: 'Сидоров Олег' }));
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Все номера от 1 до 99 заняты');
  });

  it('tells a user whose player is already on the team, without the form', async () => {
    server({ get_team: () => ({ id: 't1', name: 'Спартак', team_type: 0, viewer: { has_player: true } }) });
    open();
    expect(await screen.findByText('Один из ваших игроков уже в этой команде.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
  });

  it('tells an applicant their request is waiting, and a closed team that it takes no requests', async () => {
    server({ get_team: () => ({ id: 't1', name: 'Спартак', team_type: 0, viewer: { has_player: true, pending_request_id: 'tp-1', can_join: false } }) });
    const { unmount } = open();
    expect(await screen.findByText('Заявка отправлена: она ждёт одобрения владельца или администратора команды.')).toBeInTheDocument();
    unmount();
    server({ get_team: () => ({ id: 't1', name: 'Спартак', team_type: 1, viewer: { has_player: false, can_join: false } }) });
    open();
    expect(await screen.findByText('Команда закрыта: заявки принимают только её владелец и администраторы.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить заявку' })).not.toBeInTheDocument();
  });

  it('asks visitors to sign in', async () => {
    session.authenticated = false;
    server();
    open();
    expect(screen.getByText('Чтобы вступить в команду, войдите или зарегистрируйтесь.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?next=%2Fteams%2Ft1%2Fjoin');
  });
});
