// Who may change or delete a match, as the server decides it: its creator, or an owner or admin of its
// home team. Guests ask nothing. Undefined while that is still being found out.
import { useQuery } from '@tanstack/react-query';
import type { Match } from '@tribuna/portal/types';
import { teamQuery } from '../../shared/api/teams.ts';
import { useAuthenticated, useSession } from '../../stores/session.ts';

export function useCanEditMatch(match: Match | undefined): boolean | undefined {
  const snapshot = useSession();
  const signedIn = useAuthenticated();
  const creator = !!match && signedIn && match.creator_id === snapshot.session?.user_id;
  const askHome = signedIn && !!match?.owner_team && !creator;
  const home = useQuery({ ...teamQuery(match?.owner_team_id ?? ''), enabled: askHome });
  if (snapshot.status === 'loading' || !match) return undefined;
  if (!askHome) return creator;
  return home.isPending ? undefined : !!home.data?.viewer.can_manage;
}
