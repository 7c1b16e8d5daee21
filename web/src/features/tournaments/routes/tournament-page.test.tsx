import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { link, tournament } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: '' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: TournamentPage } = await import('./tournament-page.tsx');

let current = tournament();
let links = [link({ team_id: 'team-1', teamName: 'Спартак', is_confirmed: true }), link({ team_id: 'team-2', teamName: 'Динамо' })];
let managed = new Set<string>();
beforeEach(() => {
  session.userId = '';
  current = tournament();
  links = [link({ team_id: 'team-1', teamName: 'Спартак', is_confirmed: true }), link({ team_id: 'team-2', teamName: 'Динамо' })];
  managed = new Set();
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_tournament') return current;
    if (id === 'list_team_tournaments') return { team_tournaments: links };
    if (id === 'rate_tournament') return (current = { ...current, user_rating: p.rating as number, rating: 4, rating_count: 3 });
    if (id === 'list_teams') return { teams: [{ id: 'team-2', name: 'Динамо' }, { id: 'team-9', name: 'Торпедо' }] };
    if (id === 'create_team_tournament') {
      links = [...links, link({ team_id: p.team_id as string, teamName: 'Торпедо', initiator: 'team' })];
      return links.at(-1);
    }
    if (id === 'get_team') return { id: p.id, name: 'x', viewer: { can_manage: managed.has(p.id as string) } };
    if (id === 'set_team_tournament_confirmed') {
      links = links.map((l) => (l.id === p.id ? { ...l, is_confirmed: true } : l));
      return links.find((l) => l.id === p.id);
    }
    throw new Error(`RPC ${id} is not registered`);
  });
});

const open = () => renderPage(<TournamentPage />, '/tournaments/tr-1', '/tournaments/:tournamentId');

describe('tournament page', () => {
  it('shows the default image, type, participation, start, rating to 2 decimals and the participants with their state', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Кубок района' })).toBeInTheDocument();
    expect(document.querySelector('.tournament-cover')).toHaveAttribute('src', '/images/default-tournament.svg');
    expect(screen.getByText('Тип').nextElementSibling).toHaveTextContent('Кубок');
    expect(screen.getByText('Участие').nextElementSibling).toHaveTextContent('Открытый');
    expect(screen.getByText('Начало').nextElementSibling).toHaveTextContent('10 апреля 2026 г.');
    expect(screen.getByText('Рейтинг').nextElementSibling).toHaveTextContent('4,50 · 2 оценки');
    expect(screen.getByText('Весенний кубок для любительских команд')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Участники' });
    // By the teams' names.
    const [b, a] = within(list).getAllByRole('listitem');
    expect(within(a).getByRole('link', { name: 'Спартак' })).toHaveAttribute('href', '/teams/team-1');
    expect(a).toHaveTextContent('Участие подтверждено');
    expect(b).toHaveTextContent('Ждёт подтверждения команды');
    // A visitor neither rates nor edits.
    expect(screen.queryByText('Ваша оценка')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Подтвердить участие' })).not.toBeInTheDocument();
  });

  it('says "Нет участников." without participants, and shows the cover when there is one', async () => {
    current = tournament({ image_url: 'cover-1' });
    links = [];
    open();
    expect(await screen.findByText('Нет участников.')).toBeInTheDocument();
    expect(document.querySelector('.tournament-cover')).toHaveAttribute('src', '/uploads/cover-1');
  });

  it('lets a signed-in user rate 1 to 5 and shows the new average to 2 decimals', async () => {
    session.userId = 'u-fan';
    const user = userEvent.setup();
    open();
    const stars = await screen.findByRole('radiogroup', { name: /Ваша оценка/ });
    await user.click(within(stars).getByRole('radio', { name: '4' }));
    expect(rpc).toHaveBeenCalledWith('rate_tournament', { tournament_id: 'tr-1', rating: 4 });
    expect(await screen.findByText('4,00 · 3 оценки')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Редактировать' })).not.toBeInTheDocument();
  });

  it('gives "Редактировать" and "Удалить" to the organiser only', async () => {
    session.userId = 'u-org';
    open();
    expect(await screen.findByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/tournaments/tr-1/edit');
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
  });

  it('deletes the tournament for its organiser after the question, says so and goes to the list', async () => {
    session.userId = 'u-org';
    const { router } = open();
    const base = rpc.getMockImplementation()!;
    let answer: () => unknown = () => ({});
    rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => (id === 'delete_tournament' ? answer() : base(id, p)));
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    let dialog = screen.getByRole('dialog', { name: 'Удалить турнир?' });
    expect(dialog).toHaveTextContent('Турнир «Кубок района» пропадёт из списка турниров и со страниц команд. Отменить это нельзя.');
    // Cancel leaves it be.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('delete_tournament', expect.anything());
    // A refusal stays on the page and says why.
    answer = () => {
      throw new ApiError(403, 7, 'Изменять и удалять турнир может только его создатель.');
    };
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    dialog = screen.getByRole('dialog', { name: 'Удалить турнир?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Изменять и удалять турнир может только его создатель.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tournaments/tr-1');
    answer = () => ({});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tournaments'));
    expect(rpc).toHaveBeenCalledWith('delete_tournament', { id: 'tr-1' });
    expect(screen.getByText('Турнир удалён')).toBeInTheDocument();
  });

  it('offers no deletion of a tournament already deleted', async () => {
    session.userId = 'u-org';
    current = tournament({ delete_time: '2026-03-05T10:00:00.000Z' });
    open();
    expect(await screen.findByText('Турнир удалён')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Редактировать' })).not.toBeInTheDocument();
  });

  it('lets a manager of an invited team confirm its participation', async () => {
    session.userId = 'u-owner';
    managed = new Set(['team-2']);
    const user = userEvent.setup();
    open();
    const list = await screen.findByRole('list', { name: 'Участники' });
    const dynamo = within(list).getByRole('link', { name: 'Динамо' }).closest('li')!;
    await user.click(await within(dynamo).findByRole('button', { name: 'Подтвердить участие' }));
    expect(rpc).toHaveBeenCalledWith('set_team_tournament_confirmed', { id: 'l-team-2', is_confirmed: true });
    expect(await screen.findByText('Участие команды «Динамо» подтверждено')).toBeInTheDocument();
    expect(await within(list).findAllByText('Участие подтверждено')).toHaveLength(2);
  });

  it('says the tournament is not found', async () => {
    rpc.mockRejectedValue(new ApiError(404, 5, 'Турнир не найден.'));
    open();
    expect(await screen.findByRole('heading', { name: 'Турнир не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'К списку турниров' })).toHaveAttribute('href', '/tournaments');
  });

  it('lets a signed-in user apply with a team of theirs not yet in an open tournament', async () => {
    session.userId = 'u-owner';
    const user = userEvent.setup();
    open();
    const form = await screen.findByRole('form', { name: 'Заявка на участие' });
    expect(rpc).toHaveBeenCalledWith('list_teams', { manager_id: 'u-owner', limit: 100 });
    const select = within(form).getByLabelText('Ваша команда');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите команду', 'Торпедо']);
    await user.selectOptions(select, 'team-9');
    await user.click(within(form).getByRole('button', { name: 'Подать заявку' }));
    expect(rpc).toHaveBeenCalledWith('create_team_tournament', { team_id: 'team-9', tournament_id: 'tr-1' });
    expect(await screen.findByText('Заявка команды «Торпедо» отправлена организатору')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Участники' });
    expect(await within(list).findByText('Ждёт подтверждения организатора')).toBeInTheDocument();
    // Every team of theirs is in now: the form is gone.
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Заявка на участие' })).not.toBeInTheDocument());
  });

  it('takes no applications to a closed tournament, nor from its organiser', async () => {
    session.userId = 'u-owner';
    current = tournament({ access: 'closed' });
    const { unmount } = open();
    await screen.findByRole('list', { name: 'Участники' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Заявка на участие' })).not.toBeInTheDocument();
    unmount();
    session.userId = 'u-org';
    current = tournament();
    open();
    await screen.findByRole('list', { name: 'Участники' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Заявка на участие' })).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('list_teams', expect.anything());
  });
});
