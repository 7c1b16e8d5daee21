// /broadcasts: all broadcasts or the viewer's own (mine=true), sorted by creation, start or update time,
// either way round, only those on air if asked, one tag's if ?tag= is given; 20 a page, more on request.
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { Button, EmptyState, ErrorState, LoadMore, SelectField, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { ORDERS, SORTS, useListStreams } from '../api/list-streams.ts';
import { BroadcastCard } from '../components/broadcast-card.tsx';
import type { StreamFilter } from '../keys.ts';
import { broadcastMessages as m } from '../messages.ts';
import '../broadcasts.css';

type Param = 'mine' | 'sort' | 'order' | 'active' | 'tag';

/** The list's settings from the address; anything unknown is the default. */
function filterOf(params: URLSearchParams, signedIn: boolean): StreamFilter {
  const sort = params.get('sort');
  const order = params.get('order');
  const tag = params.get('tag')?.trim();
  return {
    only_mine: signedIn && params.get('mine') === 'true',
    sort_by: SORTS.find((s) => s === sort) ?? 'create_time',
    sort_order: ORDERS.find((o) => o === order) ?? 'desc',
    only_active: params.get('active') === 'true',
    ...(tag ? { tag } : {}),
  };
}

export function Component() {
  const signedIn = useAuthenticated();
  const [params, setParam] = useAddressParams();
  const filter = filterOf(params, signedIn);
  const q = useListStreams(filter);
  const streams = q.data?.pages.flatMap((p) => p.streams) ?? [];

  const set = (name: Param, value: string | undefined) => setParam(name, value);

  return (
    <section className="page broadcasts-page">
      <ListHead title={m.listTitle} createTo="/broadcasts/create" createLabel={m.create} />
      <div className="broadcasts-toolbar">
        {signedIn && (
          <div className="filter-bar" role="group" aria-label={m.tabsLabel}>
            <ToggleButton pressed={!filter.only_mine} onClick={() => set('mine', undefined)}>{m.tabAll}</ToggleButton>
            <ToggleButton pressed={filter.only_mine} onClick={() => set('mine', 'true')}>{m.tabMine}</ToggleButton>
          </div>
        )}
        <div className="broadcasts-filters">
          <SelectField label={m.sortLabel} name="sort" value={filter.sort_by} onChange={(e) => set('sort', e.target.value)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>{m.sorts[s]}</option>
            ))}
          </SelectField>
          <SelectField label={m.orderLabel} name="order" value={filter.sort_order} onChange={(e) => set('order', e.target.value)}>
            {ORDERS.map((o) => (
              <option key={o} value={o}>{m.orders[o]}</option>
            ))}
          </SelectField>
          <label className="checkbox broadcasts-active">
            <input type="checkbox" checked={filter.only_active} onChange={(e) => set('active', e.target.checked ? 'true' : undefined)} />
            <span>{m.onlyActive}</span>
          </label>
        </div>
      </div>
      {filter.tag && (
        <p className="broadcasts-tag row">
          <span className="badge tag">{m.tagFilter(filter.tag)}</span>
          <Button variant="ghost" onClick={() => set('tag', undefined)}>{m.clearTag}</Button>
        </p>
      )}
      {q.isPending ? (
        <Spinner />
      ) : q.isError && !streams.length ? (
        <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>
      ) : !streams.length ? (
        <EmptyState>{m.empty}</EmptyState>
      ) : (
        <>
          <ul className="broadcast-list" aria-label={filter.only_mine ? m.tabMine : m.listTitle}>
            {streams.map((s) => (
              <li key={s.id}>
                <BroadcastCard stream={s} />
              </li>
            ))}
          </ul>
          <LoadMore query={q}>{m.loadMore}</LoadMore>
        </>
      )}
    </section>
  );
}
