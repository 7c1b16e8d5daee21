// /players: links labelled with last, first and middle name.
import { Link } from 'react-router';
import { useAuthenticated } from '../../../stores/session.ts';
import { EmptyState, ErrorState, LoadMore, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { fullName, useListPlayers } from '../../../shared/api/players.ts';
import { playerMessages as m } from '../messages.ts';

export function Component() {
  const authenticated = useAuthenticated();
  const q = useListPlayers({});
  const players = q.data?.pages.flatMap((p) => p.players) ?? [];
  return (
    <section className="page">
      <div className="page-head">
        <PageTitle>{m.listTitle}</PageTitle>
        {authenticated && <Link className="btn btn-primary" to="/players/create">{m.create}</Link>}
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
      {q.isSuccess && players.length === 0 && <EmptyState>{m.empty}</EmptyState>}
      {players.length > 0 && (
        <ul className="link-list">
          {players.map((p) => (
            <li key={p.id}>
              <Link to={`/players/${p.id}`}>{fullName(p)}</Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={q}>{m.loadMore}</LoadMore>
    </section>
  );
}
