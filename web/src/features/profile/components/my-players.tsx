// The profile's list of the user's own players, as cards, with a link to create one.
import { Link } from '../../../lib/router/index.tsx';
import { useMyPlayers } from '../../../shared/api/players.ts';
import { CardGrid } from '../../../shared/ui/card-link.tsx';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { PlayerCard } from '../../../shared/ui/player-card.tsx';
import { profileMessages as m } from '../messages.ts';

export function MyPlayers() {
  const q = useMyPlayers();
  return (
    <section className="stack">
      <div className="page-head">
        <h2>{m.myPlayers}</h2>
        <Link className="btn btn-secondary" to="/players/create">{m.createPlayer}</Link>
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.playersLoadFailed}</ErrorState>}
      {q.isSuccess && q.data.length === 0 && <EmptyState>{m.noPlayers}</EmptyState>}
      {q.isSuccess && q.data.length > 0 && (
        <CardGrid label={m.myPlayers}>
          {q.data.map((p) => (
            <li key={p.id}>
              <PlayerCard player={p} />
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}
