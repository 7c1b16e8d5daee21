import type { TeamTournament, Tournament } from '../../../shared/api/tournaments.ts';

export const tournament = (over: Partial<Tournament> = {}): Tournament => ({
  id: 'tr-1',
  title: 'Кубок района',
  description: 'Весенний кубок для любительских команд',
  tournament_type: 0,
  access: 'open',
  start_time: '2026-04-10T09:00:00.000Z',
  rating: 4.5,
  rating_count: 2,
  user_rating: 0,
  creator_id: 'u-org',
  create_time: '2026-03-01T10:00:00.000Z',
  update_time: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const link = (over: Partial<TeamTournament> & { teamName?: string } = {}): TeamTournament => {
  const { teamName = 'Спартак', ...rest } = over;
  const team_id = rest.team_id ?? 'team-1';
  return {
    id: `l-${team_id}`,
    team_id,
    tournament_id: 'tr-1',
    initiator: 'organizer',
    is_confirmed: false,
    create_time: '2026-03-02T10:00:00.000Z',
    update_time: '2026-03-02T10:00:00.000Z',
    team: { id: team_id, name: teamName, description: '' },
    tournament: { id: 'tr-1', title: 'Кубок района', start_time: '2026-04-10T09:00:00.000Z', tournament_type: 0, access: 'open', creator_id: 'u-org', deleted: false },
    ...rest,
  };
};
