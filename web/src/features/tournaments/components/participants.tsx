// A tournament's participants: each team (a link to it) with where its participation stands, and the
// actions the page gives (the edit page: remove, confirm an application); by the teams' names.
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { fileUrl } from '../../../lib/nakama/file-url.ts';
import { LINK_STATES, linkState, type TeamTournament } from '../../../shared/api/tournaments.ts';
import { EmptyState } from '../../../shared/ui/index.tsx';
import { tournamentMessages as m } from '../messages.ts';

export function StateBadge({ link }: { link: TeamTournament }) {
  const state = linkState(link);
  return <span className={state === 'confirmed' ? 'badge' : 'badge badge-waiting'}>{LINK_STATES[state]}</span>;
}

export function Participants({ links, actions }: { links: TeamTournament[]; actions?: (link: TeamTournament) => ReactNode }) {
  if (!links.length) return <EmptyState>{m.noParticipants}</EmptyState>;
  const byName = [...links].sort((a, b) => a.team.name.localeCompare(b.team.name, 'ru'));
  return (
    <ul className="participants" aria-label={m.participants}>
      {byName.map((l) => (
        <li key={l.id} className="participant">
          <img src={l.team.avatar_id ? fileUrl(l.team.avatar_id) : '/images/default-team.svg'} alt="" width={40} height={40} loading="lazy" />
          <span className="participant-name">
            <Link to={`/teams/${l.team_id}`}>{l.team.name}</Link>
            <StateBadge link={l} />
          </span>
          {actions && <span className="participant-actions">{actions(l)}</span>}
        </li>
      ))}
    </ul>
  );
}
