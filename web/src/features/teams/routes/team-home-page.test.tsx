import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: TeamHomePage } = await import('./team-home-page.tsx');

const VIEWER = { is_owner: false, is_admin: false, is_member: false, has_player: false, can_manage: false };
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

let viewer = VIEWER;
let events: unknown[] = [];
let links: unknown[] = [];
let matches: unknown[] = [];
beforeEach(() => {
  viewer = VIEWER;
  events = [];
  links = [];
  matches = [];
  rpc.mockReset();
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', name: 'Спартак', team_type: 0, member_count: 12, viewer };
    if (id === 'list_team_events') return { events };
    if (id === 'list_team_tournaments') return { team_tournaments: links };
    if (id === 'list_matches') return { matches };
    throw new Error(`RPC ${id} is not registered`);
  });
});

const open = () => renderPage(<TeamHomePage />, '/teams/t1', '/teams/:teamId');
const summary = async () => within((await screen.findByRole('heading', { name: 'Коротко о команде' })).closest('section')!);

describe('team home', () => {
  it('shows the member count and the viewer\'s role', async () => {
    viewer = { ...VIEWER, is_admin: true, is_member: true, has_player: true, can_manage: true };
    open();
    const s = await summary();
    expect(s.getByText('Игроков в составе').nextElementSibling).toHaveTextContent('12');
    expect(s.getByText('Ваша роль').nextElementSibling).toHaveTextContent('Администратор');
  });

  it('names the owner, a member and a visitor', async () => {
    for (const [v, role] of [
      [{ ...VIEWER, is_owner: true, is_member: true }, 'Владелец'],
      [{ ...VIEWER, is_member: true }, 'Игрок команды'],
      [VIEWER, 'Гость команды'],
    ] as const) {
      viewer = v;
      const { unmount } = open();
      expect((await summary()).getByText('Ваша роль').nextElementSibling).toHaveTextContent(role);
      unmount();
    }
  });

  it('lists the coming events of the next 30 days, and says when there are none', async () => {
    events = [
      { id: 'e0', title: 'Вчерашняя тренировка', type: 'training', event_time: hoursFromNow(-20) },
      { id: 'e1', title: 'Матч с Динамо', type: 'match', event_time: hoursFromNow(48), place: 'Лужники' },
    ];
    const { unmount } = open();
    expect(await screen.findByText('Матч с Динамо')).toBeInTheDocument();
    expect(screen.getByText(/, Лужники$/)).toBeInTheDocument();
    expect(screen.queryByText('Вчерашняя тренировка')).not.toBeInTheDocument();
    const call = rpc.mock.calls.find((c) => c[0] === 'list_team_events')!;
    expect(call[1]).toEqual({ team_id: 't1', start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((Date.parse(call[1].end_date) - Date.parse(call[1].start_date)) / 86_400_000).toBe(30);
    unmount();

    events = [];
    open();
    expect(await screen.findByText('В ближайшие 30 дней событий нет.')).toBeInTheDocument();
  });

  it('lists the nearest tournaments (starting within 30 days, soonest first) with their state, and says when there are none', async () => {
    const tournament = (id: string, title: string, start: string) => ({ id, title, start_time: start, tournament_type: 0, access: 'open', creator_id: 'u', deleted: false });
    links = [
      { id: 'l1', team_id: 't1', tournament_id: 'tr1', initiator: 'organizer', is_confirmed: true, team: { id: 't1', name: 'Спартак', description: '' }, tournament: tournament('tr1', 'Кубок района', hoursFromNow(24)) },
      { id: 'l2', team_id: 't1', tournament_id: 'tr2', initiator: 'organizer', is_confirmed: false, team: { id: 't1', name: 'Спартак', description: '' }, tournament: tournament('tr2', 'Лига двора', hoursFromNow(72)) },
    ];
    const { unmount } = open();
    const block = within((await screen.findByRole('heading', { name: 'Ближайшие турниры' })).closest('section')!);
    const items = await block.findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')!.textContent)).toEqual(['Кубок района', 'Лига двора']);
    expect(block.getByRole('link', { name: 'Кубок района' })).toHaveAttribute('href', '/tournaments/tr1');
    expect(items[0]).toHaveTextContent('Участие подтверждено');
    expect(items[1]).toHaveTextContent('Ждёт подтверждения команды');
    expect(block.getByRole('link', { name: 'Все турниры команды' })).toHaveAttribute('href', '/teams/t1/tournaments');
    const call = rpc.mock.calls.find((c) => c[0] === 'list_team_tournaments')!;
    expect(call[1]).toEqual({ team_id: 't1', start_after: expect.any(String), start_before: expect.any(String), limit: 5 });
    const days = (Date.parse(call[1].start_before) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(Date.parse(call[1].start_after)).toBeLessThanOrEqual(Date.now());
    unmount();

    links = [];
    open();
    expect(await screen.findByText('В ближайшие 30 дней турниров нет.')).toBeInTheDocument();
  });

  it('lists the next matches, home or away, soonest first, each to its page', async () => {
    matches = [
      { id: 'm1', owner_team_id: 't1', guest_team_id: 't2', owner_team: { id: 't1', name: 'Спартак', description: '' }, guest_team: { id: 't2', name: 'Динамо', description: '' }, match_time: hoursFromNow(30) },
      { id: 'm2', owner_team_id: 'gone', guest_team_id: 't1', guest_team: { id: 't1', name: 'Спартак', description: '' }, match_time: hoursFromNow(80) },
    ];
    open();
    const next = within((await screen.findByRole('heading', { name: 'Ближайшие матчи' })).closest('section')!);
    expect(await next.findByRole('link', { name: 'Спартак — Динамо' })).toHaveAttribute('href', '/matches/m1');
    expect(next.getByRole('link', { name: 'gone — Спартак' })).toHaveAttribute('href', '/matches/m2');
    expect(next.getByRole('link', { name: 'Все матчи команды' })).toHaveAttribute('href', '/teams/t1/matches');
    expect(rpc).toHaveBeenCalledWith('list_matches', expect.objectContaining({ team_id: 't1', sort_order: 'asc', limit: 5, from_time: expect.any(String) }));
  });

  it('says when no match is coming', async () => {
    open();
    const next = within((await screen.findByRole('heading', { name: 'Ближайшие матчи' })).closest('section')!);
    expect(await next.findByText('Предстоящих матчей нет.')).toBeInTheDocument();
  });
});
