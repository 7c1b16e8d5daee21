// /news/create: the editor with its live preview; the draft is kept in this browser (every 5 seconds)
// and offered back when the page opens. Published, the spec's message shows and the news page opens a
// second later. With ?team_id= the item is the team's (its managers publish for it).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router/index.tsx';
import { useSession } from '../../../stores/session.ts';
import { signedInSession } from '../../../lib/nakama/session-timing.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { failedWithReason } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Button, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useCreateNews } from '../api/create-news.ts';
import { NewsForm } from '../components/news-form.tsx';
import { newsMessages as m } from '../messages.ts';
import { useNewsDraft, type NewsDraft } from '../use-news-draft.ts';
import '../news.css';

/** The spec's wait between the success message and the news page. */
const REDIRECT_MS = 1000;
const EMPTY: NewsDraft = { title: '', html: '', is_public: true };

/** Whose team the item is for, when one is named. */
function TeamNotice({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);
  return team.data ? <Notice kind="info">{m.teamNews(team.data.name)}</Notice> : null;
}


function CreateForm({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const teamId = params.get('team_id') ?? undefined;
  const navigate = useNavigate();
  const create = useCreateNews();
  const draft = useNewsDraft(userId);
  const [restored, setRestored] = useState(draft.restored !== undefined);
  // A new form (and editor) after the draft is discarded.
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState(draft.restored ?? EMPTY);
  const [published, setPublished] = useState<{ id: string; title: string }>();

  useEffect(() => {
    if (!published) return;
    const t = setTimeout(() => navigate(`/news/${published.id}`), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [published, navigate]);

  const discard = () => {
    draft.clear();
    setRestored(false);
    setInitial(EMPTY);
    setFormKey((k) => k + 1);
  };

  return (
    <>
      {teamId && <TeamNotice teamId={teamId} />}
      {restored && (
        <div className="notice notice-info news-draft" role="status">
          <span>{m.draftRestored}</span>
          <Button variant="ghost" onClick={discard}>{m.discardDraft}</Button>
        </div>
      )}
      <NewsForm
        key={formKey}
        initial={initial}
        submitLabel={m.publish}
        pendingLabel={m.publishing}
        pending={create.isPending}
        done={published !== undefined}
        onChange={draft.update}
        status={
          published ? (
            <Notice kind="success">{m.created(published.title)}</Notice>
          ) : create.isError ? (
            <Notice kind="error">{failedWithReason(m.createFailed, create.error)}</Notice>
          ) : undefined
        }
        onSubmit={(v) =>
          create.mutate(
            { name: v.title, description: v.html, is_public: v.is_public, team_id: teamId },
            {
              onSuccess: (n) => {
                draft.clear();
                setRestored(false);
                setPublished({ id: n.id, title: n.name });
              },
            },
          )
        }
      />
    </>
  );
}

export function Component() {
  const snapshot = useSession();
  const session = signedInSession(snapshot);
  return (
    <section className="page news-form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      {snapshot.status === 'loading' ? (
        <Spinner />
      ) : session?.user_id ? (
        <CreateForm userId={session.user_id} />
      ) : (
        <>
          <Notice kind="error">{m.unauthorized}</Notice>
          <Link className="btn btn-primary news-login" to={withReturn('/login', '/news/create')}>{m.toLogin}</Link>
        </>
      )}
    </section>
  );
}
