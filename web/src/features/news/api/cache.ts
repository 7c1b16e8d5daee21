// A news item changed in every cached answer that holds it (the lists, the home page's latest, the item
// itself), for optimistic likes and ratings and for answers of changes; and the way back.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { newsKeys, type NewsBase, type NewsPage } from '../../../shared/api/news.ts';

/** What changes: fields a list's item and the item itself share (a list holds previews, not descriptions). */
type Change = Partial<NewsBase> | ((n: NewsBase) => Partial<NewsBase>);
/** The cached answers as they were before a change. */
export type NewsSnapshot = [QueryKey, unknown][];
type Apply = <T extends NewsBase>(n: T) => T;

const onPage = (page: NewsPage, apply: Apply): NewsPage => {
  const news = page.news.map(apply);
  return news.some((n, i) => n !== page.news[i]) ? { ...page, news } : page;
};

/** The cached answer with the item changed; the same object when it does not hold the item. */
function patched(key: QueryKey, data: unknown, apply: Apply): unknown {
  switch (key[1]) {
    case 'detail':
      return apply(data as NewsBase);
    case 'latest':
      return onPage(data as NewsPage, apply);
    case 'list': {
      const inf = data as InfiniteData<NewsPage>;
      const pages = inf.pages.map((p) => onPage(p, apply));
      return pages.some((p, i) => p !== inf.pages[i]) ? { ...inf, pages } : inf;
    }
    default:
      return data;
  }
}

/** Changes the item wherever it is cached; answers what changed, for restoreNews. */
export function patchNews(qc: QueryClient, id: string, change: Change): NewsSnapshot {
  const apply: Apply = (n) => (n.id === id ? { ...n, ...(typeof change === 'function' ? change(n) : change) } : n);
  const snapshot: NewsSnapshot = [];
  for (const [key, data] of qc.getQueriesData({ queryKey: newsKeys.all })) {
    if (data === undefined) continue;
    const next = patched(key, data, apply);
    if (next !== data) {
      snapshot.push([key, data]);
      qc.setQueryData(key, next);
    }
  }
  return snapshot;
}

export function restoreNews(qc: QueryClient, snapshot: NewsSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

/** Lists and the latest fetched again (an item came, went or changed); items stay as they are. */
export function refreshLists(qc: QueryClient): Promise<void> {
  return qc.invalidateQueries({ queryKey: newsKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
}
