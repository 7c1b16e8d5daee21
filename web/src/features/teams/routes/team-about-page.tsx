// /teams/{teamId}/about: the team's details; its owner may delete it here (a dialog that names it).
import { useState } from 'react';
import { useParams } from '../../../lib/router/index.tsx';
import { formatDate } from '../../../shared/i18n/format.ts';
import { formatRating } from '../../../shared/i18n/number.ts';
import { TEAM_TYPES, useTeam, type TeamWithViewer } from '../../../shared/api/teams.ts';
import { DeleteAndLeaveDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button } from '../../../shared/ui/index.tsx';
import { useDeleteTeam } from '../api/delete-team.ts';
import { teamMessages as m } from '../messages.ts';

function DeleteTeam({ team }: { team: TeamWithViewer }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTeam();
  return (
    <section className="card stack danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">{m.dangerZone}</h2>
      <p className="muted">{m.dangerText}</p>
      <Button variant="danger" className="align-start" onClick={() => setOpen(true)}>{m.deleteTeam}</Button>
      {open && (
        <DeleteAndLeaveDialog
          title={m.deleteTeamTitle(team.name)}
          pending={remove.isPending}
          onClose={() => setOpen(false)}
          remove={() => remove.mutateAsync(team.id)}
          deleted={m.teamDeleted(team.name)}
          failed={m.deleteTeamFailed}
          leaveTo="/teams"
        >
          <p>{m.deleteTeamText(team.name)}</p>
        </DeleteAndLeaveDialog>
      )}
    </section>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const q = useTeam(teamId);
  if (!q.data) return null;
  const t = q.data;
  return (
    <div className="stack">
      <section className="card stack">
        <h2>{m.aboutTitle}</h2>
        <p className="pre-line">{t.description || m.noDescription}</p>
        <dl className="details">
          <dt>{m.typeLabel}</dt>
          <dd>{TEAM_TYPES[t.team_type]}</dd>
          <dt>{m.rating}</dt>
          <dd>{formatRating(Number(t.rating))}</dd>
          <dt>{m.membersLabel}</dt>
          <dd>{t.member_count}</dd>
          <dt>{m.createdAt}</dt>
          <dd>{formatDate(t.create_time)}</dd>
        </dl>
      </section>
      {t.viewer.is_owner && <DeleteTeam team={t} />}
    </div>
  );
}
