// /broadcasts/create: a new broadcast. Created, the spec's message shows and its page opens a second later.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../../lib/router/index.tsx';
import { useAuthenticated, useSession } from '../../../stores/session.ts';
import { failedWithReason } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useCreateStream } from '../api/create-stream.ts';
import { parseTags, type BroadcastValues } from '../broadcast.ts';
import { BroadcastForm } from '../components/broadcast-form.tsx';
import { broadcastMessages as m } from '../messages.ts';
import '../broadcasts.css';

/** The spec's wait between the success message and the broadcast page. */
const REDIRECT_MS = 1000;
const EMPTY: BroadcastValues = { title: '', description: '', embedUrl: '', tags: '', start: '' };

function CreateForm() {
  const navigate = useNavigate();
  const create = useCreateStream();
  const [created, setCreated] = useState<{ id: string; title: string }>();

  useEffect(() => {
    if (!created) return;
    const t = setTimeout(() => navigate(`/broadcasts/${created.id}`), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [created, navigate]);

  return (
    <BroadcastForm
      initial={EMPTY}
      status={
        created ? (
          <Notice kind="success">{m.created(created.title)}</Notice>
        ) : create.isError ? (
          <Notice kind="error">{failedWithReason(m.createFailed, create.error)}</Notice>
        ) : undefined
      }
      actions={
        <button type="submit" className="btn btn-primary" disabled={create.isPending || created !== undefined}>
          {create.isPending ? m.submitting : m.submit}
        </button>
      }
      onSubmit={(v) =>
        create.mutate(
          {
            title: v.title.trim(),
            description: v.description.trim(),
            embed_url: v.embedUrl.trim(),
            tags: parseTags(v.tags),
            start_time: v.start ? new Date(v.start).toISOString() : null,
          },
          { onSuccess: (s) => setCreated({ id: s.id, title: s.title }) },
        )
      }
    />
  );
}

export function Component() {
  const snapshot = useSession();
  const signedIn = useAuthenticated();
  return (
    <section className="page form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      {snapshot.status === 'loading' ? (
        <Spinner />
      ) : signedIn ? (
        <CreateForm />
      ) : (
        <>
          <Notice kind="error">{m.unauthorized}</Notice>
          <Link className="btn btn-primary align-start" to={withReturn('/login', '/broadcasts/create')}>{m.toLogin}</Link>
        </>
      )}
    </section>
  );
}
