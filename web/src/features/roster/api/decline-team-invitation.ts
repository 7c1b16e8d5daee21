import { rpc } from '../../../lib/nakama/rpc.ts';

export const declineInvitation = (id: string) => rpc<Record<string, never>>('decline_team_invitation', { id });
