// /tournaments: filter buttons per type (Кубок, Круговой) and a reset, cards 20 a page with "Показать ещё",
// a create button for signed-in users. The chosen type is kept in the address (?type=0|1).
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { parseTournamentType, TOURNAMENT_TYPES, type TournamentType } from '../../../shared/api/tournaments.ts';
import { Button, EmptyState, ErrorState, LoadMore, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useListTournaments } from '../api/list-tournaments.ts';
import { TournamentCard } from '../components/tournament-card.tsx';
import { tournamentMessages as m } from '../messages.ts';
import '../tournaments.css';

export function Component() {
  const [params, setParam] = useAddressParams();
  const typeParam = params.get('type');
  const type = parseTournamentType(typeParam);
  const q = useListTournaments(type === undefined ? {} : { tournament_type: type });
  const tournaments = q.data?.pages.flatMap((p) => p.tournaments) ?? [];

  const setType = (t: TournamentType | undefined) => setParam('type', t === undefined ? undefined : String(t));

  return (
    <section className="page">
      <ListHead title={m.listTitle} createTo="/tournaments/create" createLabel={m.create} />
      <div className="filter-bar" role="group" aria-label={m.filterLabel}>
        {Object.entries(TOURNAMENT_TYPES).map(([value, label]) => (
          <ToggleButton key={value} pressed={type === parseTournamentType(value)} onClick={() => setType(parseTournamentType(value))}>
            {label}
          </ToggleButton>
        ))}
        <Button variant="secondary" disabled={type === undefined} onClick={() => setType(undefined)}>{m.reset}</Button>
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
      {q.isSuccess && tournaments.length === 0 && <EmptyState>{type === undefined ? m.empty : m.emptyFiltered}</EmptyState>}
      {tournaments.length > 0 && (
        <ul className="tournament-grid" aria-label={m.listTitle}>
          {tournaments.map((t, i) => (
            <li key={t.id}>
              {/* The first covers are on screen at once: they load first rather than when scrolled to. */}
              <TournamentCard t={t} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={q}>{m.loadMore}</LoadMore>
    </section>
  );
}
