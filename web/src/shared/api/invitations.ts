// list_my_team_invitations, which the team's header and its join page read: the signed-in user's
// invitation to one team (at most one exists), under one key factory.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '../../lib/nakama/rpc.ts';

export const myInvitationKeys = {
  all: ['my-team-invitations'] as const,
  team: (teamId: string) => [...myInvitationKeys.all, teamId] as const,
};

const myTeamInvitationQuery = (teamId: string) =>
  queryOptions({
    queryKey: myInvitationKeys.team(teamId),
    queryFn: async () =>
      (await rpc('list_my_team_invitations', { team_id: teamId, limit: 1 })).invitations[0] ?? null,
  });

/** The user's invitation to the team, null when there is none; asked only when `enabled` (registered users). */
export const useMyTeamInvitation = (teamId: string, enabled: boolean) => useQuery({ ...myTeamInvitationQuery(teamId), enabled });
