// /teams/{teamId}/tournaments (teamTournaments): every tournament the team is in, soonest first, with
// where its participation stands; the team's owner or admin confirms an invitation here.
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useTeam } from '../../../shared/api/teams.ts';
import { tournamentImage, TOURNAMENT_TYPES, useTeamTournaments, type TeamTournament } from '../../../shared/api/tournaments.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { StateBadge } from '../components/participants.tsx';
import { tournamentMessages as m } from '../messages.ts';
import '../tournaments.css';

function Row({ link, canManage }: { link: TeamTournament; canManage: boolean }) {
  const t = link.tournament;
  return (
    <li className="team-tournament">
      <img src={tournamentImage(t)} alt="" width={72} height={48} loading="lazy" />
      <span className="team-tournament-text">
        <Link className="team-tournament-title" to={`/tournaments/${t.id}`}>{t.title}</Link>
        <span className="muted">
          <time dateTime={t.start_time}>{formatDate(t.start_time)}</time> · {TOURNAMENT_TYPES[t.tournament_type]}
        </span>
        <StateBadge link={link} />
      </span>
      {canManage && !link.is_confirmed && link.initiator === 'organizer' && <ConfirmButton link={link} />}
    </li>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const links = useTeamTournaments({ team_id: teamId });
  const canManage = !!team.data?.viewer.can_manage;
  return (
    <section className="card stack" aria-labelledby="team-tournaments-title">
      <h2 id="team-tournaments-title">{m.teamTournaments}</h2>
      {links.isPending && <Spinner />}
      {links.isError && <ErrorState onRetry={() => void links.refetch()}>{m.teamTournamentsFailed}</ErrorState>}
      {links.isSuccess && links.data.team_tournaments.length === 0 && <EmptyState>{m.teamNoTournaments}</EmptyState>}
      {links.isSuccess && links.data.team_tournaments.length > 0 && (
        <ul className="team-tournaments">
          {links.data.team_tournaments.map((l) => <Row key={l.id} link={l} canManage={canManage} />)}
        </ul>
      )}
    </section>
  );
}
