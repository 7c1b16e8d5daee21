// list_team_tournaments {team_id}: the team's tournament links. The portal does not register this RPC
// yet (tournaments come with a later issue), so nothing asks for it until TEAM_TOURNAMENTS_RPC_READY
// is switched on together with the portal's RPC.
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
