// Edit a personal event (the title is required; an emptied date keeps the old one) or delete it.
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field, Notice } from '../../../shared/ui/index.tsx';
import type { LocalEvent } from '../local-events.ts';
import { scheduleMessages as m } from '../messages.ts';
import { DescriptionField, TypeSelect } from './event-fields.tsx';

interface Props {
  event: LocalEvent;
  startWithDelete?: boolean;
  onSave(e: LocalEvent): void;
  onDelete(id: string): void;
  onClose(): void;
  returnFocus?(): HTMLElement | null | undefined;
}

export function EditEventDialog({ event, startWithDelete = false, onSave, onDelete, onClose, returnFocus }: Props) {
  const [confirming, setConfirming] = useState(startWithDelete);
  const [v, setV] = useState(event);
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.title.trim()) {
      setError(m.fillTitle);
      return;
    }
    onSave({ ...v, title: v.title.trim(), description: v.description.trim(), date: v.date || event.date });
  }

  if (confirming) {
    return (
      <Dialog title={m.deleteTitle} onClose={onClose} returnFocus={returnFocus}>
        <div className="stack">
          <p>{m.deleteConfirm(event.title)}</p>
          <div className="dialog-actions">
            <Button variant="ghost" data-autofocus onClick={() => (startWithDelete ? onClose() : setConfirming(false))}>{m.cancel}</Button>
            <Button variant="danger" onClick={() => onDelete(event.id)}>{m.delete}</Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={m.editTitle} onClose={onClose} returnFocus={returnFocus}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.fieldTitle} id="schedule-edit-name" data-autofocus limit={TEXT_LIMITS.eventTitle} value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} aria-invalid={error ? true : undefined} />
        <Field label={m.fieldDate} id="schedule-edit-date" type="date" value={v.date} onChange={(e) => setV({ ...v, date: e.target.value })} />
        <TypeSelect id="schedule-edit-type" value={v.type} onChange={(type) => setV({ ...v, type })} />
        <DescriptionField id="schedule-edit-description" value={v.description} onChange={(description) => setV({ ...v, description })} />
        {error && <Notice kind="error">{error}</Notice>}
        <div className="dialog-actions">
          <Button variant="danger" className="push-left" onClick={() => setConfirming(true)}>{m.delete}</Button>
          <Button variant="ghost" onClick={onClose}>{m.cancel}</Button>
          <button type="submit" className="btn btn-primary">{m.save}</button>
        </div>
      </form>
    </Dialog>
  );
}
