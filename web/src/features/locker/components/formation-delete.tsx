// A manager deletes the formation shown, after a confirmation naming it; the team's last one stays.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Formation } from '@tribuna/portal/types';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ConfirmDialog } from '../../../shared/ui/delete-dialog.tsx';
import { Button } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { deleteFormation } from '../api/delete-team-formation.ts';
import { lockerKeys } from '../keys.ts';
import { lockerMessages as m } from '../messages.ts';

export function FormationDelete({ teamId, formation, last, onBefore }: {
  teamId: string;
  formation: Formation;
  /** The team's only formation, which cannot be deleted. */
  last: boolean;
  /** Run before deleting (moves still being saved are sent first). */
  onBefore(): void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const qc = useQueryClient();
  const toast = useToast();

  async function remove() {
    onBefore();
    setPending(true);
    try {
      await deleteFormation(formation.id);
      toast(m.formationDeleted(formation.name), 'success');
      setOpen(false);
    } catch (err) {
      toast(apiErrorMessage(err, m.deleteFormationFailed), 'error');
    } finally {
      setPending(false);
    }
    await qc.invalidateQueries({ queryKey: lockerKeys.formations(teamId) });
  }

  return (
    <>
      <Button variant="ghost" disabled={last} title={last ? m.lastFormation : undefined} onClick={() => setOpen(true)}>
        {m.deleteFormation}
      </Button>
      {open && (
        <ConfirmDialog
          title={m.deleteFormationTitle(formation.name)}
          pending={pending}
          confirmLabel="Удалить"
          pendingLabel="Удаление…"
          onConfirm={() => void remove()}
          onClose={() => setOpen(false)}
        >
          <p>{m.deleteFormationText}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
