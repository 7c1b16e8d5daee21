// What the page of one item (a news item, a match, a broadcast, a tournament) shows until its query has
// the item: a spinner while it loads; the not-found page with a way back when the server answers 404 or 400
// (a missing item, another's private one and an address that is no id look alike); else the load error
// with a retry and the way back.
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../../lib/router/index.tsx';
import { ApiError } from '../../lib/nakama/errors.ts';
import { ErrorState, Spinner, useTitle } from './index.tsx';

interface ItemFallbackTexts {
  notFound: string;
  notFoundText?: string;
  loadFailed: string;
  back: string;
  /** What the spinner says, when not the usual. */
  loading?: string;
}

interface Props {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'error' | 'refetch'>;
  texts: ItemFallbackTexts;
  /** The list the item belongs to. */
  backTo: string;
}

function NotFound({ texts, backTo }: Omit<Props, 'query'>) {
  useTitle(texts.notFound);
  return (
    <section className="page narrow">
      <h1 className="page-title">{texts.notFound}</h1>
      {texts.notFoundText && <p className="muted">{texts.notFoundText}</p>}
      <Link className="btn btn-secondary align-start" to={backTo}>{texts.back}</Link>
    </section>
  );
}

export function ItemFallback({ query, texts, backTo }: Props) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  const e = query.error;
  if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return <NotFound texts={texts} backTo={backTo} />;
  return (
    <section className="page narrow">
      <ErrorState onRetry={() => void query.refetch()}>{texts.loadFailed}</ErrorState>
      <Link className="btn btn-secondary align-start" to={backTo}>{texts.back}</Link>
    </section>
  );
}
