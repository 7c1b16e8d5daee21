import { rpc } from '../../../lib/nakama/rpc.ts';

export const movePosition = (id: string, x: number, y: number) => rpc('update_team_player_position', { id, x, y });
