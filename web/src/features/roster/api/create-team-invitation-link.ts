import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';

export type LinkOptions = Omit<RpcInput<'create_team_invitation_link'>, 'team_id'>;

const createTeamInvitationLink = (input: LinkOptions & { team_id: string }) => rpc('create_team_invitation_link', input);

/** A new join link; its token comes only with this answer. */
export function useCreateLink(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (options: LinkOptions) => createTeamInvitationLink({ team_id: teamId, ...options }),
    onSuccess: () => qc.invalidateQueries({ queryKey: rosterKeys.invitations(teamId) }),
  });
}
