// The teams a player is in: its memberships (list_team_players by player) and those teams (list_teams by ids).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerTeamsKey } from '../keys.ts';
import type { Team } from '../../../shared/api/teams.ts';
import type { TeamPlayer } from '../../../shared/api/roster.ts';

export interface PlayerTeam {
  membership: TeamPlayer;
  team: Team;
}

async function playerTeams(playerId: string): Promise<PlayerTeam[]> {
  const { team_players: memberships } = await rpc('list_team_players', { player_ids: [playerId], limit: 200 });
  if (!memberships.length) return [];
  const { teams } = await rpc('list_teams', { ids: memberships.map((tp) => tp.team_id), limit: 100 });
  const byId = new Map(teams.map((t) => [t.id, t]));
  return memberships.flatMap((membership) => {
    const team = byId.get(membership.team_id);
    return team ? [{ membership, team }] : [];
  });
}

export const usePlayerTeams = (playerId: string) =>
  useQuery(queryOptions({ queryKey: playerTeamsKey(playerId), queryFn: () => playerTeams(playerId) }));
