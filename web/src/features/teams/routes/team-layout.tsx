// /teams/{teamId}: the team header (avatar, name, description, joining), the side menu and the child page.
// The locker room is offered only to those who may open it (the team's members and owner).
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from '../../../lib/router/index.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { useMyTeamInvitation } from '../../../shared/api/invitations.ts';
import { useReject } from '../../../shared/api/reject-team-player.ts';
import { useTeam, type TeamWithViewer } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, ErrorState, Spinner, useTitle } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { teamMessages as m } from '../messages.ts';
import '../teams.css';

const MENU = [
  { to: '', label: m.home, end: true },
  { to: 'news', label: m.news },
  { to: 'matches', label: m.matches },
  { to: 'roster', label: m.roster },
  { to: 'schedule', label: m.schedule },
  { to: 'locker', label: m.locker, members: true },
  { to: 'locker3d', label: m.locker3d, members: true },
  { to: 'tournaments', label: m.tournaments },
  { to: 'photos', label: m.photos },
  { to: 'videos', label: m.videos },
  { to: 'about', label: m.about },
];

/** The child page's name for the browser title, from the address below the team's. */
const SECTIONS: Record<string, string> = { ...Object.fromEntries(MENU.filter((i) => i.to).map((i) => [i.to, i.label])), join: m.joinTitle };

const AvatarDialog = lazy(() => import('../components/avatar-dialog.tsx').then((x) => ({ default: x.AvatarDialog })));

/**
 * Joining, as the viewer stands: a manager's way to add their player, an invitation to accept, the join
 * button (none of the three on the join page itself), or their request waiting with a way to withdraw it.
 */
function Joining({ team, onJoinPage }: { team: TeamWithViewer; onJoinPage: boolean }) {
  const withdraw = useReject(team.id);
  const toast = useToast();
  const authenticated = useAuthenticated();
  const invitation = useMyTeamInvitation(team.id, authenticated && !team.viewer.can_manage);
  const pending = team.viewer.pending_request_id;
  if (team.viewer.can_manage) return onJoinPage ? null : <Link className="btn btn-secondary" to="join">{m.addPlayer}</Link>;
  if (invitation.data) {
    if (onJoinPage) return null;
    return (
      <div className="team-request" role="status">
        <span className="badge">{m.invitedHere}</span>
        <Link className="btn btn-primary" to={`join?invitation=${invitation.data.id}`}>{m.acceptInvitation}</Link>
      </div>
    );
  }
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
  return team.viewer.can_join && !onJoinPage ? <Link className="btn btn-primary" to="join">{m.join}</Link> : null;
}

/**
 * The section menu; on a phone it is a strip that scrolls sideways, and the active section is scrolled
 * into it whenever the address changes (only the strip moves, never the page).
 */
function TeamMenu({ isMember }: { isMember: boolean }) {
  const here = useLocation();
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const menu = ref.current;
    const active = menu?.querySelector<HTMLElement>('a.active');
    if (!menu || !active || menu.scrollWidth <= menu.clientWidth) return;
    // Where the tab sits in the strip's scrolled content.
    const left = active.getBoundingClientRect().left - menu.getBoundingClientRect().left + menu.scrollLeft;
    const right = left + active.getBoundingClientRect().width;
    // A little of the neighbouring tab stays in sight, so the strip still shows that it scrolls.
    const margin = 24;
    if (left - margin < menu.scrollLeft) menu.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > menu.scrollLeft + menu.clientWidth) menu.scrollLeft = right + margin - menu.clientWidth;
  }, [here.pathname, isMember]);
  return (
    <nav ref={ref} className="team-menu" aria-label={m.menu}>
      {MENU.filter((i) => isMember || !i.members).map((i) => (
        <NavLink key={i.to} to={i.to} end={i.end}>{i.label}</NavLink>
      ))}
    </nav>
  );
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
          <Joining team={team} onJoinPage={here.pathname.split('/')[3] === 'join'} />
        </div>
      </header>
      {changingAvatar && (
        <Suspense fallback={null}>
          <AvatarDialog team={team} onClose={() => setChangingAvatar(false)} />
        </Suspense>
      )}
      <div className="team-body">
        <TeamMenu isMember={team.viewer.is_member} />
        <div className="team-content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
