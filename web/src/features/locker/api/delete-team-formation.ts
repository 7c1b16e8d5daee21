import { rpc } from '../../../lib/nakama/rpc.ts';

export const deleteFormation = (id: string) => rpc('delete_team_formation', { id });
