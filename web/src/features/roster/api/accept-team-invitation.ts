import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Placement } from './add-team-player.ts';

/** The invitation named by its id (to the user) or by a join link's token. */
export type InvitationRef = { id: string } | { token: string };

export const acceptInvitation = (ref: InvitationRef, p: Placement) => rpc('accept_team_invitation', { ...ref, ...p });
