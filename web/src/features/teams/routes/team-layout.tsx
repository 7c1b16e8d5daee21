// /teams/{teamId}: the team header (avatar, name, description, joining), the side menu and the child page.
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { useReject } from '../../../shared/api/reject-team-player.ts';
import { useTeam, type TeamWithViewer } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, ErrorState, Spinner, useTitle } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useUpdateTeam } from '../api/update-team.ts';
import { teamMessages as m } from '../messages.ts';
import '../teams.css';

const MENU = [
  { to: '', label: m.home, end: true },
  { to: 'news', label: m.news },
  { to: 'matches', label: m.matches },
  { to: 'roster', label: m.roster },
  { to: 'schedule', label: m.schedule },
  { to: 'locker', label: m.locker },
  { to: 'locker3d', label: m.locker3d },
  { to: 'tournaments', label: m.tournaments },
  { to: 'photos', label: m.photos },
  { to: 'videos', label: m.videos },
  { to: 'about', label: m.about },
];

/** The child page's name for the browser title, from the address below the team's. */
const SECTIONS: Record<string, string> = { ...Object.fromEntries(MENU.filter((i) => i.to).map((i) => [i.to, i.label])), join: m.joinTitle };

function AvatarDialog({ team, onClose }: { team: TeamWithViewer; onClose(): void }) {
  const update = useUpdateTeam();
  const toast = useToast();
  return (
    <Dialog title={m.changeAvatar} onClose={onClose}>
      <ImageUpload
        label={m.avatar}
        value={team.avatar_id}
        placeholder="/images/default-team.svg"
        confirm
        failedMessage={m.avatarFailed}
        onUploaded={async (uuid) => {
          await update.mutateAsync({ id: team.id, avatar_id: uuid });
          toast(m.avatarSaved, 'success');
          onClose();
        }}
      />
    </Dialog>
  );
}

/** Joining, as the viewer stands: the button, or their request waiting with a way to withdraw it. */
function Joining({ team }: { team: TeamWithViewer }) {
  const withdraw = useReject(team.id);
  const toast = useToast();
  const pending = team.viewer.pending_request_id;
  if (pending) {
    return (
      <div className="team-request" role="status">
        <span className="badge badge-waiting">{m.requestSent}</span>
        <span className="muted">{m.requestWaiting}</span>
        <Button
          variant="ghost"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(pending, {
              onSuccess: () => toast(m.requestWithdrawn, 'success'),
              onError: (err) => toast(apiErrorMessage(err, m.withdrawFailed), 'error'),
            })
          }
        >
          {m.withdraw}
        </Button>
      </div>
    );
  }
  return team.viewer.can_join ? <Link className="btn btn-primary" to="join">{m.join}</Link> : null;
}

export function Component() {
  const { teamId = '' } = useParams();
  const here = useLocation();
  const q = useTeam(teamId);
  const [changingAvatar, setChangingAvatar] = useState(false);
  const section = SECTIONS[here.pathname.split('/')[3] ?? ''];
  useTitle(section, q.data?.name ?? (q.isError ? m.notFound : undefined));

  if (q.isPending) return <Spinner />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <section className="page narrow">
        <ErrorState onRetry={missing ? undefined : () => void q.refetch()}>{missing ? m.notFound : m.teamLoadFailed}</ErrorState>
        <Link className="btn btn-secondary" to="/teams">{m.backToList}</Link>
      </section>
    );
  }
  const team = q.data;

  return (
    <div className="team">
      <header className="team-header">
        <div className="team-avatar">
          <img src={team.avatar_id ? fileUrl(team.avatar_id) : '/images/default-team.svg'} alt="" width={96} height={96} />
          {team.viewer.can_manage && (
            <button type="button" className="avatar-pencil" aria-label={m.changeAvatar} title={m.changeAvatar} onClick={() => setChangingAvatar(true)}>
              ✎
            </button>
          )}
        </div>
        <div className="team-title">
          <h1 title={team.name}>{team.name}</h1>
          <p className="muted team-description">{team.description || m.noDescription}</p>
          <Joining team={team} />
        </div>
      </header>
      {changingAvatar && <AvatarDialog team={team} onClose={() => setChangingAvatar(false)} />}
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
