// /players/{id}: the player's photo and name, goals and matches, the teams they play in with number and
// role; their creator edits or deletes them here.
import { useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { useSession } from '../../../stores/session.ts';
import { fullName, type Player } from '../../../shared/api/players.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { FIELD_ROLES, TEAM_ROLES } from '../../../shared/lib/roles.ts';
import { CardGrid, CardLink } from '../../../shared/ui/card-link.tsx';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { playerPhoto } from '../../../shared/ui/player-card.tsx';
import { Button, EmptyState, ErrorState, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeletePlayer } from '../api/delete-player.ts';
import { usePlayer } from '../api/get-player.ts';
import { usePlayerTeams } from '../api/player-teams.ts';
import { useUpdatePlayer } from '../api/update-player.ts';
import { PlayerForm } from '../components/player-form.tsx';
import { playerMessages as m } from '../messages.ts';
import '../players.css';

function Teams({ playerId }: { playerId: string }) {
  const q = usePlayerTeams(playerId);
  return (
    <section className="stack">
      <h2>{m.teams}</h2>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.teamsFailed}</ErrorState>}
      {q.isSuccess && q.data.length === 0 && <EmptyState>{m.noTeams}</EmptyState>}
      {q.isSuccess && q.data.length > 0 && (
        <CardGrid label={m.teams}>
          {q.data.map(({ team, membership: tp }) => (
            <li key={tp.id}>
              <CardLink to={`/teams/${team.id}`} title={team.name} image={team.avatar_id ? fileUrl(team.avatar_id) : '/images/default-team.svg'}>
                <span className="card-link-meta">
                  {m.number(tp.number)} · {tp.field_role ? FIELD_ROLES[tp.field_role] : m.noRole}
                  {tp.team_role === 1 && ` · ${TEAM_ROLES[1]}`}
                </span>
                {!tp.is_confirmed && <span className="badge badge-waiting">{m.requestWaiting}</span>}
                {tp.is_confirmed && tp.is_main_squad && <span className="badge">{m.mainSquad}</span>}
              </CardLink>
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

function DeleteConfirm({ player, onClose }: { player: Player; onClose(): void }) {
  const remove = useDeletePlayer();
  return (
    <DeleteAndLeaveDialog
      title={m.deleteTitle}
      pending={remove.isPending}
      onClose={onClose}
      remove={() => remove.mutateAsync(player.id)}
      deleted={m.deleted}
      failed={m.deleteFailed}
      leaveTo="/players"
    >
      <p>{m.deleteConfirm(fullName(player))}</p>
    </DeleteAndLeaveDialog>
  );
}

function Profile({ player, mine }: { player: Player; mine: boolean }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdatePlayer();
  const toast = useToast();
  const name = fullName(player);
  if (editing) {
    return (
      <section className="stack">
        <PageTitle title={name}>{m.editTitle}</PageTitle>
        <PlayerForm
          initial={{ first_name: player.first_name, middle_name: player.middle_name ?? '', last_name: player.last_name, avatar_id: player.avatar_id }}
          submitLabel={m.saveChanges}
          pending={update.isPending}
          error={update.isError ? apiErrorMessage(update.error, m.saveFailed) : undefined}
          onCancel={() => setEditing(false)}
          onSubmit={(v) =>
            update.mutate(
              { id: player.id, first_name: v.first_name, middle_name: v.middle_name || null, last_name: v.last_name, avatar_id: v.avatar_id ?? null },
              {
                onSuccess: () => {
                  toast(m.saved, 'success');
                  setEditing(false);
                },
              },
            )
          }
        />
      </section>
    );
  }
  return (
    <header className="player-head">
      <img className="player-photo" src={playerPhoto(player.avatar_id)} alt="" width={144} height={144} />
      <div className="player-title">
        <PageTitle>{name}</PageTitle>
        <p className="muted">{m.since(formatDate(player.create_time))}</p>
        <dl className="player-stats">
          <div><dt>{m.goals}</dt><dd>{player.goals}</dd></div>
          <div><dt>{m.matches}</dt><dd>{player.matches}</dd></div>
          <div><dt>{m.assists}</dt><dd>{player.assists}</dd></div>
          <div><dt>{m.yellow}</dt><dd>{player.yellow}</dd></div>
          <div><dt>{m.red}</dt><dd>{player.red}</dd></div>
        </dl>
      </div>
      {mine && (
        <div className="form-actions player-actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>{m.edit}</Button>
          <Button variant="ghost" onClick={() => setDeleting(true)}>{m.delete}</Button>
        </div>
      )}
      {deleting && <DeleteConfirm player={player} onClose={() => setDeleting(false)} />}
    </header>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const q = usePlayer(id);
  const me = useSession().session?.user_id;
  if (q.isPending) return <Spinner />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <section className="page narrow">
        <PageTitle>{notFound ? m.notFound : m.loadFailed}</PageTitle>
        {!notFound && <ErrorState onRetry={() => void q.refetch()}>{m.loadFailed}</ErrorState>}
        {notFound && <p className="muted">{m.notFoundText}</p>}
        <Link className="btn btn-secondary" to="/players">{m.back}</Link>
      </section>
    );
  }
  const p = q.data;
  return (
    <section className="page">
      <Profile key={p.update_time} player={p} mine={!!me && me === p.creator_id} />
      <Teams playerId={p.id} />
      <Link to="/players">{m.back}</Link>
    </section>
  );
}
