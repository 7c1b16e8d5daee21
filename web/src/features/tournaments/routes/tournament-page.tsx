// /tournaments/{tournamentId}: cover (or the default image), description, type, participation, start date,
// rating to 2 decimals (signed-in users rate 1 to 5), participants, and "Редактировать" and "Удалить" for
// its organiser (deletion asks first, then leaves for the list).
import { useState } from 'react';
import { srcSetOf } from '../../../lib/nakama/file-url.ts';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useAuthenticated, useSession } from '../../../stores/session.ts';
import { tournamentImage, TOURNAMENT_ACCESS, TOURNAMENT_TYPES, useTeamTournaments, type TeamTournament } from '../../../shared/api/tournaments.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { formatRating } from '../../../shared/i18n/number.ts';
import { Button, ErrorState, PageTitle, SelectField, Spinner, Stars } from '../../../shared/ui/index.tsx';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { ItemFallback } from '../../../shared/ui/item-fallback.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { useCreateTeamTournament } from '../api/create-team-tournament.ts';
import { useDeleteTournament } from '../api/delete-tournament.ts';
import { useTournament } from '../api/get-tournament.ts';
import { useMyTeams } from '../api/list-my-teams.ts';
import { useRateTournament } from '../api/rate-tournament.ts';
import { TeamConfirm } from '../components/confirm-button.tsx';
import { Competition } from '../components/competition.tsx';
import { Participants } from '../components/participants.tsx';
import { tournamentMessages as m } from '../messages.ts';
import '../tournaments.css';


/** An open tournament takes applications: the viewer picks one of their teams not yet in. */
function Apply({ tournamentId, userId, links }: { tournamentId: string; userId: string; links: TeamTournament[] }) {
  const mine = useMyTeams(userId);
  const apply = useCreateTeamTournament();
  const toast = useToast();
  const [teamId, setTeamId] = useState('');
  const taken = new Set(links.map((l) => l.team_id));
  const free = (mine.data?.teams ?? []).filter((t) => !taken.has(t.id));
  if (!free.length) return null;
  const chosen = free.find((t) => t.id === teamId);
  return (
    <form
      className="add-team apply-team"
      aria-label={m.applyTitle}
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return;
        apply.mutate(
          { team_id: chosen.id, tournament_id: tournamentId },
          {
            onSuccess: () => {
              toast(m.applied(chosen.name), 'success');
              setTeamId('');
            },
            onError: (err) => toast(apiErrorMessage(err, m.applyFailed), 'error'),
          },
        );
      }}
    >
      <SelectField label={m.applyTeam} name="apply_team_id" value={chosen ? teamId : ''} onChange={(e) => setTeamId(e.target.value)}>
        <option value="">{m.applyTeamPlaceholder}</option>
        {free.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </SelectField>
      <Button type="submit" disabled={!chosen || apply.isPending}>{m.apply}</Button>
    </form>
  );
}

function DeleteConfirm({ id, title, onClose }: { id: string; title: string; onClose(): void }) {
  const del = useDeleteTournament();
  return (
    <DeleteAndLeaveDialog
      title={m.deleteTitle}
      pending={del.isPending}
      onClose={onClose}
      remove={() => del.mutateAsync(id)}
      deleted={m.deleted}
      failed={m.deleteFailed}
      leaveTo="/tournaments"
    >
      <p>{m.deleteText(title)}</p>
    </DeleteAndLeaveDialog>
  );
}

function ParticipantsBlock({ tournamentId, applyAs }: { tournamentId: string; applyAs?: string }) {
  const links = useTeamTournaments({ tournament_id: tournamentId });
  return (
    <section className="card stack" aria-labelledby="participants-title">
      <h2 id="participants-title">{m.participants}</h2>
      {links.isPending && <Spinner />}
      {links.isError && <ErrorState onRetry={() => void links.refetch()}>{m.tournamentLoadFailed}</ErrorState>}
      {links.data && <Participants links={links.data.team_tournaments} actions={(l) => <TeamConfirm link={l} />} />}
      {links.data && applyAs && <Apply tournamentId={tournamentId} userId={applyAs} links={links.data.team_tournaments} />}
    </section>
  );
}

export function Component() {
  const { tournamentId = '' } = useParams();
  const q = useTournament(tournamentId);
  const authenticated = useAuthenticated();
  const me = useSession().session?.user_id;
  const rate = useRateTournament();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);

  if (!q.data) return <ItemFallback query={q} backTo="/tournaments" texts={{ notFound: m.notFound, notFoundText: m.notFoundText, loadFailed: m.tournamentLoadFailed, back: m.backToList }} />;
  const t = q.data;
  const mine = !!me && me === t.creator_id;

  return (
    <article className="page tournament">
      <Link className="back-link" to="/tournaments">← {m.backToList}</Link>
      <div className="tournament-head">
        <img className="tournament-cover" src={tournamentImage(t)} srcSet={srcSetOf(tournamentImage(t))} sizes="(max-width: 1100px) 100vw, 1068px" alt="" width={1068} height={601} />
        <div className="tournament-info">
          <div className="page-head">
            <PageTitle>{t.title}</PageTitle>
            {mine && !t.delete_time && (
              <div className="row tournament-tools">
                <Link className="btn btn-secondary" to="edit">{m.edit}</Link>
                <Button variant="ghost" onClick={() => setDeleting(true)}>{m.deleteTournament}</Button>
              </div>
            )}
          </div>
          {t.delete_time && <span className="badge badge-waiting">{m.deleted}</span>}
          <dl className="details">
            <dt>{m.typeLabel}</dt>
            <dd>{TOURNAMENT_TYPES[t.tournament_type]}</dd>
            <dt>{m.accessLabel}</dt>
            <dd>{TOURNAMENT_ACCESS[t.access]}</dd>
            <dt>{m.startLabel}</dt>
            <dd><time dateTime={t.start_time}>{formatDate(t.start_time)}</time></dd>
            <dt>{m.ratingLabel}</dt>
            <dd className="tournament-rating">
              <Stars value={t.rating} label={m.ratingLabel} />
              <span className="tournament-rating-value">{m.ratingOf(formatRating(t.rating), t.rating_count)}</span>
            </dd>
            {authenticated && (
              <>
                <dt>{m.yourRating}</dt>
                <dd>
                  <Stars
                    value={t.user_rating}
                    label={m.yourRating}
                    onRate={(rating) =>
                      rate.mutate({ tournament_id: t.id, rating }, { onError: (err) => toast(apiErrorMessage(err, m.rateFailed), 'error') })
                    }
                  />
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
      <p className={t.description ? 'tournament-description pre-line' : 'tournament-description empty'}>{t.description || m.noDescription}</p>
      {/* The organiser adds teams on the edit page; others apply with their teams while it is open. */}
      <ParticipantsBlock tournamentId={t.id} applyAs={authenticated && me && !mine && t.access === 'open' && !t.delete_time ? me : undefined} />
      <Competition tournament={t} mine={mine} />
      {deleting && <DeleteConfirm id={t.id} title={t.title} onClose={() => setDeleting(false)} />}
    </article>
  );
}
