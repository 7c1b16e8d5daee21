// A player's photo and names, for creating one and for editing it: two columns on a wide screen.
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { Button, Field, Notice } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { playerMessages as m } from '../messages.ts';

interface PlayerFormValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  avatar_id?: string;
}

export interface PlayerFormErrors {
  first_name?: string;
  last_name?: string;
}

function validatePlayer(firstName: string, lastName: string): PlayerFormErrors {
  const e: PlayerFormErrors = {};
  if (!firstName.trim()) e.first_name = m.firstNameRequired;
  if (!lastName.trim()) e.last_name = m.lastNameRequired;
  return e;
}

interface Props {
  initial?: PlayerFormValues;
  submitLabel: string;
  pending: boolean;
  /** The refusal to show under the form, already in the user's words. */
  error?: string;
  onSubmit(values: PlayerFormValues): void;
  onCancel?(): void;
}

export function PlayerForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: Props) {
  const [firstName, setFirstName] = useState(initial?.first_name ?? '');
  const [middleName, setMiddleName] = useState(initial?.middle_name ?? '');
  const [lastName, setLastName] = useState(initial?.last_name ?? '');
  const [avatarId, setAvatarId] = useState(initial?.avatar_id);
  const [errors, setErrors] = useState<PlayerFormErrors>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validatePlayer(firstName, lastName);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit({ first_name: firstName.trim(), middle_name: middleName.trim(), last_name: lastName.trim(), avatar_id: avatarId });
  }

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <ImageUpload label={m.avatar} shape="round" value={avatarId} onUploaded={setAvatarId} failedMessage={m.photoFailed} />
      <Field label={m.lastName} name="last_name" required limit={TEXT_LIMITS.playerName} autoComplete="family-name" value={lastName} error={errors.last_name} onChange={(e) => setLastName(e.target.value)} />
      <Field label={m.firstName} name="first_name" required limit={TEXT_LIMITS.playerName} autoComplete="given-name" value={firstName} error={errors.first_name} onChange={(e) => setFirstName(e.target.value)} />
      <Field label={m.middleName} name="middle_name" limit={TEXT_LIMITS.playerName} autoComplete="additional-name" value={middleName} onChange={(e) => setMiddleName(e.target.value)} />
      {error && <Notice kind="error">{error}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>{pending ? m.saving : submitLabel}</button>
        {onCancel && <Button variant="ghost" onClick={onCancel}>{m.cancel}</Button>}
      </div>
    </form>
  );
}
