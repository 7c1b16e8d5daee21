// /teams/{teamId}: the team header (avatar, name, description), the side menu and the child page.
import { useRef } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl, uploadFile } from '../../../lib/nakama/upload.ts';
import { IMAGE_MESSAGES, ImageError, toWebpBase64 } from '../../../shared/lib/image.ts';
import { ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useTeam } from '../../../shared/api/teams.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { teamMessages as m } from '../messages.ts';
import '../teams.css';

const MENU = [
  { to: '', label: m.home, end: true },
  { to: 'roster', label: m.roster },
  { to: 'schedule', label: m.schedule },
  { to: 'locker', label: m.locker },
  { to: 'locker3d', label: m.locker3d },
  { to: 'photos', label: m.photos },
  { to: 'videos', label: m.videos },
  { to: 'about', label: m.about },
];

function AvatarPencil({ teamId }: { teamId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateTeam();
  const toast = useToast();
  async function choose(file: File | undefined) {
    if (!file) return;
    try {
      const { uuid } = await uploadFile(await toWebpBase64(file), 'image/webp');
      await update.mutateAsync({ id: teamId, avatar_id: uuid });
    } catch (err) {
      toast(err instanceof ImageError && err.message === IMAGE_MESSAGES.tooLarge ? err.message : m.avatarFailed, 'error');
      console.error(m.avatarFailed, err);
    } finally {
      if (input.current) input.current.value = '';
    }
  }
  return (
    <>
      <button type="button" className="avatar-pencil" aria-label={m.changeAvatar} title={m.changeAvatar} onClick={() => input.current?.click()}>
        ✎
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void choose(e.target.files?.[0])} />
    </>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const q = useTeam(teamId);

  if (q.isPending) return <Spinner />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return <ErrorState onRetry={missing ? undefined : () => void q.refetch()}>{missing ? m.notFound : m.teamLoadFailed}</ErrorState>;
  }
  const team = q.data;
  // The spec's only condition: none of the user's players is on the team (confirmed or not). Visitors have
  // no players, so they see it too and the join page asks them to sign in.
  const showJoin = !team.viewer.has_player;

  return (
    <div className="team">
      <header className="team-header">
        <div className="team-avatar">
          <img src={team.avatar_id ? fileUrl(team.avatar_id) : '/images/default-team.svg'} alt="" width={96} height={96} />
          {team.viewer.can_manage && <AvatarPencil teamId={team.id} />}
        </div>
        <div className="team-title">
          <h1>{team.name}</h1>
          <p className="muted">{team.description || m.noDescription}</p>
        </div>
        {showJoin && <Link className="btn btn-primary" to="join">{m.join}</Link>}
      </header>
      <div className="team-body">
        <nav className="team-menu" aria-label={m.menu}>
          {MENU.map((i) => (
            <NavLink key={i.to} to={i.to} end={i.end}>{i.label}</NavLink>
          ))}
        </nav>
        <div className="team-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
