import { rpc } from '../../../lib/nakama/rpc.ts';

/** A new formation, made the team's default at once. */
export const createFormation = (teamId: string, name: string) => rpc('create_team_formation', { teamId, name, isDefault: true });
