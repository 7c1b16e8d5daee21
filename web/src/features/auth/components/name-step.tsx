// After a first sign-in by code: the name others will see, prefilled with the part of the address
// before @ (which the account already has); skipping keeps that one.
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { updateAccount } from '../../../lib/nakama/account.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, Field } from '../../../shared/ui/index.tsx';
import { authMessages as m } from '../messages.ts';

export function NameStep({ email, onDone }: { email: string; onDone(): void }) {
  const [name, setName] = useState(email.slice(0, email.lastIndexOf('@')));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(m.nameRequired);
      return;
    }
    setSaving(true);
    try {
      await updateAccount({ display_name: name.trim() });
      onDone();
    } catch (err) {
      setError(apiErrorMessage(err, m.nameFailed));
      setSaving(false);
    }
  }

  return (
    <form className="stack" onSubmit={save} noValidate>
      <p>{m.nameIntro}</p>
      <Field label={m.displayName} name="display_name" autoComplete="name" limit={TEXT_LIMITS.displayName} value={name} error={error} hint={m.nameHint} onChange={(e) => setName(e.target.value)} autoFocus />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>{m.nameSave}</button>
        <Button variant="ghost" onClick={onDone} disabled={saving}>{m.nameSkip}</Button>
      </div>
    </form>
  );
}
