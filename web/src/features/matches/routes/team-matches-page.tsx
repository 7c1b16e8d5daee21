// /teams/{teamId}/matches: the team's matches, home and away, upcoming or past as on /matches, 20 a page as
// the list is scrolled.
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { PeriodMatches } from '../components/period-matches.tsx';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

export function Component() {
  const { teamId = '' } = useParams();
  const signedIn = useAuthenticated();
  return (
    <section className="stack team-matches">
      <div className="page-head">
        <h2 className="team-section-title">{m.teamTitle}</h2>
        {signedIn && <Link className="btn btn-primary" to={`/matches/create?team_id=${encodeURIComponent(teamId)}`}>{m.create}</Link>}
      </div>
      <PeriodMatches teamId={teamId} />
    </section>
  );
}
