// /matches/create: the home and the guest team (each found by a search), the date and time, not in the
// past. Only a manager of one of the teams may create it: the page says so, and a refusal says why.
// Created, the spec's message shows and the match page opens a second later. ?team_id= starts with that
// team at home.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router/index.tsx';
import type { TeamSummary } from '@tribuna/portal/types';
import { useAuthenticated, useSession } from '../../../stores/session.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { failedWithReason } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useCreateMatch } from '../api/create-match.ts';
import { MatchForm } from '../components/match-form.tsx';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

/** The spec's wait between the success message and the match page. */
const REDIRECT_MS = 1000;

function CreateForm({ initialHome }: { initialHome?: TeamSummary }) {
  const navigate = useNavigate();
  const create = useCreateMatch();
  const [createdId, setCreatedId] = useState<string>();

  useEffect(() => {
    if (!createdId) return;
    const t = setTimeout(() => navigate(`/matches/${createdId}`), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [createdId, navigate]);

  return (
    <MatchForm
      initial={{ home: initialHome, time: '' }}
      future
      status={
        <>
          {createdId && <Notice kind="success">{m.success}</Notice>}
          {create.isError && <Notice kind="error">{failedWithReason(m.createFailed, create.error)}</Notice>}
        </>
      }
      actions={
        <button type="submit" className="btn btn-primary" disabled={create.isPending || createdId !== undefined}>
          {create.isPending ? m.submitting : m.submit}
        </button>
      }
      onSubmit={(v) =>
        create.mutate({ owner_team_id: v.home.id, guest_team_id: v.guest.id, match_time: v.matchTime }, { onSuccess: (match) => setCreatedId(match.id) })
      }
    />
  );
}

/** The form with the team of ?team_id= at home (a team that does not load is simply not chosen). */
function FromTeam({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);
  if (team.isPending) return <Spinner />;
  const t = team.data;
  return <CreateForm initialHome={t ? { id: t.id, name: t.name, description: t.description, avatar_id: t.avatar_id } : undefined} />;
}

export function Component() {
  const [params] = useSearchParams();
  const teamId = params.get('team_id');
  const signedIn = useAuthenticated();
  const loading = useSession().status === 'loading';
  return (
    <section className="page form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      {signedIn && <p className="muted match-intro">{m.whoCreates}</p>}
      {loading ? (
        <Spinner />
      ) : signedIn ? (
        teamId ? <FromTeam teamId={teamId} /> : <CreateForm />
      ) : (
        <>
          <Notice kind="info">{m.signInToCreate}</Notice>
          <Link className="btn btn-primary align-start" to={withReturn('/login', '/matches/create')}>{m.toLogin}</Link>
        </>
      )}
    </section>
  );
}
