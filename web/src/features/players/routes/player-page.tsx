// /players/{id}: full name, id, created, updated and the avatar id when there is one.
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ErrorState, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { usePlayer } from '../api/get-player.ts';
import { fullName } from '../../../shared/api/players.ts';
import { playerMessages as m } from '../messages.ts';

export function Component() {
  const { id = '' } = useParams();
  const q = usePlayer(id);
  if (q.isPending) return <Spinner />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <section className="page narrow">
        <ErrorState onRetry={notFound ? undefined : () => void q.refetch()}>{notFound ? m.notFound : m.loadFailed}</ErrorState>
        <Link to="/players">{m.back}</Link>
      </section>
    );
  }
  const p = q.data;
  return (
    <section className="page narrow">
      {p.avatar_id && <img className="player-photo" src={fileUrl(p.avatar_id)} alt={fullName(p)} width={160} height={160} />}
      <PageTitle>{fullName(p)}</PageTitle>
      <dl className="details">
        <dt>{m.id}</dt>
        <dd><code>{p.id}</code></dd>
        <dt>{m.created}</dt>
        <dd>{formatDateTime(p.create_time)}</dd>
        <dt>{m.updated}</dt>
        <dd>{formatDateTime(p.update_time)}</dd>
        {p.avatar_id && (
          <>
            <dt>{m.avatarId}</dt>
            <dd><code>{p.avatar_id}</code></dd>
          </>
        )}
        <dt>{m.goals}</dt>
        <dd>{p.goals}</dd>
        <dt>{m.matches}</dt>
        <dd>{p.matches}</dd>
      </dl>
      <Link to="/players">{m.back}</Link>
    </section>
  );
}
