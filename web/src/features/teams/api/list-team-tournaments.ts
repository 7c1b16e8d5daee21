// list_team_tournaments {team_id}: the team's tournament links. The portal registers this RPC together with
// tournaments; until then TEAM_TOURNAMENTS_RPC_READY stays off and nothing asks for it.
import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { TeamTournament } from '../nearest-tournaments.ts';

export const TEAM_TOURNAMENTS_RPC_READY: boolean = false;

export const listTeamTournaments = (teamId: string) =>
  rpc<{ team_tournaments?: TeamTournament[] }>('list_team_tournaments', { team_id: teamId }).then((r) => r.team_tournaments ?? []);

export const teamTournamentsQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['team-tournaments', teamId],
    queryFn: () => listTeamTournaments(teamId),
    enabled: TEAM_TOURNAMENTS_RPC_READY,
  });
