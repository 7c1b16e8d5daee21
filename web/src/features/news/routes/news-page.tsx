// /news/{id}: one news item: title, the sanitised text, its photos and videos, the heart and the stars,
// when it was published and changed, and who wrote it. Its creator makes it public or private, edits and
// deletes it; another's private or a missing item is "Новость не найдена".
import { useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useSession } from '../../../stores/session.ts';
import type { News } from '../../../shared/api/news.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { useUsers } from '../../../shared/api/users.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { personName } from '../../../shared/lib/person.ts';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button, PageTitle } from '../../../shared/ui/index.tsx';
import { ItemFallback } from '../../../shared/ui/item-fallback.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteNews } from '../api/delete-news.ts';
import { useNews } from '../api/get-news.ts';
import { useUpdateNews } from '../api/update-news.ts';
import { LikeButton, NewsRating } from '../components/news-actions.tsx';
import { NewsGallery } from '../components/news-gallery.tsx';
import { NewsVideos } from '../components/news-videos.tsx';
import { NewsHtml } from '../components/news-html.tsx';
import { newsMessages as m } from '../messages.ts';
import '../news.css';

function DeleteConfirm({ news, onClose }: { news: News; onClose(): void }) {
  const del = useDeleteNews();
  return (
    <DeleteAndLeaveDialog
      title={m.deleteTitle}
      pending={del.isPending}
      onClose={onClose}
      remove={() => del.mutateAsync(news.id)}
      deleted={m.deleted}
      failed={m.deleteFailed}
      leaveTo="/news"
    >
      <p>{m.deleteText(news.name)}</p>
    </DeleteAndLeaveDialog>
  );
}

/** The creator's controls: public or private (failures only logged, as the spec says), edit, delete. */
function CreatorTools({ news }: { news: News }) {
  const update = useUpdateNews();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  // While the change is on its way the box shows what was asked for (from the click on, not a render
  // later); a failure puts it back.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <div className="news-creator row" role="group" aria-label={m.creatorTools}>
      <label className="checkbox news-privacy">
        <input
          type="checkbox"
          checked={asked ?? news.is_public}
          disabled={asked !== null}
          onChange={(e) => {
            setAsked(e.target.checked);
            update.mutate(
              { id: news.id, is_public: e.target.checked },
              {
                onSuccess: (n) => toast(n.is_public ? m.madePublic : m.madePrivate, 'success'),
                onError: (err) => console.error('Не удалось изменить видимость новости', err),
                onSettled: () => setAsked(null),
              },
            );
          }}
        />
        <span>{m.makePublic}</span>
      </label>
      <Link className="btn btn-secondary" to={`/news/${news.id}/edit`}>{m.edit}</Link>
      <Button variant="ghost" onClick={() => setDeleting(true)}>{m.delete}</Button>
      {deleting && <DeleteConfirm news={news} onClose={() => setDeleting(false)} />}
    </div>
  );
}

function Author({ id }: { id: string }) {
  const user = useUsers([id])[id];
  return <>{user ? personName(user) : '…'}</>;
}

/** A change within the first minute (pictures added while publishing) is not worth a line. */
const changedLater = (n: News) => Date.parse(n.update_time) - Date.parse(n.create_time) >= 60_000;

function TeamRow({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);
  if (!team.data) return null;
  return (
    <>
      <dt>{m.team}</dt>
      <dd><Link to={`/teams/${teamId}/news`}>{team.data.name}</Link></dd>
    </>
  );
}


export function Component() {
  const { id = '' } = useParams();
  const q = useNews(id);
  const me = useSession().session?.user_id;

  if (!q.data) return <ItemFallback query={q} backTo="/news" texts={{ notFound: m.notFound, notFoundText: m.notFoundText, loadFailed: m.loadFailed, back: m.backToList }} />;
  const news = q.data;
  const mine = me === news.creator_id;

  return (
    <article className="page news-article">
      <Link className="news-back" to="/news">← {m.backToList}</Link>
      <PageTitle>{news.name}</PageTitle>
      <p className="news-card-meta">
        {!news.is_public && <span className="badge badge-private">{m.private}</span>}
        {mine && <span className="badge">{m.yours}</span>}
      </p>
      <dl className="details news-details">
        <dt>{m.author}</dt>
        <dd><Author id={news.creator_id} /></dd>
        <dt>{m.published}</dt>
        <dd><time dateTime={news.create_time}>{formatDateTime(news.create_time)}</time></dd>
        {news.team_id && <TeamRow teamId={news.team_id} />}
        {changedLater(news) && (
          <>
            <dt>{m.updated}</dt>
            <dd><time dateTime={news.update_time}>{formatDateTime(news.update_time)}</time></dd>
          </>
        )}
      </dl>
      {mine && <CreatorTools news={news} />}
      {news.description ? <NewsHtml html={news.description} className="news-body" /> : <p className="muted">{m.noDescription}</p>}
      <NewsVideos news={news} editable={mine} />
      <NewsGallery news={news} editable={mine} />
      <div className="news-card-actions news-reader">
        <LikeButton news={news} />
        <NewsRating news={news} />
      </div>
    </article>
  );
}
