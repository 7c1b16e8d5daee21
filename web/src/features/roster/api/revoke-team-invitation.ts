import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';

const revokeTeamInvitation = (id: string) => rpc('revoke_team_invitation', { id });

export function useRevokeInvitation(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeTeamInvitation, onSuccess: () => qc.invalidateQueries({ queryKey: rosterKeys.invitations(teamId) }) });
}
