// /teams: the list of teams with the type filter and a search by the start of the name (?q=, asked once
// typing pauses); signed-in users get a create button.
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { useAddressSearch } from '../../../shared/lib/use-address-search.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { CardGrid, CardLink } from '../../../shared/ui/card-link.tsx';
import { EmptyState, ErrorState, Field, LoadMore, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { useListTeams } from '../api/list-teams.ts';
import { parseTeamType, TEAM_TYPES, type TeamType } from '../../../shared/api/teams.ts';
import { teamMessages as m } from '../messages.ts';
import '../teams.css';

export function Component() {
  const [params, setParam] = useAddressParams();
  const typeParam = params.get('type');
  const teamType = parseTeamType(typeParam);
  const [draft, setDraft, name] = useAddressSearch();
  const q = useListTeams({ team_type: teamType, ...(name ? { name } : {}) });
  const teams = q.data?.pages.flatMap((p) => p.teams) ?? [];

  const setType = (t: TeamType | undefined) => setParam('type', t === undefined ? undefined : String(t));

  return (
    <section className="page">
      <ListHead title={m.listTitle} createTo="/teams/create" createLabel={m.create} />
      <div className="teams-toolbar">
        <search className="search-bar">
          <Field label={m.search} name="q" type="search" placeholder={m.searchPlaceholder} autoComplete="off" limit={TEXT_LIMITS.teamName} counter="near" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </search>
        <div className="filter-bar" role="group" aria-label={m.filterLabel}>
          <ToggleButton pressed={teamType === undefined} onClick={() => setType(undefined)}>{m.filterAll}</ToggleButton>
          {Object.entries(TEAM_TYPES).map(([value, label]) => (
            <ToggleButton key={value} pressed={teamType === parseTeamType(value)} onClick={() => setType(parseTeamType(value))}>
              {label}
            </ToggleButton>
          ))}
        </div>
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
      {q.isSuccess && teams.length === 0 && <EmptyState>{name ? m.nothingFound(name) : teamType === undefined ? m.empty : m.emptyFiltered}</EmptyState>}
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
