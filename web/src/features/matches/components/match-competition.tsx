// The match page's competition part: score and result with its forms, and the live events feed.
import type { Match } from '@tribuna/portal/types';
import { useMatchRoles } from '../use-match-roles.ts';
import { MatchEvents } from './match-events-editor.tsx';
import { MatchResult } from './match-result.tsx';

export function MatchCompetition({ match, teamName }: { match: Match; teamName(id: string): string }) {
  const roles = useMatchRoles(match);
  return (
    <div className="match-competition">
      <MatchResult match={match} roles={roles} homeName={teamName(match.owner_team_id)} guestName={teamName(match.guest_team_id)} />
      <MatchEvents match={match} roles={roles} teamName={teamName} />
    </div>
  );
}
