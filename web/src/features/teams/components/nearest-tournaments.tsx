// The team page's "Ближайшие турниры" block. It asks list_team_tournaments only once that RPC exists
// (TEAM_TOURNAMENTS_RPC_READY); until then, and whenever no tournament fits, it renders nothing.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { teamTournamentsQuery } from '../api/list-team-tournaments.ts';
import { teamMessages as m } from '../messages.ts';
import { nearestTournaments, type TeamTournament } from '../nearest-tournaments.ts';

export function NearestTournamentsList({ links, now }: { links: readonly TeamTournament[]; now: Date }) {
  const nearest = nearestTournaments(links, now);
  if (nearest.length === 0) return null;
  return (
    <section className="card" aria-labelledby="nearest-tournaments">
      <h2 id="nearest-tournaments">{m.nearestTournaments}</h2>
      <ul className="link-list">
        {nearest.map((n) => (
          <li key={n.id}>
            <Link to={`/tournaments/${n.tournament_id}`}>{n.tournament!.title}</Link>
            <span className="muted"> {formatDateTime(n.tournament!.start_time!)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NearestTournaments({ teamId }: { teamId: string }) {
  const q = useQuery(teamTournamentsQuery(teamId));
  if (!q.data) return null;
  return <NearestTournamentsList links={q.data} now={new Date()} />;
}
