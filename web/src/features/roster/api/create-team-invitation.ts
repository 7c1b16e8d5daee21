import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';

const createTeamInvitation = (input: RpcInput<'create_team_invitation'>) => rpc('create_team_invitation', input);

export function useInviteUser(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => createTeamInvitation({ team_id: teamId, user_id: userId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rosterKeys.invitations(teamId) }),
  });
}
