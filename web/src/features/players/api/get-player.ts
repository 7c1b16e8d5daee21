import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { playerKeys } from '../../../shared/api/players.ts';

const getPlayer = (id: string) => rpc('get_player', { id });
const playerQuery = (id: string) => queryOptions({ queryKey: playerKeys.detail(id), queryFn: () => getPlayer(id) });
export const usePlayer = (id: string) => useQuery(playerQuery(id));
