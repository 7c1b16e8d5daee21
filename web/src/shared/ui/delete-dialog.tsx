// "Delete this?": the question, Cancel (focused first) and Delete, which says it is working while the
// deletion is on its way. What deleting does, and what follows it, is the caller's. ConfirmDialog is the
// same question for other steps that cannot be taken back (leaving a team, removing a player).
import type { ReactNode } from 'react';
import { useNavigate } from '../../lib/router/index.tsx';
import { apiErrorMessage } from '../lib/error-message.ts';
import { Dialog } from './dialog.tsx';
import { Button } from './index.tsx';
import { useToast } from './toast.tsx';

interface Props {
  title: string;
  children: ReactNode;
  pending: boolean;
  onDelete(): void;
  onClose(): void;
}

interface ConfirmProps extends Omit<Props, 'onDelete'> {
  /** The button that takes the step, and what it says while the step is on its way. */
  confirmLabel: string;
  pendingLabel: string;
  onConfirm(): void;
}

export function ConfirmDialog({ title, children, pending, confirmLabel, pendingLabel, onConfirm, onClose }: ConfirmProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onClose} data-autofocus>Отмена</Button>
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ onDelete, ...rest }: Props) {
  return <ConfirmDialog {...rest} confirmLabel="Удалить" pendingLabel="Удаление…" onConfirm={onDelete} />;
}

interface LeaveProps extends Omit<Props, 'onDelete'> {
  /** The deletion itself (a mutation's `mutateAsync` bound to the item). */
  remove(): Promise<unknown>;
  /** The toast after a deletion. */
  deleted: string;
  /** The toast when the server refuses, for an error it does not explain. */
  failed: string;
  /** Where to go once the item is gone. */
  leaveTo: string;
}

/** Deletes the item of the page: said in a toast, then the page is left for `leaveTo`; a refusal is a toast too. */
export function DeleteAndLeaveDialog({ remove, deleted, failed, leaveTo, ...dialog }: LeaveProps) {
  const navigate = useNavigate();
  const toast = useToast();
  // Awaited here, not in a mutation's callbacks: those are dropped when the page is gone by then.
  const onDelete = () =>
    void remove().then(
      () => {
        toast(deleted, 'success');
        navigate(leaveTo, { replace: true });
      },
      (err: unknown) => toast(apiErrorMessage(err, failed), 'error'),
    );
  return <DeleteDialog {...dialog} onDelete={onDelete} />;
}
