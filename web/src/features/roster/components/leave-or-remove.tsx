// Taking a confirmed player off the team, after a confirmation that names them: «Покинуть команду» for the
// player's owner, «Убрать из команды» for a manager (reject_team_player either way).
import { useState } from 'react';
import type { TeamPlayer } from '../../../shared/api/roster.ts';
import { useReject } from '../../../shared/api/reject-team-player.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ConfirmDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { rosterMessages as m } from '../messages.ts';

/** Last and first name, as the roster shows a player. */
export function nameOf(tp: TeamPlayer): string {
  return [tp.player.last_name, tp.player.first_name].filter(Boolean).join(' ');
}

interface Props {
  tp: TeamPlayer;
  teamName: string;
  /** The viewer's own player: they leave; otherwise a manager removes it. */
  own: boolean;
  /** A small button (a roster chip) rather than a full one. */
  compact?: boolean;
}

export function LeaveOrRemove({ tp, teamName, own, compact }: Props) {
  const [open, setOpen] = useState(false);
  const reject = useReject(tp.team_id);
  const toast = useToast();
  const name = nameOf(tp);
  const label = own ? m.leave : m.removeFromTeam;

  const confirm = () =>
    reject.mutate(tp.id, {
      onSuccess: () => {
        setOpen(false);
        toast(own ? m.left : m.removed(name), 'success');
      },
      onError: (err) => toast(apiErrorMessage(err, own ? m.leaveFailed : m.removeFailed), 'error'),
    });

  return (
    <>
      {compact ? (
        <button
          type="button"
          className="chip-action chip-leave"
          aria-label={`${label}: ${name}`}
          title={label}
          onPointerDown={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
          onClick={() => setOpen(true)}
        >
          {label}
        </button>
      ) : (
        <Button variant="ghost" onClick={() => setOpen(true)}>{label}</Button>
      )}
      {open && (
        <ConfirmDialog
          title={own ? m.leaveTitle : m.removeTitle}
          pending={reject.isPending}
          confirmLabel={label}
          pendingLabel={own ? m.leaving : m.removing}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        >
          <p>{own ? m.leaveText(name, teamName) : m.removeText(name)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
