// What the viewer is in a match, as the server decides it: a manager of the home or the guest team (from
// get_team's viewer), the creator of its tournament. Guests are nothing.
import { useQuery } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { rpc } from '../../lib/nakama/rpc.ts';
import { teamQuery } from '../../shared/api/teams.ts';
import { tournamentKeys } from '../../shared/api/tournaments.ts';
import { useAuthenticated, useSession } from '../../stores/session.ts';

export interface MatchRoles {
  home: boolean;
  guest: boolean;
  organizer: boolean;
  /** The tournament is a cup (type 0): a drawn result needs penalties. */
  cup: boolean;
}

export function useMatchRoles(match: Match): MatchRoles {
  const signedIn = useAuthenticated();
  const me = useSession().session?.user_id;
  const home = useQuery({ ...teamQuery(match.owner_team_id), enabled: signedIn && !!match.owner_team });
  const guest = useQuery({ ...teamQuery(match.guest_team_id), enabled: signedIn && !!match.guest_team });
  const tid = match.tournament_id ?? '';
  const t = useQuery({ queryKey: tournamentKeys.detail(tid), queryFn: () => rpc('get_tournament', { id: tid }), enabled: !!tid });
  return {
    home: signedIn && !!home.data?.viewer.can_manage,
    guest: signedIn && !!guest.data?.viewer.can_manage,
    organizer: signedIn && !!t.data && t.data.creator_id === me,
    cup: t.data?.tournament_type === 0,
  };
}
