// /teams/{teamId}/join: one's own player onto the team, as the viewer stands. A manager adds theirs at
// once; an invitee (?invitation=<id>, or any invitation of theirs to the team) or the holder of a join
// link (?token=<token>) accepts with one; anyone else sends a join request to an open team. The viewer's
// players already on the team are listed, and can leave it.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '../../../lib/router/index.tsx';
import type { Player } from '@tribuna/portal/types';
import { myInvitationKeys, useMyTeamInvitation } from '../../../shared/api/invitations.ts';
import { fullName, useMyPlayers } from '../../../shared/api/players.ts';
import { teamPlayerKeys, useTeamPlayers } from '../../../shared/api/roster.ts';
import { teamKeys, useTeam } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { EmptyState, ErrorState, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { acceptInvitation, type InvitationRef } from '../api/accept-team-invitation.ts';
import { addTeamPlayer, type Placement } from '../api/add-team-player.ts';
import { declineInvitation } from '../api/decline-team-invitation.ts';
import { rosterKeys } from '../keys.ts';
import { requestJoin } from '../api/request-join-team-player.ts';
import { rosterMessages as m } from '../messages.ts';
import { MyTeamPlayers } from '../components/my-team-players.tsx';
import { PlacementForm } from '../components/placement-form.tsx';
import '../roster.css';

type Mode = 'link' | 'invited' | 'manager' | 'waiting' | 'member' | 'closed' | 'request';

export function Component() {
  const { teamId = '' } = useParams();
  const [params] = useSearchParams();
  const here = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const authenticated = useAuthenticated();
  const token = params.get('token') || undefined;
  const askedInvitation = params.get('invitation') || undefined;
  const team = useTeam(teamId);
  const players = useMyPlayers(authenticated);
  const roster = useTeamPlayers(teamId);
  const invitation = useMyTeamInvitation(teamId, authenticated && !token);

  if (!authenticated) {
    return (
      <section className="stack narrow-block">
        <Notice kind="info">{token || askedInvitation ? m.signInInvited : m.signIn}</Notice>
        <Link className="btn btn-primary align-start" to={withReturn('/login', here.pathname + here.search)}>{m.toLogin}</Link>
      </section>
    );
  }
  if (team.isPending || players.isPending || roster.isPending || invitation.isLoading) return <Spinner />;
  if (team.isError || roster.isError || invitation.isError) {
    const retry = () => void Promise.all([team.refetch(), roster.refetch(), invitation.refetch()]);
    return <ErrorState onRetry={retry}>{m.loadFailed}</ErrorState>;
  }
  if (players.isError) return <ErrorState onRetry={() => void players.refetch()}>{m.playersLoadFailed}</ErrorState>;

  const t = team.data;
  const viewer = t.viewer;
  const invited = invitation.data ?? undefined;
  const mineIds = new Set(players.data.map((p) => p.id));
  const mine = roster.data.filter((tp) => mineIds.has(tp.player_id));
  const confirmedIds = new Set(mine.filter((tp) => tp.is_confirmed).map((tp) => tp.player_id));
  const onTeamIds = new Set(mine.map((tp) => tp.player_id));
  const mode: Mode = token
    ? 'link'
    : invited
      ? 'invited'
      : viewer.can_manage
        ? 'manager'
        : viewer.pending_request_id
          ? 'waiting'
          : viewer.has_player
            ? 'member'
            : viewer.can_join
              ? 'request'
              : 'closed';

  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: teamKeys.detail(teamId) }),
      qc.invalidateQueries({ queryKey: teamPlayerKeys.team(teamId) }),
      qc.invalidateQueries({ queryKey: rosterKeys.freeNumber(teamId) }),
      qc.invalidateQueries({ queryKey: myInvitationKeys.team(teamId) }),
    ]);
  const accept = (ref: InvitationRef) => async (p: Placement) => {
    await acceptInvitation(ref, p);
    toast(m.joined, 'success');
    await refresh();
    navigate(`/teams/${teamId}/roster`);
  };
  const add = async (p: Placement, player: Player) => {
    await addTeamPlayer(teamId, p);
    toast(m.added(fullName(player)), 'success');
    await refresh();
    navigate(`/teams/${teamId}/roster`);
  };
  const request = async (p: Placement) => {
    await requestJoin(teamId, p.player_id, p.number);
    await refresh();
    navigate(`/teams/${teamId}`);
  };
  const decline = (id: string) =>
    declineInvitation(id).then(
      async () => {
        toast(m.declined, 'success');
        await refresh();
        navigate(`/teams/${teamId}`);
      },
      (err: unknown) => toast(apiErrorMessage(err, m.declineFailed), 'error'),
    );

  /** The form for the mode's step, with the players it may take. */
  function form(available: Player[], props: Omit<Parameters<typeof PlacementForm>[0], 'teamId' | 'players'>) {
    if (players.data!.length === 0) {
      return (
        <>
          <EmptyState>{m.noPlayers}</EmptyState>
          <Link className="btn btn-secondary align-start" to={`/players/create?next=${encodeURIComponent(here.pathname + here.search)}`}>
            {m.createPlayer}
          </Link>
        </>
      );
    }
    if (available.length === 0) return <Notice kind="info">{m.allPlaced}</Notice>;
    return <PlacementForm teamId={teamId} players={available} {...props} />;
  }
  const notConfirmed = players.data.filter((p) => !confirmedIds.has(p.id));
  const notOnTeam = players.data.filter((p) => !onTeamIds.has(p.id));

  return (
    <section className="stack narrow-block join-page">
      {askedInvitation && !invited && !token && <Notice kind="error">{m.invitationGone}</Notice>}
      {(mode === 'link' || mode === 'invited') && (
        <>
          <PageTitle>{m.invitedTitle}</PageTitle>
          <p className="join-lead">{mode === 'link' ? m.linkLead(t.name) : m.invitedLead(t.name)}</p>
          {form(notConfirmed, {
            withRole: true,
            submitLabel: m.accept,
            sendingLabel: m.accepting,
            failedMessage: m.acceptFailed,
            onSubmit: accept(mode === 'link' ? { token: token! } : { id: invited!.id }),
            actions: invited && mode === 'invited' && (
              <button type="button" className="btn btn-ghost" onClick={() => void decline(invited.id)}>{m.declineInvitation}</button>
            ),
          })}
        </>
      )}
      {mode === 'manager' && (
        <>
          <PageTitle>{m.addTitle}</PageTitle>
          <p className="join-lead">{m.addLead}</p>
          {form(notOnTeam, { withRole: true, submitLabel: m.addSubmit, sendingLabel: m.adding, failedMessage: m.addFailed, onSubmit: add })}
          <p className="muted">
            {m.othersHint} <Link to={`/teams/${teamId}/roster#invitations`}>{m.toInvitations}</Link>
          </p>
        </>
      )}
      {mode === 'request' && (
        <>
          <PageTitle>{m.joinTitle}</PageTitle>
          {form(notOnTeam, { withRole: false, submitLabel: m.send, sendingLabel: m.sending, failedMessage: m.sendFailed, onSubmit: request })}
        </>
      )}
      {(mode === 'waiting' || mode === 'member' || mode === 'closed') && <PageTitle>{m.joiningTitle}</PageTitle>}
      {mode === 'waiting' && <Notice kind="info">{m.alreadyAsked}</Notice>}
      {mode === 'member' && <Notice kind="info">{m.alreadyIn}</Notice>}
      {mode === 'closed' && <Notice kind="info">{m.closedTeam}</Notice>}
      {mine.length > 0 && <MyTeamPlayers players={mine} teamName={t.name} />}
    </section>
  );
}
