// The fields of a broadcast, for creating and editing: title, description, video link (with the hosts
// allowed), tags by commas, an optional start time.
import { useState, type FormEvent, type ReactNode } from 'react';
import { TEXT_LIMITS, tagsBoxLimit } from '@tribuna/portal/text-limits';
import { Field, TextAreaField } from '../../../shared/ui/index.tsx';
import { validateBroadcast, type BroadcastErrors, type BroadcastValues } from '../broadcast.ts';
import { broadcastMessages as m } from '../messages.ts';

interface Props {
  initial: BroadcastValues;
  editing?: boolean;
  status?: ReactNode;
  /** The buttons under the fields. */
  actions: ReactNode;
  onSubmit(values: BroadcastValues): void;
}

export function BroadcastForm({ initial, editing = false, status, actions, onSubmit }: Props) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<BroadcastErrors>({});
  const set = (patch: Partial<BroadcastValues>) => setV((old) => ({ ...old, ...patch }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBroadcast(v, { editing, startChanged: v.start !== initial.start });
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit(v);
  }

  return (
    <form className="form-grid broadcast-form" onSubmit={submit} noValidate>
      <Field label={m.title} name="title" wide hint={m.titleHint} limit={TEXT_LIMITS.streamTitle} value={v.title} error={errors.title} onChange={(e) => set({ title: e.target.value })} />
      <TextAreaField label={m.description} name="description" hint={m.descriptionHint} rows={5} limit={TEXT_LIMITS.streamDescription} value={v.description} error={errors.description} onChange={(e) => set({ description: e.target.value })} />
      <Field label={m.embedUrl} name="embed_url" wide type="url" inputMode="url" placeholder="https://" hint={m.embedUrlHint} limit={TEXT_LIMITS.embedUrl} counter="near" value={v.embedUrl} error={errors.embedUrl} onChange={(e) => set({ embedUrl: e.target.value })} />
      <Field label={m.tagsField} name="tags" hint={m.tagsHint} limit={tagsBoxLimit(TEXT_LIMITS.streamTags, TEXT_LIMITS.streamTag)} counter="near" value={v.tags} error={errors.tags} onChange={(e) => set({ tags: e.target.value })} />
      <Field label={m.startTime} name="start_time" type="datetime-local" hint={m.startHint} value={v.start} error={errors.start} onChange={(e) => set({ start: e.target.value })} />
      {status}
      <div className="form-actions">{actions}</div>
    </form>
  );
}
