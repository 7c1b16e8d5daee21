// "Delete this?": the question, Cancel (focused first) and Delete, which says it is working while the
// deletion is on its way. What deleting does, and what follows it, is the caller's.
import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { Button } from './index.tsx';

interface Props {
  title: string;
  children: ReactNode;
  pending: boolean;
  onDelete(): void;
  onClose(): void;
}

export function DeleteDialog({ title, children, pending, onDelete, onClose }: Props) {
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
