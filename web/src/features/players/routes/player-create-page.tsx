// /players/create: photo, last name and first name (required), middle name. Then the new player's page,
// or the page the form was opened from (?next=, a path of this site: a team's join page).
import { Link, useNavigate, useSearchParams } from '../../../lib/router/index.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { safeReturnPath, withReturn } from '../../../shared/lib/return-to.ts';
import { Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { useCreatePlayer } from '../api/create-player.ts';
import { PlayerForm } from '../components/player-form.tsx';
import { playerMessages as m } from '../messages.ts';

export function Component() {
  const authenticated = useAuthenticated();
  const navigate = useNavigate();
  const create = useCreatePlayer();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.createTitle}</PageTitle>
        <Notice kind="info">{m.signInToCreate}</Notice>
        <Link className="btn btn-primary" to={withReturn('/login', '/players/create')}>{m.toLogin}</Link>
      </section>
    );
  }

  return (
    <section className="page form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      <PlayerForm
        submitLabel={m.save}
        pending={create.isPending}
        error={create.isError ? apiErrorMessage(create.error, m.createFailed) : undefined}
        onSubmit={(v) =>
          create.mutate(
            { first_name: v.first_name, middle_name: v.middle_name || undefined, last_name: v.last_name, avatar_id: v.avatar_id },
            { onSuccess: (p) => navigate(next ?? `/players/${p.id}`) },
          )
        }
      />
    </section>
  );
}
