import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export const createPosition = (p: RpcInput<'create_team_player_position'>) => rpc('create_team_player_position', p);
