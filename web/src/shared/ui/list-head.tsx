// A list page's heading (/teams, /players, /news, ...): the title, and the create button for who is signed in.
import { Link } from '../../lib/router/index.tsx';
import { useAuthenticated } from '../../stores/session.ts';
import { PageTitle } from './index.tsx';

export function ListHead({ title, createTo, createLabel }: { title: string; createTo: string; createLabel: string }) {
  const signedIn = useAuthenticated();
  return (
    <div className="page-head">
      <PageTitle>{title}</PageTitle>
      {signedIn && <Link className="btn btn-primary" to={createTo}>{createLabel}</Link>}
    </div>
  );
}
