// A match in a list: home and guest team (avatar, name, description) with a colon between them and the
// match time (when it was created is on the match page); the whole card leads to the match page.
import { srcSetOf } from '../../../lib/nakama/file-url.ts';
import { Link } from '../../../lib/router/index.tsx';
import type { TeamSummary } from '@tribuna/portal/types';
import { fileUrl } from '../../../lib/nakama/file-url.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import type { Match } from '../api/get-match.ts';
import { matchMessages as m } from '../messages.ts';

/** A team's name, or its id when the team is gone (the spec's stand-in). */
export const teamName = (id: string, team?: TeamSummary) => team?.name ?? m.teamGone(id);

export const teamAvatar = (team?: TeamSummary) => (team?.avatar_id ? fileUrl(team.avatar_id) : '/images/default-team.svg');

function Side({ id, team, align }: { id: string; team?: TeamSummary; align: 'home' | 'guest' }) {
  return (
    <span className={`match-side match-${align}`}>
      <img className="match-avatar" src={teamAvatar(team)} srcSet={srcSetOf(teamAvatar(team))} sizes="48px" alt="" width={48} height={48} loading="lazy" />
      <span className="match-team">
        <span className="match-team-name">{teamName(id, team)}</span>
        {team?.description && <span className="muted match-team-description" aria-hidden="true">{team.description}</span>}
      </span>
    </span>
  );
}

export function MatchCard({ match }: { match: Match }) {
  return (
    <article className="match-card">
      <Link to={`/matches/${match.id}`} className="match-card-link">
        <span className="match-teams">
          <Side id={match.owner_team_id} team={match.owner_team} align="home" />
          <span className="match-colon" aria-hidden="true">{m.vs}</span>
          <span className="visually-hidden"> — </span>
          <Side id={match.guest_team_id} team={match.guest_team} align="guest" />
        </span>
      </Link>
      <p className="match-card-times">
        {m.matchTime}: <time dateTime={match.match_time}>{formatDateTime(match.match_time)}</time>
      </p>
    </article>
  );
}
