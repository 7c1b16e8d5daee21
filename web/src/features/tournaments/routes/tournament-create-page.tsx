// /tournaments/create: cover, title and start date (required, today or later), description, type and
// participation; success says so and goes to the tournament after 1 s, failure says 'Ошибка при создании
// турнира.'.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../../lib/router/index.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { useCreateTournament } from '../api/create-tournament.ts';
import { EMPTY_VALUES, fromDateInput, TournamentForm } from '../components/tournament-form.tsx';
import { tournamentMessages as m } from '../messages.ts';
import '../tournaments.css';

export const REDIRECT_DELAY_MS = 1000;

export function Component() {
  const authenticated = useAuthenticated();
  const navigate = useNavigate();
  const create = useCreateTournament();
  const [created, setCreated] = useState<{ id: string; title: string }>();

  useEffect(() => {
    if (!created) return;
    const t = setTimeout(() => navigate(`/tournaments/${created.id}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [created, navigate]);

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.createTitle}</PageTitle>
        <Notice kind="info">{m.signInToCreate}</Notice>
        <Link className="btn btn-primary" to={withReturn('/login', '/tournaments/create')}>{m.toLogin}</Link>
      </section>
    );
  }

  return (
    <section className="page form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      <TournamentForm
        initial={EMPTY_VALUES}
        startRequired
        future
        onSubmit={(v) =>
          create.mutate(
            { title: v.title, description: v.description, image_url: v.image_url, tournament_type: v.tournament_type, access: v.access, start_time: fromDateInput(v.start_date) },
            { onSuccess: (t) => setCreated({ id: t.id, title: t.title }) },
          )
        }
      >
        {created && <Notice kind="success">{m.created(created.title)}</Notice>}
        {create.isError && <Notice kind="error">{apiErrorMessage(create.error, m.createFailed)}</Notice>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending || !!created}>
            {create.isPending ? m.saving : m.save}
          </button>
        </div>
      </TournamentForm>
    </section>
  );
}
