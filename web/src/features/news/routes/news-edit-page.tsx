// /news/{id}/edit: the creator changes the title, the text and the visibility of their item.
import { Link, useParams } from '../../../lib/router/index.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { useSession } from '../../../stores/session.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ErrorState, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useSaveAndReturn } from '../../../shared/ui/use-save-and-return.ts';
import { useNews } from '../api/get-news.ts';
import { useUpdateNews } from '../api/update-news.ts';
import { NewsForm } from '../components/news-form.tsx';
import { newsMessages as m } from '../messages.ts';
import '../news.css';

export function Component() {
  const { id = '' } = useParams();
  const q = useNews(id);
  const me = useSession().session?.user_id;
  const update = useUpdateNews();
  // Saved, it goes back to the item's page.
  const saveAndReturn = useSaveAndReturn(`/news/${id}`, m.saved);

  let content;
  if (q.isPending) content = <Spinner />;
  else if (q.isError) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    content = <ErrorState onRetry={missing ? undefined : () => void q.refetch()}>{missing ? m.notFound : m.loadFailed}</ErrorState>;
  } else if (q.data.creator_id !== me) content = <Notice kind="error">{m.notYours}</Notice>;
  else {
    const news = q.data;
    content = (
      <NewsForm
        initial={{ title: news.name, html: news.description, is_public: news.is_public }}
        submitLabel={m.save}
        pendingLabel={m.saving}
        pending={update.isPending}
        status={update.isError ? <Notice kind="error">{apiErrorMessage(update.error, m.saveFailed)}</Notice> : undefined}
        actions={<Link className="btn btn-ghost" to={`/news/${news.id}`}>{m.cancel}</Link>}
        onSubmit={(v) =>
          update.mutate(
            { id: news.id, name: v.title, description: v.html, is_public: v.is_public },
            saveAndReturn,
          )
        }
      />
    );
  }

  return (
    <section className="page news-form-page">
      <PageTitle>{m.editTitle}</PageTitle>
      {content}
      {q.isError && <Link className="btn btn-secondary" to="/news">{m.backToList}</Link>}
    </section>
  );
}
