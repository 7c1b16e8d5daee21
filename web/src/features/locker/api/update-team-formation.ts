import { rpc } from '../../../lib/nakama/rpc.ts';

export const makeDefault = (id: string) => rpc('update_team_formation', { id, isDefault: true });
