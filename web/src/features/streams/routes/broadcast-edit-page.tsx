// /broadcasts/{id}/edit: the broadcast's fields filled in; Save goes back to its page, Cancel too. A
// broadcast that does not load sends the user to the list; a failed save says so.
import { Link, Navigate, useParams } from '../../../lib/router/index.tsx';
import { useSession } from '../../../stores/session.ts';
import { failedWithReason } from '../../../shared/lib/error-message.ts';
import { Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { SaveOrCancel } from '../../../shared/ui/save-or-cancel.tsx';
import { useSaveAndReturn } from '../../../shared/ui/use-save-and-return.ts';
import { useStream, type Stream } from '../api/get-stream.ts';
import { useUpdateStream, type StreamChanges } from '../api/update-stream.ts';
import { toLocalInput } from '../../../shared/i18n/format.ts';
import { parseTags, type BroadcastValues } from '../broadcast.ts';
import { BroadcastForm } from '../components/broadcast-form.tsx';
import { broadcastMessages as m } from '../messages.ts';
import '../broadcasts.css';

function EditForm({ stream }: { stream: Stream }) {
  const update = useUpdateStream();
  const initial: BroadcastValues = {
    title: stream.title,
    description: stream.description,
    embedUrl: stream.embed_url,
    tags: stream.tags.join(', '),
    start: toLocalInput(stream.start_time),
  };
  const page = `/broadcasts/${stream.id}`;
  const saveAndReturn = useSaveAndReturn(page, m.saved);
  return (
    <BroadcastForm
      initial={initial}
      editing
      status={update.isError ? <Notice kind="error">{failedWithReason(m.saveFailed, update.error)}</Notice> : undefined}
      actions={<SaveOrCancel pending={update.isPending} cancelTo={page} />}
      onSubmit={(v) => {
        const changes: StreamChanges = {
          id: stream.id,
          title: v.title.trim(),
          description: v.description.trim(),
          tags: parseTags(v.tags),
        };
        // The stored link is in embed form already, and an unchanged start is left as it is.
        if (v.embedUrl.trim() !== stream.embed_url) changes.embed_url = v.embedUrl.trim();
        if (v.start !== initial.start) changes.start_time = v.start ? new Date(v.start).toISOString() : null;
        update.mutate(changes, saveAndReturn);
      }}
    />
  );
}

export function Component() {
  const { id = '' } = useParams();
  const q = useStream(id);
  const snapshot = useSession();
  if (q.isError) return <Navigate to="/broadcasts" replace />;
  if (q.isPending || snapshot.status === 'loading') return <Spinner label={m.loading} />;
  const mine = snapshot.session?.user_id === q.data.creator_id;
  return (
    <section className="page form-page">
      <PageTitle>{m.editTitle}</PageTitle>
      {mine ? (
        <EditForm stream={q.data} />
      ) : (
        <>
          <Notice kind="error">{m.notYours}</Notice>
          <Link className="btn btn-secondary align-start" to={`/broadcasts/${id}`}>{m.backToBroadcast}</Link>
        </>
      )}
    </section>
  );
}
