// /matches/create: the home and the guest team (each found by a search), the date and time. Created, the
// spec's message shows and the match page opens a second later. ?team_id= starts with that team at home.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TeamSummary } from '@tribuna/portal/types';
import { useAuthenticated, useSession } from '../../../stores/session.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Field, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useCreateMatch } from '../api/matches.ts';
import { TeamPicker } from '../components/team-picker.tsx';
import { validateMatch, type MatchErrors } from '../match-form.ts';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

/** The spec's wait between the success message and the match page. */
const REDIRECT_MS = 1000;

/** The failure in the spec's words, and the server's reason when it gives one. */
function failure(err: unknown): string {
  const reason = apiErrorMessage(err, '');
  return reason ? `${m.createFailed} ${reason}` : m.createFailed;
}

function CreateForm({ initialHome }: { initialHome?: TeamSummary }) {
  const navigate = useNavigate();
  const create = useCreateMatch();
  const [home, setHome] = useState<TeamSummary | undefined>(initialHome);
  const [guest, setGuest] = useState<TeamSummary>();
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<MatchErrors>({});
  const [createdId, setCreatedId] = useState<string>();

  useEffect(() => {
    if (!createdId) return;
    const t = setTimeout(() => navigate(`/matches/${createdId}`), REDIRECT_MS);
    return () => clearTimeout(t);
  }, [createdId, navigate]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateMatch(home, guest, time);
    setErrors(found);
    if (Object.keys(found).length || !home || !guest) return;
    create.mutate(
      { owner_team_id: home.id, guest_team_id: guest.id, match_time: new Date(time).toISOString() },
      { onSuccess: (match) => setCreatedId(match.id) },
    );
  }

  return (
    <form className="form-grid match-form" onSubmit={submit} noValidate>
      <TeamPicker legend={m.homeTeam} name="home" value={home} taken={guest?.id} error={errors.home} onChange={setHome} />
      <TeamPicker legend={m.guestTeam} name="guest" value={guest} taken={home?.id} error={errors.guest} onChange={setGuest} />
      <Field label={m.matchTime} name="match_time" type="datetime-local" value={time} error={errors.time} onChange={(e) => setTime(e.target.value)} />
      {createdId && <Notice kind="success">{m.success}</Notice>}
      {create.isError && <Notice kind="error">{failure(create.error)}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={create.isPending || createdId !== undefined}>
          {create.isPending ? m.submitting : m.submit}
        </button>
      </div>
    </form>
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
