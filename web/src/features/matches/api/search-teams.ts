// Teams for the match form's pickers: the first 20 whose name starts with the search (all when empty).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamSearchKey } from '../keys.ts';

const searchTeams = (name: string) => rpc('list_teams', { limit: 20, ...(name ? { name } : {}) });

export const useSearchTeams = (name: string) =>
  useQuery(queryOptions({ queryKey: teamSearchKey(name), queryFn: () => searchTeams(name) }));
