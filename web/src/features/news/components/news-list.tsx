// A paged list of news cards: the first page's loading, its failure, the empty text and "Показать еще".
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { NewsPage } from '../../../shared/api/news.ts';
import { EmptyState, ErrorState, LoadMore, Spinner } from '../../../shared/ui/index.tsx';
import { newsMessages as m } from '../messages.ts';
import { NewsCard } from './news-card.tsx';

export function NewsList({ query, label }: { query: UseInfiniteQueryResult<InfiniteData<NewsPage>>; label: string }) {
  const news = query.data?.pages.flatMap((p) => p.news) ?? [];
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()}>{m.loadFailed}</ErrorState>;
  if (!news.length) return <EmptyState>{m.empty}</EmptyState>;
  return (
    <>
      <ul className="news-list" aria-label={label}>
        {news.map((n) => (
          <li key={n.id}>
            <NewsCard news={n} />
          </li>
        ))}
      </ul>
      <LoadMore query={query}>{m.loadMore}</LoadMore>
    </>
  );
}
