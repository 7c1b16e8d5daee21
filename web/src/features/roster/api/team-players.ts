// list_team_players, approve_team_player, reject_team_player, request_join_team_player, get_team_free_number.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';

export interface TeamPlayer {
  id: string;
  team_id: string;
  player_id: string;
  user_id: string;
  creator_id: string;
  field_role: number;
  team_role: number;
  number: number;
  is_main_squad: boolean;
  is_confirmed: boolean;
  player: { first_name: string; middle_name?: string | null; last_name: string; avatar_id?: string | null };
}

export const teamPlayersQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['team-players', teamId],
    queryFn: () => rpc<{ team_players: TeamPlayer[] }>('list_team_players', { team_ids: [teamId], limit: 200 }).then((r) => r.team_players),
  });

export const useTeamPlayers = (teamId: string) => useQuery(teamPlayersQuery(teamId));

export interface Approval {
  id: string;
  field_role?: number;
  team_role?: number;
  number?: number;
  is_main_squad?: boolean;
}

export function useApprove(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: Approval) => rpc<TeamPlayer>('approve_team_player', a),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['team-players', teamId] }), qc.invalidateQueries({ queryKey: ['team', teamId] })]),
  });
}

export function useReject(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rpc('reject_team_player', { id }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['team-players', teamId] }), qc.invalidateQueries({ queryKey: ['team', teamId] })]),
  });
}

export const requestJoin = (teamId: string, playerId: string, number?: number) =>
  rpc<TeamPlayer>('request_join_team_player', { team_id: teamId, player_id: playerId, number });

export const freeNumber = (teamId: string) => rpc<{ number: number | null }>('get_team_free_number', { team_id: teamId });

export interface OwnPlayer {
  id: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
}

export const myPlayers = () => rpc<{ players: OwnPlayer[] }>('list_players', { only_mine: true, limit: 100 }).then((r) => r.players);
