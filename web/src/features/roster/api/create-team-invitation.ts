import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInvitation } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamInvitationsKey } from './list-team-invitations.ts';

const createTeamInvitation = (input: { team_id: string; user_id: string }) => rpc<TeamInvitation>('create_team_invitation', input);

export function useInviteUser(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => createTeamInvitation({ team_id: teamId, user_id: userId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamInvitationsKey(teamId) }),
  });
}
