import { rpc } from '../../../lib/nakama/rpc.ts';

export const declineInvitation = (id: string) => rpc('decline_team_invitation', { id });
