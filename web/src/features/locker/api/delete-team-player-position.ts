import { rpc } from '../../../lib/nakama/rpc.ts';

export const deletePosition = (id: string) => rpc('delete_team_player_position', { id });
