import { rpc } from '../../../lib/nakama/rpc.ts';
import type { TeamPlayer } from '../../../shared/api/roster.ts';

export const requestJoin = (teamId: string, playerId: string, number?: number) =>
  rpc<TeamPlayer>('request_join_team_player', { team_id: teamId, player_id: playerId, number });
