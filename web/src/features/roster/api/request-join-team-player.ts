import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export const requestJoin = (teamId: string, playerId: string, number?: RpcInput<'request_join_team_player'>['number']) =>
  rpc('request_join_team_player', { team_id: teamId, player_id: playerId, number });
