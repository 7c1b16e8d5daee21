import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';

export const teamInvitationsKey = (teamId: string) => ['team-invitations', teamId] as const;

const teamInvitationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamInvitationsKey(teamId),
    queryFn: async () => (await rpc('list_team_invitations', { team_id: teamId })).invitations,
  });

/** The team's invitations to users and links, newest first: for its managers only. */
export const useTeamInvitations = (teamId: string, enabled: boolean) => useQuery({ ...teamInvitationsQuery(teamId), enabled });
