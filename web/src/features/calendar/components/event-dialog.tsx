// Create, edit or delete a team event (managers only; the server checks it too).
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { EVENT_TYPES, type EventType } from '../../../shared/lib/calendar.ts';
import { EVENT_TYPE_LABELS } from '../../../shared/i18n/calendar.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field, Notice, TextAreaField } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreateTeamEvent } from '../api/create-team-event.ts';
import { useDeleteTeamEvent } from '../api/delete-team-event.ts';
import type { TeamEvent } from '@tribuna/portal/types';
import { useUpdateTeamEvent } from '../api/update-team-event.ts';
import { teamCalendarMessages as m } from '../messages.ts';
import {
  earliest,
  emptyEventForm,
  eventToForm,
  toEventTime,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form.ts';

export type EventDialogState = { mode: 'create'; day: string } | { mode: 'edit' | 'delete'; event: TeamEvent };

interface Props {
  teamId: string;
  state: EventDialogState;
  onClose(deleted?: boolean): void;
  returnFocus?(): HTMLElement | null | undefined;
}

export function EventDialog({ teamId, state, onClose, returnFocus }: Props) {
  const [mode, setMode] = useState(state.mode);
  const event = state.mode === 'create' ? undefined : state.event;
  const title = mode === 'create' ? m.createTitle : mode === 'edit' ? m.editTitle : m.deleteTitle;
  return (
    <Dialog title={title} onClose={() => onClose()} returnFocus={returnFocus}>
      {mode === 'delete' && event ? (
        <DeleteConfirm teamId={teamId} event={event} onDone={() => onClose(true)} onCancel={() => (state.mode === 'edit' ? setMode('edit') : onClose())} />
      ) : (
        <EventForm
          teamId={teamId}
          event={event}
          initial={event ? eventToForm(event) : emptyEventForm(state.mode === 'create' ? state.day : '')}
          onDone={() => onClose()}
          onCancel={() => onClose()}
          onDelete={event ? () => setMode('delete') : undefined}
        />
      )}
    </Dialog>
  );
}

function EventForm(props: { teamId: string; event?: TeamEvent; initial: EventFormValues; onDone(): void; onCancel(): void; onDelete?(): void }) {
  const { teamId, event, initial, onDone, onCancel, onDelete } = props;
  const toast = useToast();
  const create = useCreateTeamEvent(teamId);
  const update = useUpdateTeamEvent(teamId);
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [failure, setFailure] = useState<string>();
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<EventFormValues>) => setV((old) => ({ ...old, ...patch }));
  const min = event ? undefined : earliest(new Date(), v.date);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A new event may not be in the past; an edit may move one anywhere.
    const found = validateEventForm(v, event ? undefined : new Date());
    setErrors(found);
    if (Object.keys(found).length) return;
    setFailure(undefined);
    const fields = {
      title: v.title.trim(),
      type: v.type as EventType,
      event_time: toEventTime(v.date, v.time),
      place: v.place.trim(),
      description: v.description.trim(),
    };
    try {
      if (event) await update.mutateAsync({ id: event.id, ...fields });
      else await create.mutateAsync({ team_id: teamId, ...fields });
    } catch (err) {
      setFailure(apiErrorMessage(err, m.saveFailed));
      return;
    }
    toast(event ? m.saved : m.created, 'success');
    onDone();
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field label={m.fieldTitle} name="title" data-autofocus required limit={TEXT_LIMITS.eventTitle} value={v.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
      <div className="field">
        <label htmlFor="team-event-type">{m.fieldType}</label>
        <select id="team-event-type" value={v.type} aria-invalid={errors.type ? true : undefined} onChange={(e) => set({ type: e.target.value as EventType })}>
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t}>{EVENT_TYPE_LABELS[t]}</option>
          ))}
        </select>
        {errors.type && <small className="field-error" role="alert">{errors.type}</small>}
      </div>
      <div className="row team-event-when">
        <Field label={m.fieldDate} name="date" type="date" required min={min?.date} value={v.date} error={errors.date} onChange={(e) => set({ date: e.target.value })} />
        <Field label={m.fieldTime} name="time" type="time" required min={min?.time} value={v.time} error={errors.time} onChange={(e) => set({ time: e.target.value })} />
      </div>
      <Field label={m.fieldPlace} name="place" limit={TEXT_LIMITS.eventPlace} value={v.place} error={errors.place} onChange={(e) => set({ place: e.target.value })} />
      <TextAreaField
        label={m.fieldDescription}
        id="team-event-description"
        rows={3}
        limit={TEXT_LIMITS.eventDescription}
        value={v.description}
        error={errors.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      {failure && <Notice kind="error">{failure}</Notice>}
      <div className="dialog-actions">
        {onDelete && (
          <Button variant="danger" className="push-left" onClick={onDelete} disabled={pending}>
            {m.delete}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>{m.cancel}</Button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? m.saving : event ? m.save : m.create}
        </button>
      </div>
    </form>
  );
}

function DeleteConfirm({ teamId, event, onDone, onCancel }: { teamId: string; event: TeamEvent; onDone(): void; onCancel(): void }) {
  const toast = useToast();
  const del = useDeleteTeamEvent(teamId);
  async function confirm() {
    try {
      await del.mutateAsync(event.id);
    } catch {
      return;
    }
    toast(m.deleted, 'success');
    onDone();
  }
  return (
    <div className="stack">
      <p>{m.deleteConfirm(event.title)}</p>
      {del.isError && <Notice kind="error">{apiErrorMessage(del.error, m.deleteFailed)}</Notice>}
      <div className="dialog-actions">
        <Button variant="ghost" onClick={onCancel} data-autofocus>{m.cancel}</Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={del.isPending}>
          {del.isPending ? m.deleting : m.delete}
        </Button>
      </div>
    </div>
  );
}
