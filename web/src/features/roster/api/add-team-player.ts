import { rpc } from '../../../lib/nakama/rpc.ts';
import type { TeamPlayer } from '../../../shared/api/roster.ts';

export interface Placement {
  player_id: string;
  number?: number;
  field_role?: number;
}

/** A manager's own player, on the team at once (confirmed). */
export const addTeamPlayer = (teamId: string, p: Placement) => rpc<TeamPlayer>('add_team_player', { team_id: teamId, ...p });
