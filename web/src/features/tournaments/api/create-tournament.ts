import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys, type Tournament } from '../../../shared/api/tournaments.ts';

export interface TournamentInput {
  title: string;
  description: string;
  image_url?: string | null;
  tournament_type: number;
  access: Tournament['access'];
  start_time: string;
}

const createTournament = (input: TournamentInput) => rpc<Tournament>('create_tournament', input);

export function useCreateTournament() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTournament, onSuccess: () => qc.invalidateQueries({ queryKey: tournamentKeys.all }) });
}
