// /matches/{id}/edit: the match's teams and time filled in; Save goes back to its page, Cancel too. Only
// its creator and the owners and admins of either team may change it (the server checks the same); its
// time may move anywhere, the past included.
import { Link, Navigate, useParams } from '../../../lib/router/index.tsx';
import type { Match } from '@tribuna/portal/types';
import { toLocalInput } from '../../../shared/i18n/format.ts';
import { failedWithReason } from '../../../shared/lib/error-message.ts';
import { Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { SaveOrCancel } from '../../../shared/ui/save-or-cancel.tsx';
import { useSaveAndReturn } from '../../../shared/ui/use-save-and-return.ts';
import { useMatch } from '../api/get-match.ts';
import { useUpdateMatch, type MatchChanges } from '../api/update-match.ts';
import { MatchForm, type MatchValues } from '../components/match-form.tsx';
import { matchMessages as m } from '../messages.ts';
import { useCanEditMatch } from '../use-can-edit.ts';
import '../matches.css';

function EditForm({ match }: { match: Match }) {
  const update = useUpdateMatch();
  const page = `/matches/${match.id}`;
  const saveAndReturn = useSaveAndReturn(page, m.saved);
  // A team that is gone stays as its id: it can be kept, or replaced by an existing team.
  const initial: MatchValues = {
    home: match.owner_team ?? { id: match.owner_team_id, name: m.teamGone(match.owner_team_id), description: '' },
    guest: match.guest_team ?? { id: match.guest_team_id, name: m.teamGone(match.guest_team_id), description: '' },
    time: toLocalInput(match.match_time),
  };
  return (
    <MatchForm
      initial={initial}
      status={update.isError ? <Notice kind="error">{failedWithReason(m.saveFailed, update.error)}</Notice> : undefined}
      actions={<SaveOrCancel pending={update.isPending} cancelTo={page} />}
      onSubmit={(v) => {
        // Only what changed is sent: an unchanged team that no longer exists is not checked again.
        const changes: MatchChanges = { id: match.id };
        if (v.home.id !== match.owner_team_id) changes.owner_team_id = v.home.id;
        if (v.guest.id !== match.guest_team_id) changes.guest_team_id = v.guest.id;
        if (v.matchTime !== new Date(match.match_time).toISOString()) changes.match_time = v.matchTime;
        update.mutate(changes, saveAndReturn);
      }}
    />
  );
}

export function Component() {
  const { id = '' } = useParams();
  const q = useMatch(id);
  const canEdit = useCanEditMatch(q.data);
  if (q.isError) return <Navigate to="/matches" replace />;
  if (q.isPending || canEdit === undefined) return <Spinner />;
  return (
    <section className="page form-page">
      <PageTitle>{m.editTitle}</PageTitle>
      {canEdit ? (
        <EditForm match={q.data} />
      ) : (
        <>
          <Notice kind="info">{m.notYours}</Notice>
          <Link className="btn btn-secondary align-start" to={`/matches/${id}`}>{m.backToMatch}</Link>
        </>
      )}
    </section>
  );
}
