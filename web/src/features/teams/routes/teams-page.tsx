// /teams: the list of teams with the type filter; signed-in users get a create button.
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { CardGrid, CardLink } from '../../../shared/ui/card-link.tsx';
import { EmptyState, ErrorState, LoadMore, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useListTeams } from '../api/list-teams.ts';
import { TEAM_TYPES } from '../../../shared/api/teams.ts';
import { teamMessages as m } from '../messages.ts';
import '../teams.css';

export function Component() {
  const [params, setParam] = useAddressParams();
  const typeParam = params.get('type');
  const teamType = typeParam === '0' || typeParam === '1' ? Number(typeParam) : undefined;
  const q = useListTeams({ team_type: teamType });
  const teams = q.data?.pages.flatMap((p) => p.teams) ?? [];

  const setType = (t: number | undefined) => setParam('type', t === undefined ? undefined : String(t));

  return (
    <section className="page">
      <ListHead title={m.listTitle} createTo="/teams/create" createLabel={m.create} />
      <div className="filter-bar" role="group" aria-label={m.filterLabel}>
        <ToggleButton pressed={teamType === undefined} onClick={() => setType(undefined)}>{m.filterAll}</ToggleButton>
        {Object.entries(TEAM_TYPES).map(([value, label]) => (
          <ToggleButton key={value} pressed={teamType === Number(value)} onClick={() => setType(Number(value))}>
            {label}
          </ToggleButton>
        ))}
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
      {q.isSuccess && teams.length === 0 && <EmptyState>{teamType === undefined ? m.empty : m.emptyFiltered}</EmptyState>}
      {teams.length > 0 && (
        <CardGrid label={m.listTitle}>
          {teams.map((t) => (
            <li key={t.id}>
              <CardLink to={`/teams/${t.id}`} title={t.name} image={t.avatar_id ? fileUrl(t.avatar_id) : '/images/default-team.svg'}>
                <span className="card-link-meta">
                  <span className="badge">{TEAM_TYPES[t.team_type]}</span> {m.members(t.member_count)}
                </span>
                {t.description && <span className="muted clamp">{t.description}</span>}
              </CardLink>
            </li>
          ))}
        </CardGrid>
      )}
      <LoadMore query={q}>{m.loadMore}</LoadMore>
    </section>
  );
}
