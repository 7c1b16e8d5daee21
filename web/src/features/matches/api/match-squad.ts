// get_match_squad (public) and set_match_squad (a team's managers): who plays for each team.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';

export type { SquadPlayer } from '@tribuna/portal/types';

const squadKey = (matchId: string) => ['matches', 'squad', matchId] as const;

export const useMatchSquads = (matchId: string) =>
  useQuery({ queryKey: squadKey(matchId), queryFn: async () => (await rpc('get_match_squad', { match_id: matchId })).squads });

export function useSetMatchSquad(matchId: string, teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (playerIds: string[]) => rpc('set_match_squad', { match_id: matchId, team_id: teamId, player_ids: playerIds }),
    onSettled: () => qc.invalidateQueries({ queryKey: squadKey(matchId) }),
  });
}
