// The personal event form: a title and a date are required.
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import type { EventType } from '../../../shared/lib/calendar.ts';
import { Field, Notice } from '../../../shared/ui/index.tsx';
import { newEventId, type LocalEvent } from '../local-events.ts';
import { scheduleMessages as m } from '../messages.ts';
import { DescriptionField, TypeSelect } from './event-fields.tsx';

export function CreateEventForm({ onCreate }: { onCreate(e: LocalEvent): void }) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [type, setType] = useState<EventType>('match');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim() || !date) {
      setError(m.fillAll);
      return;
    }
    setError(undefined);
    onCreate({ id: newEventId(), title: title.trim(), date, type, description: description.trim() });
    setTitle('');
    setDescription('');
  }

  return (
    <form className="stack schedule-form" onSubmit={submit} noValidate aria-labelledby="schedule-create-title">
      <h2 id="schedule-create-title">{m.createTitle}</h2>
      <div className="schedule-form-row">
        <Field label={m.fieldTitle} id="schedule-create-name" limit={TEXT_LIMITS.eventTitle} value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={error && !title.trim() ? true : undefined} />
        <Field label={m.fieldDate} id="schedule-create-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={error && !date ? true : undefined} />
        <TypeSelect id="schedule-create-type" value={type} onChange={setType} />
      </div>
      <DescriptionField id="schedule-create-description" value={description} onChange={setDescription} />
      {error && <Notice kind="error">{error}</Notice>}
      <div>
        <button type="submit" className="btn btn-primary">{m.add}</button>
      </div>
    </form>
  );
}
