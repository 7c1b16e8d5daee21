import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { link } from '../test/fixtures.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => true }));

const { Component: TeamTournamentsPage } = await import('./team-tournaments-page.tsx');

const summary = (id: string, title: string) => ({ id, title, start_time: '2026-04-10T09:00:00.000Z', tournament_type: 1, access: 'open' as const, creator_id: 'u-org', deleted: false });
let canManage = false;
let links = [link()];
beforeEach(() => {
  canManage = false;
  links = [
    link({ id: 'l1', team_id: 't1', tournament_id: 'tr1', is_confirmed: true, tournament: summary('tr1', 'Кубок района') }),
    link({ id: 'l2', team_id: 't1', tournament_id: 'tr2', tournament: summary('tr2', 'Лига двора') }),
  ];
  rpc.mockReset();
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => {
    if (id === 'get_team') return { id: 't1', name: 'Спартак', viewer: { can_manage: canManage } };
    if (id === 'list_team_tournaments') return { team_tournaments: links };
    if (id === 'set_team_tournament_confirmed') {
      links = links.map((l) => (l.id === p.id ? { ...l, is_confirmed: true } : l));
      return {};
    }
    throw new Error(`RPC ${id} is not registered`);
  });
});

const open = () => renderPage(<TeamTournamentsPage />, '/teams/t1/tournaments', '/teams/:teamId/tournaments');

describe('team tournaments', () => {
  it('lists every tournament of the team with its date, type and state', async () => {
    open();
    const items = await screen.findAllByRole('listitem');
    expect(rpc).toHaveBeenCalledWith('list_team_tournaments', { limit: 100, team_id: 't1' });
    expect(within(items[0]).getByRole('link', { name: 'Кубок района' })).toHaveAttribute('href', '/tournaments/tr1');
    expect(items[0]).toHaveTextContent('10 апреля 2026 г. · Круговой');
    expect(items[0]).toHaveTextContent('Участие подтверждено');
    expect(items[1]).toHaveTextContent('Ждёт подтверждения команды');
    expect(screen.queryByRole('button', { name: 'Подтвердить участие' })).not.toBeInTheDocument();
  });

  it('lets the team\'s owner or admin confirm an invitation', async () => {
    canManage = true;
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Подтвердить участие' }));
    expect(rpc).toHaveBeenCalledWith('set_team_tournament_confirmed', { id: 'l2', is_confirmed: true });
    expect(await screen.findByText('Участие команды «Спартак» подтверждено')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getAllByText('Участие подтверждено')).toHaveLength(2));
  });

  it('says when the team is in no tournament', async () => {
    links = [];
    open();
    expect(await screen.findByText('Команда пока не участвует в турнирах.')).toBeInTheDocument();
  });
});
