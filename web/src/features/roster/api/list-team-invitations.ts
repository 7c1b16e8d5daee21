import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { rosterKeys } from '../keys.ts';


const teamInvitationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: rosterKeys.invitations(teamId),
    queryFn: async () => (await rpc('list_team_invitations', { team_id: teamId })).invitations,
  });

/** The team's invitations to users and links, newest first: for its managers only. */
export const useTeamInvitations = (teamId: string, enabled: boolean) => useQuery({ ...teamInvitationsQuery(teamId), enabled });
