// "Delete this?": the question, Cancel (focused first) and Delete, which says it is working while the
// deletion is on its way. What deleting does, and what follows it, is the caller's.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
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

function DeleteDialog({ title, children, pending, onDelete, onClose }: Props) {
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onClose} data-autofocus>Отмена</Button>
        <Button variant="danger" disabled={pending} onClick={onDelete}>
          {pending ? 'Удаление…' : 'Удалить'}
        </Button>
      </div>
    </Dialog>
  );
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
