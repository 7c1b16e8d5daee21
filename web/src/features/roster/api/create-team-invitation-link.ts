import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInvitationLink } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamInvitationsKey } from './list-team-invitations.ts';

export interface LinkOptions {
  expires_in_days?: number;
  max_uses?: number;
}

const createTeamInvitationLink = (input: LinkOptions & { team_id: string }) => rpc<TeamInvitationLink>('create_team_invitation_link', input);

/** A new join link; its token comes only with this answer. */
export function useCreateLink(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (options: LinkOptions) => createTeamInvitationLink({ team_id: teamId, ...options }),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamInvitationsKey(teamId) }),
  });
}
