import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';

export type Placement = Omit<RpcInput<'add_team_player'>, 'team_id'>;

/** A manager's own player, on the team at once (confirmed). */
export const addTeamPlayer = (teamId: string, p: Placement) => rpc('add_team_player', { team_id: teamId, ...p });
