// A tournament's competition: its fixtures, table, scorers; the creator builds the schedule or the bracket.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

const competitionKeys = {
  all: (id: string) => ['competition', id] as const,
  matches: (id: string) => ['competition', id, 'matches'] as const,
  standings: (id: string) => ['competition', id, 'standings'] as const,
  scorers: (id: string) => ['competition', id, 'scorers'] as const,
};

export const useTournamentMatches = (id: string) =>
  useQuery({ queryKey: competitionKeys.matches(id), queryFn: () => rpc('list_tournament_matches', { tournament_id: id }) });

export const useStandings = (id: string, enabled: boolean) =>
  useQuery({ queryKey: competitionKeys.standings(id), queryFn: () => rpc('get_standings', { tournament_id: id }), enabled });

export const useTopScorers = (id: string) =>
  useQuery({ queryKey: competitionKeys.scorers(id), queryFn: () => rpc('list_top_scorers', { tournament_id: id }) });

export function useGenerateFixtures() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RpcInput<'generate_fixtures'>) => rpc('generate_fixtures', input),
    onSuccess: (_r, input) => qc.invalidateQueries({ queryKey: competitionKeys.all(input.tournament_id) }),
  });
}

export function useGenerateBracket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RpcInput<'generate_bracket'>) => rpc('generate_bracket', input),
    onSuccess: (_r, input) => qc.invalidateQueries({ queryKey: competitionKeys.all(input.tournament_id) }),
  });
}

export const useBracket = (id: string, enabled: boolean) =>
  useQuery({ queryKey: [...competitionKeys.all(id), 'bracket'], queryFn: () => rpc('get_bracket', { tournament_id: id }), enabled });
