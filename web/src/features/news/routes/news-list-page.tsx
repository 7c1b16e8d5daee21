// /news: the news list. Sort, page size and "mine" are kept in the address (sort, limit, only_mine); the
// tabs and the create button are for signed-in users. "All" asks for public news only, as the spec says.
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { NEWS_SORTS, type NewsSort } from '../../../shared/api/news.ts';
import { useListNews } from '../api/list-news.ts';
import { SelectField, ToggleButton } from '../../../shared/ui/index.tsx';
import { ListHead } from '../../../shared/ui/list-head.tsx';
import { NewsList } from '../components/news-list.tsx';
import { newsMessages as m } from '../messages.ts';
import '../news.css';

const LIMITS = [10, 20, 50] as const;
const DEFAULT_LIMIT = 20;

/** The list's settings from the address; anything unknown is the default. */
function settingsOf(params: URLSearchParams, signedIn: boolean) {
  const sortParam = params.get('sort');
  const sort: NewsSort = NEWS_SORTS.find((s) => s === sortParam) ?? 'newest';
  const limit = LIMITS.find((l) => String(l) === params.get('limit')) ?? DEFAULT_LIMIT;
  const mine = signedIn && params.get('only_mine') === 'true';
  return { sort, limit, mine };
}

export function Component() {
  const signedIn = useAuthenticated();
  const [params, setParam] = useAddressParams();
  const { sort, limit, mine } = settingsOf(params, signedIn);
  const query = useListNews(mine ? { limit, sort, only_mine: true } : { limit, sort, only_public: true });

  const set = (name: 'sort' | 'limit' | 'only_mine', value: string) => setParam(name, value);

  return (
    <section className="page news-page">
      <ListHead title={m.listTitle} createTo="/news/create" createLabel={m.create} />
      <div className="news-toolbar">
        {signedIn && (
          <div className="filter-bar" role="group" aria-label={m.tabsLabel}>
            <ToggleButton pressed={!mine} onClick={() => set('only_mine', 'false')}>{m.tabAll}</ToggleButton>
            <ToggleButton pressed={mine} onClick={() => set('only_mine', 'true')}>{m.tabMine}</ToggleButton>
          </div>
        )}
        <div className="news-filters">
          <SelectField label={m.sortLabel} name="sort" value={sort} onChange={(e) => set('sort', e.target.value)}>
            {NEWS_SORTS.map((s) => (
              <option key={s} value={s}>{m.sorts[s]}</option>
            ))}
          </SelectField>
          <SelectField label={m.limitLabel} name="limit" value={limit} onChange={(e) => set('limit', e.target.value)}>
            {LIMITS.map((l) => (
              <option key={l} value={l}>{l}</option>
            ))}
          </SelectField>
        </div>
      </div>
      <NewsList query={query} label={mine ? m.tabMine : m.listTitle} />
    </section>
  );
}
