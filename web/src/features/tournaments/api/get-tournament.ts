import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { tournamentKeys } from '../../../shared/api/tournaments.ts';

const getTournament = (id: string) => rpc('get_tournament', { id });
const tournamentQuery = (id: string) => queryOptions({ queryKey: tournamentKeys.detail(id), queryFn: () => getTournament(id) });
export const useTournament = (id: string) => useQuery(tournamentQuery(id));
