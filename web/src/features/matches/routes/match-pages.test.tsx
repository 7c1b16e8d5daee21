import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { toLocalInput } from '../../../shared/i18n/format.ts';
import { renderPage } from '../../../test/render.tsx';
import { BEARS, match, WOLVES } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: MatchPage } = await import('./match-page.tsx');
const { Component: CreatePage } = await import('./match-create-page.tsx');
const { Component: EditPage } = await import('./match-edit-page.tsx');

/** Now, for the pages that check a time against it: noon of 26 November 2026, local time. */
const NOW = new Date(2026, 10, 26, 12, 0);

beforeEach(() => {
  session.userId = '';
  rpc.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a match', () => {
  const open = () => renderPage(<MatchPage />, '/matches/m1', '/matches/:id');

  it('links both teams and shows the match and creation times', async () => {
    rpc.mockResolvedValue(match(1));
    open();
    expect(await screen.findByRole('heading', { name: 'Северные волки — Южные медведи' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Северные волки' })).toHaveAttribute('href', '/teams/t-wolves');
    expect(screen.getByRole('link', { name: 'Южные медведи' })).toHaveAttribute('href', '/teams/t-bears');
    expect(screen.getByText('Время матча').nextElementSibling).toHaveTextContent('5 декабря 2026 г.');
    expect(screen.getByText('Создан').nextElementSibling).toHaveTextContent('20 ноября 2026 г.');
  });

  it('shows the id of a team that is gone, without a link', async () => {
    rpc.mockResolvedValue(match(1, { owner_team: undefined, owner_team_id: 'gone-id' }));
    open();
    expect(await screen.findByRole('heading', { name: 'gone-id — Южные медведи' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'gone-id' })).not.toBeInTheDocument();
  });

  it('says it is not found', async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Матч не найден.'));
    open();
    expect(await screen.findByRole('heading', { name: 'Матч не найден' })).toBeInTheDocument();
  });

  /** The match by u1; get_team says whether the viewer manages each team. */
  const serve = (manages: { home?: boolean; guest?: boolean } = {}) =>
    rpc.mockImplementation(async (id: string, p: { id: string }) => {
      if (id === 'get_match') return match(1);
      if (id === 'get_team') return { ...(p.id === WOLVES.id ? WOLVES : BEARS), viewer: { can_manage: p.id === WOLVES.id ? !!manages.home : !!manages.guest } };
      return {};
    });
  const tools = () => screen.queryByRole('group', { name: 'Управление матчем' });

  it('offers Edit and Delete to the creator and to a manager of either team, to no one else', async () => {
    serve();
    open();
    await screen.findByRole('heading', { name: 'Северные волки — Южные медведи' });
    expect(tools()).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('get_team', expect.anything());
    cleanup();

    // Signed in, managing neither team: both are asked, and nothing is offered.
    session.userId = 'u2';
    open();
    await screen.findByRole('heading', { name: 'Северные волки — Южные медведи' });
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('get_team', { id: 't-bears' }));
    expect(rpc).toHaveBeenCalledWith('get_team', { id: 't-wolves' });
    expect(tools()).not.toBeInTheDocument();
    cleanup();

    for (const manages of [{ home: true }, { guest: true }]) {
      serve(manages);
      open();
      const group = await screen.findByRole('group', { name: 'Управление матчем' });
      expect(within(group).getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/matches/m1/edit');
      expect(within(group).getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
      cleanup();
    }

    serve();
    session.userId = 'u1';
    open();
    expect(await screen.findByRole('group', { name: 'Управление матчем' })).toBeInTheDocument();
  });

  it('asks only the team that still exists', async () => {
    session.userId = 'u2';
    rpc.mockImplementation(async (id: string) => {
      if (id === 'get_match') return match(1, { owner_team: undefined, owner_team_id: 'gone-id' });
      if (id === 'get_team') return { ...BEARS, viewer: { can_manage: true } };
      return {};
    });
    open();
    expect(await screen.findByRole('group', { name: 'Управление матчем' })).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('get_team', { id: 'gone-id' });
  });

  it('deletes after the question, says so and goes to the list', async () => {
    session.userId = 'u1';
    serve();
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    const dialog = screen.getByRole('dialog', { name: 'Удалить матч?' });
    expect(dialog).toHaveTextContent('Матч «Северные волки — Южные медведи» будет удалён');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
    expect(rpc).toHaveBeenCalledWith('delete_match', { id: 'm1' });
    expect(screen.getByText('Матч удалён')).toBeInTheDocument();
  });
});

describe('editing a match', () => {
  const open = () => renderPage(<EditPage />, '/matches/m1/edit', '/matches/:id/edit');
  const serve = (update: (p: object) => unknown) =>
    rpc.mockImplementation(async (id: string, p: object) => {
      if (id === 'get_match') return match(1);
      if (id === 'list_teams') return { teams: [WOLVES, BEARS, { id: 't-owls', name: 'Ночные совы', description: '' }] };
      if (id === 'get_team') return { ...WOLVES, viewer: { can_manage: false } };
      if (id === 'update_match') return update(p);
      return {};
    });

  it('starts from the match, sends only what changed, says so and goes back to the match', async () => {
    session.userId = 'u1';
    serve((p) => match(1, p));
    const { router } = open();
    const guest = await screen.findByRole('group', { name: 'Команда гостей' });
    expect(await within(guest).findByRole('radio', { name: 'Южные медведи' })).toBeChecked();
    expect(screen.getByLabelText('Время матча')).toHaveValue(toLocalInput('2026-12-05T15:30:00.000Z'));
    await userEvent.click(within(guest).getByRole('radio', { name: 'Ночные совы' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/m1'));
    expect(rpc).toHaveBeenCalledWith('update_match', { id: 'm1', guest_team_id: 't-owls' });
    expect(screen.getByText('Матч сохранён')).toBeInTheDocument();
  });

  it('a refused save stays on the form with the reason', async () => {
    session.userId = 'u1';
    serve(() => {
      throw new ApiError(404, 5, 'Команда гостей не найдена.');
    });
    open();
    await userEvent.clear(await screen.findByLabelText('Время матча'));
    await userEvent.type(screen.getByLabelText('Время матча'), '2026-12-06T12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить матч. Команда гостей не найдена.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('update_match', { id: 'm1', match_time: new Date(2026, 11, 6, 12, 0).toISOString() });
  });

  it('lets the guest team’s manager move the match into the past', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    session.userId = 'u2';
    rpc.mockImplementation(async (id: string, p: { id: string }) => {
      if (id === 'get_match') return match(1);
      if (id === 'list_teams') return { teams: [WOLVES, BEARS] };
      if (id === 'get_team') return { ...(p.id === BEARS.id ? BEARS : WOLVES), viewer: { can_manage: p.id === BEARS.id } };
      if (id === 'update_match') return match(1, p);
      return {};
    });
    const { router } = open();
    const time = await screen.findByLabelText('Время матча');
    expect(time).not.toHaveAttribute('min');
    await userEvent.clear(time);
    await userEvent.type(time, '2026-11-01T18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/m1'));
    expect(rpc).toHaveBeenCalledWith('update_match', { id: 'm1', match_time: new Date(2026, 10, 1, 18, 0).toISOString() });
  });

  it('tells someone else that only the creator and the teams’ managers may change it', async () => {
    session.userId = 'u2';
    serve(() => ({}));
    open();
    expect(await screen.findByText('Изменять матч может только его создатель или владелец либо администратор одной из команд.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  });
});

describe('creating a match', () => {
  const teams = { teams: [WOLVES, BEARS] };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  const choose = async () => {
    await userEvent.click(await within(screen.getByRole('group', { name: 'Команда хозяев' })).findByRole('radio', { name: 'Северные волки' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Команда гостей' })).getByRole('radio', { name: 'Южные медведи' }));
  };

  it('needs both teams, different ones, and a time; says who may create a match', async () => {
    session.userId = 'u1';
    rpc.mockResolvedValue(teams);
    renderPage(<CreatePage />, '/matches/create');
    expect(screen.getByText('Матч назначает владелец или администратор одной из двух команд; руководители другой команды получат уведомление.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(screen.getByText('Выберите команду хозяев.')).toBeInTheDocument();
    expect(screen.getByText('Выберите команду гостей.')).toBeInTheDocument();
    expect(screen.getByText('Укажите дату и время матча.')).toBeInTheDocument();
    // The home team cannot be the guest.
    const home = screen.getByRole('group', { name: 'Команда хозяев' });
    await userEvent.click(await within(home).findByRole('radio', { name: 'Северные волки' }));
    const guest = screen.getByRole('group', { name: 'Команда гостей' });
    expect(within(guest).getByRole('radio', { name: 'Северные волки' })).toBeDisabled();
    expect(rpc).not.toHaveBeenCalledWith('create_match', expect.anything());
  });

  it('refuses a time in the past before sending it; the current minute is still fine', async () => {
    session.userId = 'u1';
    rpc.mockImplementation(async (id: string) => (id === 'list_teams' ? teams : match(9)));
    renderPage(<CreatePage />, '/matches/create');
    await choose();
    const time = screen.getByLabelText('Время матча');
    expect(time).toHaveAttribute('min', '2026-11-26T12:00');
    await userEvent.type(time, '2026-11-26T11:59');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(screen.getByText('Время матча не может быть в прошлом.')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(rpc).not.toHaveBeenCalledWith('create_match', expect.anything());
    await userEvent.clear(time);
    await userEvent.type(time, '2026-11-26T12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(await screen.findByText('Матч успешно создан.')).toBeInTheDocument();
    expect(screen.queryByText('Время матча не может быть в прошлом.')).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_match', { owner_team_id: 't-wolves', guest_team_id: 't-bears', match_time: NOW.toISOString() });
  });

  it('searches teams by the start of the name', async () => {
    session.userId = 'u1';
    rpc.mockResolvedValue(teams);
    renderPage(<CreatePage />, '/matches/create');
    const home = screen.getByRole('group', { name: 'Команда хозяев' });
    await userEvent.type(within(home).getByLabelText('Поиск команды'), 'Сев');
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('list_teams', { limit: 20, name: 'Сев' }));
  });

  it('creates it, says so and opens the match a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    session.userId = 'u1';
    rpc.mockImplementation(async (id: string) => (id === 'list_teams' ? teams : match(9)));
    const { router } = renderPage(<CreatePage />, '/matches/create');
    await choose();
    await userEvent.type(screen.getByLabelText('Время матча'), '2026-12-05T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(await screen.findByText('Матч успешно создан.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_match', { owner_team_id: 't-wolves', guest_team_id: 't-bears', match_time: new Date(2026, 11, 5, 18, 30).toISOString() });
    await act(async () => vi.advanceTimersByTime(900));
    expect(router.state.location.pathname).toBe('/matches/create');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/matches/m9');
  });

  it('starts from the team of ?team_id=; a refusal says "Ошибка при создании матча." and the server’s reason', async () => {
    session.userId = 'u1';
    rpc.mockImplementation(async (id: string) => {
      if (id === 'list_teams') return teams;
      if (id === 'get_team') return { ...WOLVES, viewer: {} };
      throw new ApiError(403, 7, 'Создать матч может только владелец или администратор одной из команд.');
    });
    // From a team's page: that team is at home already.
    renderPage(<CreatePage />, '/matches/create?team_id=t-wolves');
    const home = await screen.findByRole('group', { name: 'Команда хозяев' });
    expect(await within(home).findByRole('radio', { name: 'Северные волки' })).toBeChecked();
    await userEvent.click(await within(screen.getByRole('group', { name: 'Команда гостей' })).findByRole('radio', { name: 'Южные медведи' }));
    await userEvent.type(screen.getByLabelText('Время матча'), '2026-12-05T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(
      await screen.findByText('Ошибка при создании матча. Создать матч может только владелец или администратор одной из команд.'),
    ).toBeInTheDocument();
  });

  it('asks a visitor to sign in', () => {
    renderPage(<CreatePage />, '/matches/create');
    expect(screen.getByText('Чтобы создать матч, войдите или зарегистрируйтесь.')).toBeInTheDocument();
  });
});
