// The roster's panel for a team's managers: their own player onto the team, a user invited by name, a
// join link, and the invitations still open (each revocable).
import { Link } from '../../../lib/router/index.tsx';
import type { TeamInvitation } from '@tribuna/portal/types';
import { useUsers } from '../../../shared/api/users.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { initials, personName } from '../../../shared/lib/person.ts';
import { Button, EmptyState, ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useTeamInvitations } from '../api/list-team-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-team-invitation.ts';
import { InviteUser } from './invite-user.tsx';
import { JoinLink } from './join-link.tsx';
import { rosterMessages as m } from '../messages.ts';

/** What a link's line says of it: when it was made, its uses, and until when it works. */
function linkState(inv: TeamInvitation, now = Date.now()): string {
  const parts = [m.linkUses(inv.use_count, inv.max_uses)];
  if (inv.expire_time) parts.push(Date.parse(inv.expire_time) <= now ? m.linkExpired : m.linkUntil(formatDate(inv.expire_time)));
  return parts.join(' · ');
}

function Pending({ teamId }: { teamId: string }) {
  const list = useTeamInvitations(teamId, true);
  const users = useUsers((list.data ?? []).map((i) => i.invitee_id));
  const revoke = useRevokeInvitation(teamId);
  const toast = useToast();

  if (list.isPending) return <Spinner />;
  if (list.isError) return <ErrorState onRetry={() => void list.refetch()}>{m.invitationsFailed}</ErrorState>;
  return (
    <div className="stack invitations-pending">
      <h3>{m.pending}</h3>
      {list.data.length === 0 && <EmptyState>{m.noInvitations}</EmptyState>}
      {list.data.length > 0 && (
        <ul className="people">
          {list.data.map((inv) => {
            const user = inv.invitee_id ? users[inv.invitee_id] : undefined;
            const title = inv.kind === 'user' ? personName(user) : m.linkOf(formatDate(inv.create_time));
            return (
              <li key={inv.id}>
                {inv.kind === 'user' ? (
                  user?.avatar_url ? <img className="person-avatar" src={user.avatar_url} alt="" /> : <span className="person-avatar" aria-hidden="true">{initials(title)}</span>
                ) : (
                  <span className="person-avatar link-avatar" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
                      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
                    </svg>
                  </span>
                )}
                <span className="person-name">
                  {title}
                  <span className="muted">{inv.kind === 'user' ? m.invitedOn(formatDate(inv.create_time)) : linkState(inv)}</span>
                </span>
                <Button
                  variant="ghost"
                  aria-label={m.revokeNamed(title)}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(inv.id, {
                      onSuccess: () => toast(m.revoked, 'success'),
                      onError: (err) => toast(apiErrorMessage(err, m.revokeFailed), 'error'),
                    })
                  }
                >
                  {m.revoke}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function InvitationsPanel({ teamId }: { teamId: string }) {
  const list = useTeamInvitations(teamId, true);
  const invitedIds = new Set((list.data ?? []).flatMap((i) => (i.invitee_id ? [i.invitee_id] : [])));
  return (
    <section className="card stack invitations" id="invitations" aria-labelledby="invitations-title">
      <div className="page-head">
        <h2 id="invitations-title">{m.invitations}</h2>
        <Link className="btn btn-secondary" to={`/teams/${teamId}/join`}>{m.addOwn}</Link>
      </div>
      <p className="muted">{m.invitationsLead}</p>
      <div className="invitations-grid">
        <InviteUser teamId={teamId} invitedIds={invitedIds} />
        <JoinLink teamId={teamId} />
      </div>
      <Pending teamId={teamId} />
    </section>
  );
}
