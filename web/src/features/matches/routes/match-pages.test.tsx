import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match } from '@tribuna/portal/types';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { toLocalInput } from '../../../shared/i18n/format.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: MatchesPage } = await import('./matches-page.tsx');
const { Component: MatchPage } = await import('./match-page.tsx');
const { Component: CreatePage } = await import('./match-create-page.tsx');
const { Component: EditPage } = await import('./match-edit-page.tsx');
const { Component: TeamMatchesPage } = await import('./team-matches-page.tsx');

/** An IntersectionObserver the test drives: `reach()` brings the watched element into sight. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
class FakeObserver {
  entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, targets: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    observers.splice(observers.indexOf(this.entry), 1);
  }
}
const reach = () =>
  act(() => {
    for (const o of [...observers]) o.callback(o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), {} as IntersectionObserver);
  });

const WOLVES = { id: 't-wolves', name: 'Северные волки', description: 'С севера', avatar_id: 'av1' };
const BEARS = { id: 't-bears', name: 'Южные медведи', description: '' };

function match(n: number, over: Partial<Match> = {}): Match {
  return {
    id: `m${n}`,
    owner_team_id: WOLVES.id,
    guest_team_id: BEARS.id,
    owner_team: WOLVES,
    guest_team: BEARS,
    match_time: '2026-12-05T15:30:00.000Z',
    creator_id: 'u1',
    create_time: '2026-11-20T09:00:00.000Z',
    update_time: '2026-11-20T09:00:00.000Z',
    ...over,
  };
}
const page = (from: number, count: number) => ({ matches: Array.from({ length: count }, (_, i) => match(from + i)) });

beforeEach(() => {
  session.userId = '';
  rpc.mockReset();
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the matches list', () => {
  it('loads 20 a page as the end comes within 300 px, then says there are no more', async () => {
    rpc.mockImplementation(async (_id: string, p: { offset: number }) => (p.offset === 0 ? page(0, 20) : page(20, 3)));
    renderPage(<MatchesPage />, '/matches');
    const list = await screen.findByRole('list', { name: 'Матчи' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, offset: 0 });
    expect(observers[0].options?.rootMargin).toBe('0px 0px 300px 0px');
    expect(screen.queryByText('Больше матчей нет')).not.toBeInTheDocument();

    await reach();
    expect(await screen.findByText('Больше матчей нет')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, offset: 20 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(23);
    expect(rpc).toHaveBeenCalledTimes(2);
  });

  it('shows both teams, the colon, the match and creation times; a team that is gone by its id', async () => {
    rpc.mockResolvedValue({ matches: [match(1), match(2, { guest_team: undefined, guest_team_id: 'deleted-team-id' })] });
    renderPage(<MatchesPage />, '/matches');
    const card = (await screen.findByRole('link', { name: 'Северные волки — Южные медведи' })).closest('article')!;
    expect(card).toHaveTextContent('Северные волки');
    expect(card).toHaveTextContent(':');
    expect(within(card).getByText('С севера')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/av1');
    expect(card).toHaveTextContent('Время матча: 5 декабря 2026 г.');
    expect(card).toHaveTextContent('Создан: 20 ноября 2026 г.');
    expect(screen.getByRole('link', { name: 'Северные волки — deleted-team-id' })).toHaveAttribute('href', '/matches/m2');
    expect(screen.getByText('Больше матчей нет')).toBeInTheDocument();
  });

  it('offers "Создать матч" to signed-in users only', async () => {
    rpc.mockResolvedValue({ matches: [] });
    renderPage(<MatchesPage />, '/matches');
    expect(await screen.findByText('Матчей пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Создать матч' })).not.toBeInTheDocument();
    session.userId = 'u1';
    renderPage(<MatchesPage />, '/matches');
    expect(await screen.findByRole('link', { name: 'Создать матч' })).toHaveAttribute('href', '/matches/create');
  });
});

describe("a team's matches", () => {
  it('asks for the team on both sides, 20 a page, and links the create page', async () => {
    session.userId = 'u1';
    rpc.mockResolvedValue(page(0, 2));
    renderPage(<TeamMatchesPage />, '/teams/t-wolves/matches', '/teams/:teamId/matches');
    const list = await screen.findByRole('list', { name: 'Матчи команды' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(rpc).toHaveBeenCalledWith('list_matches', { limit: 20, offset: 0, owner_team_id: 't-wolves', guest_team_id: 't-wolves' });
    expect(screen.getByRole('link', { name: 'Создать матч' })).toHaveAttribute('href', '/matches/create?team_id=t-wolves');
  });
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

  /** The match by u1; get_team says whether the viewer manages the home team. */
  const serve = (manages: boolean) =>
    rpc.mockImplementation(async (id: string) => {
      if (id === 'get_match') return match(1);
      if (id === 'get_team') return { ...WOLVES, viewer: { can_manage: manages } };
      return {};
    });

  it('offers Edit and Delete to the creator and to a manager of the home team, to no one else', async () => {
    serve(false);
    open();
    await screen.findByRole('heading', { name: 'Северные волки — Южные медведи' });
    expect(screen.queryByRole('group', { name: 'Управление матчем' })).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('get_team', expect.anything());
    cleanup();

    session.userId = 'u2';
    open();
    await screen.findByRole('heading', { name: 'Северные волки — Южные медведи' });
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('get_team', { id: 't-wolves' }));
    expect(screen.queryByRole('group', { name: 'Управление матчем' })).not.toBeInTheDocument();
    cleanup();

    serve(true);
    open();
    const tools = await screen.findByRole('group', { name: 'Управление матчем' });
    expect(within(tools).getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/matches/m1/edit');
    cleanup();

    serve(false);
    session.userId = 'u1';
    open();
    expect(await screen.findByRole('group', { name: 'Управление матчем' })).toBeInTheDocument();
  });

  it('deletes after the question, says so and goes to the list', async () => {
    session.userId = 'u1';
    serve(false);
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

  it('tells someone else that only the creator and the home team\'s managers may change it', async () => {
    session.userId = 'u2';
    serve(() => ({}));
    open();
    expect(await screen.findByText('Изменять матч может только его создатель или владелец либо администратор команды хозяев.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
  });
});

describe('creating a match', () => {
  const teams = { teams: [WOLVES, BEARS] };

  it('needs both teams, different ones, and a time', async () => {
    session.userId = 'u1';
    rpc.mockResolvedValue(teams);
    renderPage(<CreatePage />, '/matches/create');
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

  it('searches teams by the start of the name', async () => {
    session.userId = 'u1';
    rpc.mockResolvedValue(teams);
    renderPage(<CreatePage />, '/matches/create');
    const home = screen.getByRole('group', { name: 'Команда хозяев' });
    await userEvent.type(within(home).getByLabelText('Поиск команды'), 'Сев');
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('list_teams', { limit: 20, name: 'Сев' }));
  });

  it('creates it, says so and opens the match a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.userId = 'u1';
    rpc.mockImplementation(async (id: string) => (id === 'list_teams' ? teams : match(9)));
    const { router } = renderPage(<CreatePage />, '/matches/create');
    await userEvent.click(await within(screen.getByRole('group', { name: 'Команда хозяев' })).findByRole('radio', { name: 'Северные волки' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Команда гостей' })).getByRole('radio', { name: 'Южные медведи' }));
    await userEvent.type(screen.getByLabelText('Время матча'), '2026-12-05T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(await screen.findByText('Матч успешно создан.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_match', { owner_team_id: 't-wolves', guest_team_id: 't-bears', match_time: new Date(2026, 11, 5, 18, 30).toISOString() });
    await act(async () => vi.advanceTimersByTime(900));
    expect(router.state.location.pathname).toBe('/matches/create');
    await act(async () => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/matches/m9');
  });

  it('starts from the team of ?team_id=; says "Ошибка при создании матча." with the server’s reason', async () => {
    session.userId = 'u1';
    rpc.mockImplementation(async (id: string) => {
      if (id === 'list_teams') return teams;
      if (id === 'get_team') return { ...WOLVES, viewer: {} };
      throw new ApiError(404, 5, 'Команда гостей не найдена.');
    });
    // From a team's page: that team is at home already.
    renderPage(<CreatePage />, '/matches/create?team_id=t-wolves');
    const home = await screen.findByRole('group', { name: 'Команда хозяев' });
    expect(await within(home).findByRole('radio', { name: 'Северные волки' })).toBeChecked();
    await userEvent.click(await within(screen.getByRole('group', { name: 'Команда гостей' })).findByRole('radio', { name: 'Южные медведи' }));
    await userEvent.type(screen.getByLabelText('Время матча'), '2026-12-05T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Создать матч' }));
    expect(await screen.findByText('Ошибка при создании матча. Команда гостей не найдена.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', () => {
    renderPage(<CreatePage />, '/matches/create');
    expect(screen.getByText('Чтобы создать матч, войдите или зарегистрируйтесь.')).toBeInTheDocument();
  });
});
