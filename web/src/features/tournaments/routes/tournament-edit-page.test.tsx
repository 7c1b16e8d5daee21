import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { link, tournament } from '../test/fixtures.ts';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ userId: 'u-org' }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({
  useAuthenticated: () => !!session.userId,
  useSession: () => ({ status: 'ready', guest: !session.userId, session: session.userId ? { user_id: session.userId } : undefined }),
}));

const { Component: EditPage } = await import('./tournament-edit-page.tsx');

const TEAMS = [
  { id: 'team-1', name: 'Спартак' },
  { id: 'team-2', name: 'Динамо' },
  { id: 'team-3', name: 'Торпедо' },
];
let links = [link({ team_id: 'team-1', teamName: 'Спартак', is_confirmed: true })];
beforeEach(() => {
  session.userId = 'u-org';
  links = [link({ team_id: 'team-1', teamName: 'Спартак', is_confirmed: true }), link({ team_id: 'team-2', teamName: 'Динамо', initiator: 'team' })];
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_tournament') return tournament();
    if (id === 'update_tournament') return tournament({ ...p });
    if (id === 'list_team_tournaments') return { team_tournaments: links };
    if (id === 'list_teams') return { teams: TEAMS.filter((t) => !p.name || t.name.startsWith(p.name as string)) };
    if (id === 'create_team_tournament') {
      const team = TEAMS.find((t) => t.id === p.team_id)!;
      links = [...links, link({ team_id: team.id, teamName: team.name })];
      return links.at(-1);
    }
    if (id === 'delete_team_tournament') {
      links = links.filter((l) => l.id !== p.id);
      return {};
    }
    if (id === 'set_team_tournament_confirmed') {
      links = links.map((l) => (l.id === p.id ? { ...l, is_confirmed: true } : l));
      return {};
    }
    throw new Error(`RPC ${id} is not registered`);
  });
});

const open = () => renderPage(<EditPage />, '/tournaments/tr-1/edit', '/tournaments/:tournamentId/edit');

describe('tournament edit', () => {
  it('saves the fields (title required) and goes back to the tournament', async () => {
    const user = userEvent.setup();
    const { router } = open();
    const title = await screen.findByLabelText('Название');
    expect(title).toHaveValue('Кубок района');
    expect(screen.getByLabelText('Тип турнира')).toHaveValue('0');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Введите название турнира')).toBeInTheDocument();
    await user.type(title, 'Кубок города');
    fireEvent.change(screen.getByLabelText('Участие'), { target: { value: 'closed' } });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/tournaments/tr-1'));
    expect(rpc).toHaveBeenCalledWith('update_tournament', {
      id: 'tr-1', title: 'Кубок города', description: 'Весенний кубок для любительских команд', image_url: null, tournament_type: 0, access: 'closed',
    });
  });

  it('lists the participants with "Удалить", confirms an application, and adds a team not yet in from the dropdown', async () => {
    const user = userEvent.setup();
    open();
    const list = await screen.findByRole('list', { name: 'Участники' });
    const row = (name: string) => within(list).getByRole('link', { name }).closest('li')!;
    const [dynamo, spartak] = within(list).getAllByRole('listitem');
    expect([dynamo, spartak]).toEqual([row('Динамо'), row('Спартак')]);
    expect(within(spartak).queryByRole('button', { name: 'Подтвердить участие' })).not.toBeInTheDocument();
    await user.click(within(dynamo).getByRole('button', { name: 'Подтвердить участие' }));
    expect(rpc).toHaveBeenCalledWith('set_team_tournament_confirmed', { id: 'l-team-2', is_confirmed: true });

    const select = screen.getByLabelText('Команда');
    await vi.waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Выберите команду', 'Торпедо']));
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeDisabled();
    await user.selectOptions(select, 'team-3');
    await user.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(rpc).toHaveBeenCalledWith('create_team_tournament', { team_id: 'team-3', tournament_id: 'tr-1' });
    expect(await screen.findByText('Команда «Торпедо» добавлена в турнир')).toBeInTheDocument();
    expect(await within(list).findByRole('link', { name: 'Торпедо' })).toBeInTheDocument();
    await vi.waitFor(() => expect(within(screen.getByLabelText('Команда')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Подходящих команд нет']));

    await user.click(within(row('Спартак')).getByRole('button', { name: 'Удалить' }));
    expect(rpc).toHaveBeenCalledWith('delete_team_tournament', { id: 'l-team-1' });
    expect(await screen.findByText('Команда «Спартак» убрана из турнира')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(list).queryByRole('link', { name: 'Спартак' })).not.toBeInTheDocument());
  });

  it('alerts "Ошибка при загрузке данных турнира" when the tournament does not load', async () => {
    rpc.mockRejectedValue(new Error('offline'));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при загрузке данных турнира');
  });

  it('is for the organiser only', async () => {
    session.userId = 'u-other';
    open();
    expect(await screen.findByText('Редактировать турнир может только его организатор.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Название')).not.toBeInTheDocument();
  });
});
