// Who may change or delete a match, as the server decides it: its creator, or an owner or admin of either
// of its teams (a team that is gone has nobody). Guests ask nothing. Undefined while that is still being
// found out; either team's answer alone may settle it.
import { useQuery } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { teamQuery } from '../../shared/api/teams.ts';
import { useAuthenticated, useSession } from '../../stores/session.ts';

export function useCanEditMatch(match: Match | undefined): boolean | undefined {
  const snapshot = useSession();
  const signedIn = useAuthenticated();
  const creator = !!match && signedIn && match.creator_id === snapshot.session?.user_id;
  const ask = signedIn && !!match && !creator;
  const home = useQuery({ ...teamQuery(match?.owner_team_id ?? ''), enabled: ask && !!match?.owner_team });
  const guest = useQuery({ ...teamQuery(match?.guest_team_id ?? ''), enabled: ask && !!match?.guest_team });
  if (snapshot.status === 'loading' || !match) return undefined;
  if (!ask) return creator;
  const sides = [match.owner_team ? home : undefined, match.guest_team ? guest : undefined].filter((q) => q !== undefined);
  if (sides.some((q) => q.data?.viewer.can_manage)) return true;
  return sides.some((q) => q.isPending) ? undefined : false;
}
