// /matches: every match, the latest first, loading on as the list is scrolled; signed-in users create one.
import { Link } from 'react-router';
import { useAuthenticated } from '../../../stores/session.ts';
import { PageTitle } from '../../../shared/ui/index.tsx';
import { MatchList } from '../components/match-list.tsx';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

export function Component() {
  const signedIn = useAuthenticated();
  return (
    <section className="page matches-page">
      <div className="page-head">
        <PageTitle>{m.listTitle}</PageTitle>
        {signedIn && <Link className="btn btn-primary" to="/matches/create">{m.create}</Link>}
      </div>
      <MatchList filter={{}} label={m.listTitle} />
    </section>
  );
}
