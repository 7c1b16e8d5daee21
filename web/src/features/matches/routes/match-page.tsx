// /matches/{id}: both teams, each linking to its page (a team that is gone shows its id instead), the
// match time and when the match was created; its creator and the managers of either team edit or delete it.
import { useState } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import type { Match, TeamSummary } from '@tribuna/portal/types';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button, PageTitle } from '../../../shared/ui/index.tsx';
import { ItemFallback } from '../../../shared/ui/item-fallback.tsx';
import { useDeleteMatch } from '../api/delete-match.ts';
import { useMatch } from '../api/get-match.ts';
import { useCanEditMatch } from '../use-can-edit.ts';
import { MatchCompetition } from '../components/match-competition.tsx';
import { teamAvatar, teamName } from '../components/match-card.tsx';
import { MatchTeamLife } from '../components/match-team-life.tsx';
import { matchMessages as m } from '../messages.ts';
import '../matches.css';

function Team({ id, team, role }: { id: string; team?: TeamSummary; role: string }) {
  const body = (
    <>
      <img className="match-page-avatar" src={teamAvatar(team)} alt="" width={96} height={96} />
      <span className="match-page-team-name">{teamName(id, team)}</span>
    </>
  );
  return (
    <div className="match-page-team">
      <span className="muted match-page-role">{role}</span>
      {team ? <Link to={`/teams/${id}`} className="match-page-team-link">{body}</Link> : <span className="match-page-team-link">{body}</span>}
    </div>
  );
}

function DeleteConfirm({ match, title, onClose }: { match: Match; title: string; onClose(): void }) {
  const del = useDeleteMatch();
  return (
    <DeleteAndLeaveDialog
      title={m.deleteTitle}
      pending={del.isPending}
      onClose={onClose}
      remove={() => del.mutateAsync(match.id)}
      deleted={m.deleted}
      failed={m.deleteFailed}
      leaveTo="/matches"
    >
      <p>{m.deleteText(title)}</p>
    </DeleteAndLeaveDialog>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const q = useMatch(id);
  const canEdit = useCanEditMatch(q.data);
  const [deleting, setDeleting] = useState(false);
  if (!q.data) return <ItemFallback query={q} backTo="/matches" texts={{ notFound: m.notFound, notFoundText: m.notFoundText, loadFailed: m.matchLoadFailed, back: m.backToList }} />;
  const match = q.data;
  const home = teamName(match.owner_team_id, match.owner_team);
  const guest = teamName(match.guest_team_id, match.guest_team);
  return (
    <article className="page match-page">
      <Link className="back-link" to="/matches">← {m.backToList}</Link>
      <PageTitle>{m.title(home, guest)}</PageTitle>
      {canEdit && (
        <div className="row match-tools" role="group" aria-label={m.tools}>
          <Link className="btn btn-secondary" to={`/matches/${match.id}/edit`}>{m.edit}</Link>
          <Button variant="ghost" onClick={() => setDeleting(true)}>{m.delete}</Button>
        </div>
      )}
      <div className="match-board">
        <Team id={match.owner_team_id} team={match.owner_team} role={m.homeTeam} />
        <span className="match-board-colon" aria-hidden="true">{m.vs}</span>
        <Team id={match.guest_team_id} team={match.guest_team} role={m.guestTeam} />
      </div>
      <dl className="details match-details">
        <dt>{m.matchTime}</dt>
        <dd><time dateTime={match.match_time}>{formatDateTime(match.match_time)}</time></dd>
        <dt>{m.created}</dt>
        <dd><time dateTime={match.create_time}>{formatDateTime(match.create_time)}</time></dd>
      </dl>
      <MatchCompetition match={match} teamName={(id) => teamName(id, id === match.owner_team_id ? match.owner_team : match.guest_team)} />
      <MatchTeamLife match={match} />
      {deleting && <DeleteConfirm match={match} title={m.title(home, guest)} onClose={() => setDeleting(false)} />}
    </article>
  );
}
