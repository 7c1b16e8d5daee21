// /players: every player as a card (photo, last, first and middle name, goals and matches), searchable
// by the start of the last name.
import { useDeferredValue, useState } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { useListPlayers } from '../../../shared/api/players.ts';
import { CardGrid } from '../../../shared/ui/card-link.tsx';
import { EmptyState, ErrorState, Field, LoadMore, Spinner } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { PlayerCard } from '../../../shared/ui/player-card.tsx';
import { playerMessages as m } from '../messages.ts';

export function Component() {
  const [search, setSearch] = useState('');
  const lastName = useDeferredValue(search.trim());
  const q = useListPlayers(lastName ? { last_name: lastName } : {});
  const players = q.data?.pages.flatMap((p) => p.players) ?? [];
  return (
    <section className="page">
      <ListHead title={m.listTitle} createTo="/players/create" createLabel={m.create} />
      <div className="search-bar">
        <Field label={m.search} name="search" type="search" placeholder={m.searchPlaceholder} limit={TEXT_LIMITS.playerName} counter="near" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
      {q.isSuccess && players.length === 0 && <EmptyState>{lastName ? m.nothingFound : m.empty}</EmptyState>}
      {players.length > 0 && (
        <CardGrid label={m.listTitle}>
          {players.map((p) => (
            <li key={p.id}>
              <PlayerCard player={p} />
            </li>
          ))}
        </CardGrid>
      )}
      <LoadMore query={q}>{m.loadMore}</LoadMore>
    </section>
  );
}
