// Matches one page after another: the next page loads by itself once the end of the list comes within
// 300 px of the screen; when the server has no more, 'Больше матчей нет'.
import { useEffect, useEffectEvent, useRef } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { useListMatches } from '../api/list-matches.ts';
import type { MatchFilter } from '../keys.ts';
import { matchMessages as m } from '../messages.ts';
import { MatchCard } from './match-card.tsx';

/** How far before the end of the list the next page starts loading. */
const SCROLL_MARGIN = '0px 0px 300px 0px';

/** Calls `onNear` whenever the returned element comes within 300 px of the screen. */
function useNearEnd(enabled: boolean, pages: number, onNear: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useEffectEvent(onNear);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) near();
    }, { rootMargin: SCROLL_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
    // Observed anew after each page: an end still in sight asks for the next one.
  }, [enabled, pages]);
  return ref;
}

export function MatchList({ filter, label, empty }: { filter: MatchFilter; label: string; empty: string }) {
  const q = useListMatches(filter);
  const matches = q.data?.pages.flatMap((p) => p.matches) ?? [];
  const more = q.hasNextPage;
  const sentinel = useNearEnd(more && !q.isFetchingNextPage && !q.isFetchNextPageError, q.data?.pages.length ?? 0, () => {
    if (!q.isFetchingNextPage) void q.fetchNextPage();
  });

  if (q.isPending) return <Spinner />;
  if (q.isError && !matches.length) return <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>;
  if (!matches.length) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <ul className="match-list" aria-label={label}>
        {matches.map((match) => (
          <li key={match.id}>
            <MatchCard match={match} />
          </li>
        ))}
      </ul>
      {q.isFetchNextPageError && <ErrorState onRetry={() => void q.fetchNextPage()}>{m.loadFailed}</ErrorState>}
      {more ? (
        <div ref={sentinel} className="match-list-more">
          {q.isFetchingNextPage && <Spinner label={m.loadingMore} delayMs={0} />}
        </div>
      ) : (
        <p className="match-list-end muted">{m.end}</p>
      )}
    </>
  );
}
