// /broadcasts/{id}: the title with its status ('Скоро начнётся' or 'В эфире'), the description, the
// player 480 px high, who made it and when it starts, was created and changed, its tags. Its creator
// edits and deletes it.
import { useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useSession } from '../../../stores/session.ts';
import { useUsers } from '../../../shared/api/users.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { personName } from '../../../shared/lib/person.ts';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button, PageTitle } from '../../../shared/ui/index.tsx';
import { ItemFallback } from '../../../shared/ui/item-fallback.tsx';
import { BroadcastMatch } from '../components/broadcast-match.tsx';
import { useDeleteStream } from '../api/delete-stream.ts';
import { useStream, type Stream } from '../api/get-stream.ts';
import { isUpcoming, statusText } from '../broadcast.ts';
import { BroadcastEmbed } from '../components/broadcast-embed.tsx';
import { broadcastMessages as m } from '../messages.ts';
import '../broadcasts.css';

function DeleteConfirm({ stream, onClose }: { stream: Stream; onClose(): void }) {
  const del = useDeleteStream();
  return (
    <DeleteAndLeaveDialog
      title={m.deleteTitle}
      pending={del.isPending}
      onClose={onClose}
      remove={() => del.mutateAsync(stream.id)}
      deleted={m.deleted}
      failed={m.deleteFailed}
      leaveTo="/broadcasts"
    >
      <p>{m.confirmDelete}</p>
    </DeleteAndLeaveDialog>
  );
}

function Author({ id }: { id: string }) {
  const user = useUsers([id])[id];
  return <>{user ? personName(user) : '…'}</>;
}


function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

export function Component() {
  const { id = '' } = useParams();
  const q = useStream(id);
  const me = useSession().session?.user_id;
  const [deleting, setDeleting] = useState(false);

  if (!q.data) return <ItemFallback query={q} backTo="/broadcasts" texts={{ notFound: m.notFound, loadFailed: m.broadcastLoadFailed, back: m.backToList, loading: m.loading }} />;
  const s = q.data;
  const upcoming = isUpcoming(s);
  return (
    <article className="page broadcast-page">
      <Link className="back-link" to="/broadcasts">← {m.backToList}</Link>
      <div className="broadcast-head">
        <PageTitle>{s.title}</PageTitle>
        <span className={upcoming ? 'badge badge-soon broadcast-status' : 'badge badge-live broadcast-status'}>{statusText(s)}</span>
      </div>
      {me === s.creator_id && (
        <div className="row broadcast-creator" role="group" aria-label={m.creatorTools}>
          <Link className="btn btn-secondary" to={`/broadcasts/${s.id}/edit`}>{m.edit}</Link>
          <Button variant="ghost" onClick={() => setDeleting(true)}>{m.delete}</Button>
        </div>
      )}
      <p className="broadcast-description pre-line">{s.description}</p>
      <BroadcastEmbed url={s.embed_url} title={s.title} size="full" />
      {s.match_id && <BroadcastMatch matchId={s.match_id} />}
      <section className="card broadcast-info" aria-labelledby="broadcast-info-title">
        <h2 id="broadcast-info-title">{m.info}</h2>
        <dl className="details">
          <dt>{m.author}</dt>
          <dd><Author id={s.creator_id} /></dd>
          <dt>{m.createdAt}</dt>
          <dd><When iso={s.create_time} /></dd>
          {s.start_time && (
            <>
              <dt>{m.startsAt}</dt>
              <dd><When iso={s.start_time} /></dd>
            </>
          )}
          <dt>{m.updatedAt}</dt>
          <dd><When iso={s.update_time} /></dd>
        </dl>
      </section>
      {s.tags.length > 0 && (
        <ul className="broadcast-tags" aria-label={m.tags}>
          {s.tags.map((t) => (
            <li key={t}>
              <Link className="tag-link" to={`/broadcasts?tag=${encodeURIComponent(t)}`}>#{t}</Link>
            </li>
          ))}
        </ul>
      )}
      {deleting && <DeleteConfirm stream={s} onClose={() => setDeleting(false)} />}
    </article>
  );
}
