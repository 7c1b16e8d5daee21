import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { listItem } from '../test/fixtures.ts';

const rpc = vi.fn();
const team = vi.hoisted(() => ({ canManage: false }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => true, useSession: () => ({ status: 'ready', guest: false, session: { user_id: 'u-me' } }) }));

const { Component: TeamNewsPage } = await import('./team-news-page.tsx');

beforeEach(() => {
  team.canManage = false;
  rpc.mockReset();
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', name: 'Северные волки', viewer: { can_manage: team.canManage } };
    if (id === 'list_news') return { news: [listItem({ name: 'Сбор команды', team_id: 't1' })], cursor: 'c1' };
    return {};
  });
});

const open = () => renderPage(<TeamNewsPage />, '/teams/t1/news', '/teams/:teamId/news');

describe('team news', () => {
  it("lists the team's public news, 10 a page, with more on request", async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Сбор команды' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_news', { limit: 10, team_id: 't1', only_public: true, cursor: undefined });
    expect(screen.getByRole('button', { name: 'Показать еще' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Написать новость команды' })).not.toBeInTheDocument();
  });

  it("lets the team's managers write news for it", async () => {
    team.canManage = true;
    open();
    expect(await screen.findByRole('link', { name: 'Написать новость команды' })).toHaveAttribute('href', '/news/create?team_id=t1');
  });
});
