// Type and description fields shared by the create form and the edit dialog.
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { EVENT_TYPES, type EventType } from '../../../shared/lib/calendar.ts';
import { EVENT_TYPE_LABELS } from '../../../shared/i18n/calendar.ts';
import { TextAreaField } from '../../../shared/ui/index.tsx';
import { scheduleMessages as m } from '../messages.ts';

export function TypeSelect({ id, value, onChange }: { id: string; value: EventType; onChange(t: EventType): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{m.fieldType}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as EventType)}>
        {EVENT_TYPES.map((t) => (
          <option key={t} value={t}>{EVENT_TYPE_LABELS[t]}</option>
        ))}
      </select>
    </div>
  );
}

export function DescriptionField({ id, value, onChange }: { id: string; value: string; onChange(v: string): void }) {
  return (
    <TextAreaField label={m.fieldDescription} id={id} rows={3} limit={TEXT_LIMITS.eventDescription} value={value} onChange={(e) => onChange(e.target.value)} />
  );
}
