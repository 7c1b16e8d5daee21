// /tournaments/{tournamentId}/edit, for the organiser: the fields (title required), saved and back to the
// tournament; the participants with "Удалить" (and "Подтвердить участие" of a team's application), and a
// dropdown of the teams not yet in with "Добавить".
import { useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { useSession } from '../../../stores/session.ts';
import { useTeamTournaments, type TeamTournament, type Tournament } from '../../../shared/api/tournaments.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, ErrorState, Field, Notice, PageTitle, SelectField, Spinner } from '../../../shared/ui/index.tsx';
import { SaveOrCancel } from '../../../shared/ui/save-or-cancel.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSaveAndReturn } from '../../../shared/ui/use-save-and-return.ts';
import { useCreateTeamTournament } from '../api/create-team-tournament.ts';
import { useDeleteTeamTournament } from '../api/delete-team-tournament.ts';
import { useTournament } from '../api/get-tournament.ts';
import { useTeamsToPick } from '../api/list-teams.ts';
import { useUpdateTournament } from '../api/update-tournament.ts';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { Participants } from '../components/participants.tsx';
import { fromDateInput, toDateInput, TournamentForm, valuesOf } from '../components/tournament-form.tsx';
import { tournamentMessages as m } from '../messages.ts';
import '../tournaments.css';

function RemoveButton({ link }: { link: TeamTournament }) {
  const remove = useDeleteTeamTournament();
  const toast = useToast();
  return (
    <Button
      variant="danger"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(link.id, {
          onSuccess: () => toast(m.removed(link.team.name), 'success'),
          onError: (err) => toast(apiErrorMessage(err, m.removeFailed), 'error'),
        })
      }
    >
      {m.remove}
    </Button>
  );
}

/** A dropdown of the teams not yet in (found by the start of their name) and "Добавить". */
function AddTeam({ tournamentId, taken }: { tournamentId: string; taken: Set<string> }) {
  const [name, setName] = useState('');
  const [teamId, setTeamId] = useState('');
  const teams = useTeamsToPick(name);
  const add = useCreateTeamTournament();
  const toast = useToast();
  const free = (teams.data?.teams ?? []).filter((t) => !taken.has(t.id));
  const chosen = free.find((t) => t.id === teamId);

  return (
    <form
      className="add-team"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        add.mutate(
          { team_id: chosen.id, tournament_id: tournamentId },
          {
            onSuccess: () => {
              toast(m.added(chosen.name), 'success');
              setTeamId('');
            },
            onError: (err) => toast(apiErrorMessage(err, m.addFailed), 'error'),
          },
        );
      }}
    >
      <Field label={m.findTeam} name="team_search" type="search" placeholder={m.findTeamPlaceholder} limit={TEXT_LIMITS.teamName} counter="near" value={name} onChange={(e) => setName(e.target.value)} />
      <SelectField label={m.addTeam} name="team_id" value={chosen ? teamId : ''} onChange={(e) => setTeamId(e.target.value)} disabled={!free.length}>
        <option value="">{free.length ? m.addTeamPlaceholder : m.noTeamsToAdd}</option>
        {free.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </SelectField>
      <Button type="submit" disabled={!chosen || add.isPending}>{m.add}</Button>
    </form>
  );
}

function ParticipantsEditor({ tournament }: { tournament: Tournament }) {
  const links = useTeamTournaments({ tournament_id: tournament.id });
  const list = links.data?.team_tournaments ?? [];
  return (
    <section className="card stack" aria-labelledby="participants-title">
      <h2 id="participants-title">{m.participants}</h2>
      {links.isPending && <Spinner />}
      {links.isError && <ErrorState onRetry={() => void links.refetch()}>{m.editLoadFailed}</ErrorState>}
      {links.data && (
        <>
          <Participants
            links={list}
            actions={(l) => (
              <>
                {!l.is_confirmed && l.initiator === 'team' && <ConfirmButton link={l} />}
                <RemoveButton link={l} />
              </>
            )}
          />
          <AddTeam tournamentId={tournament.id} taken={new Set(list.map((l) => l.team_id))} />
        </>
      )}
    </section>
  );
}

export function Component() {
  const { tournamentId = '' } = useParams();
  // Saved, it goes back to the tournament's page (no toast: the page shows the change).
  const saveAndReturn = useSaveAndReturn(`/tournaments/${tournamentId}`);
  const q = useTournament(tournamentId);
  const me = useSession().session?.user_id;
  const update = useUpdateTournament();

  if (q.isPending) return <Spinner />;
  if (q.isError) {
    return (
      <section className="page narrow">
        <PageTitle>{m.editTitle}</PageTitle>
        <ErrorState onRetry={() => void q.refetch()}>{m.editLoadFailed}</ErrorState>
        <Link className="btn btn-secondary" to="/tournaments">{m.backToList}</Link>
      </section>
    );
  }
  const t = q.data;
  const back = `/tournaments/${t.id}`;
  if (me !== t.creator_id) {
    return (
      <section className="page narrow">
        <PageTitle>{m.editTitle}</PageTitle>
        <Notice kind="info">{m.onlyCreator}</Notice>
        <Link className="btn btn-secondary" to={back}>{t.title}</Link>
      </section>
    );
  }

  return (
    <section className="page form-page">
      <PageTitle title={`${m.editTitle} «${t.title}»`}>{m.editTitle}</PageTitle>
      <TournamentForm
        key={t.id}
        initial={valuesOf(t)}
        startRequired={false}
        onSubmit={(v) =>
          update.mutate(
            {
              id: t.id,
              title: v.title,
              description: v.description,
              image_url: v.image_url ?? null,
              tournament_type: v.tournament_type,
              access: v.access,
              // The day alone is edited: an unchanged day keeps the time the tournament has.
              ...(v.start_date && v.start_date !== toDateInput(t.start_time) ? { start_time: fromDateInput(v.start_date) } : {}),
            },
            saveAndReturn,
          )
        }
      >
        {update.isError && <Notice kind="error">{apiErrorMessage(update.error, m.saveFailed)}</Notice>}
        <div className="form-actions">
          <SaveOrCancel pending={update.isPending} cancelTo={back} save={m.saveChanges} saving={m.savingChanges} />
        </div>
      </TournamentForm>
      <ParticipantsEditor tournament={t} />
    </section>
  );
}
