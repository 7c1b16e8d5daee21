// /players/create: photo, first name (required), middle name, last name (required).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useCreatePlayer } from '../api/create-player.ts';
import { playerMessages as m } from '../messages.ts';

export interface PlayerFormErrors {
  first_name?: string;
  last_name?: string;
}

export function validatePlayer(firstName: string, lastName: string): PlayerFormErrors {
  const e: PlayerFormErrors = {};
  if (!firstName.trim()) e.first_name = m.firstNameRequired;
  if (!lastName.trim()) e.last_name = m.lastNameRequired;
  return e;
}

export function Component() {
  const authenticated = useAuthenticated();
  const navigate = useNavigate();
  const create = useCreatePlayer();
  const [firstName, setFirstName] = useState('');
  const [middleName, setMiddleName] = useState('');
  const [lastName, setLastName] = useState('');
  const [avatarId, setAvatarId] = useState<string>();
  const [errors, setErrors] = useState<PlayerFormErrors>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validatePlayer(firstName, lastName);
    setErrors(found);
    if (Object.keys(found).length) return;
    const p = await create.mutateAsync({
      first_name: firstName.trim(),
      middle_name: middleName.trim() || undefined,
      last_name: lastName.trim(),
      avatar_id: avatarId,
    }).catch(() => undefined);
    if (p) navigate(`/players/${p.id}`);
  }

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.createTitle}</PageTitle>
        <Notice kind="info">{m.signInToCreate}</Notice>
        <Link className="btn btn-primary" to="/login">Войти</Link>
      </section>
    );
  }

  return (
    <section className="page narrow">
      <PageTitle>{m.createTitle}</PageTitle>
      <form className="stack" onSubmit={submit} noValidate>
        <ImageUpload label={m.avatar} value={avatarId} onUploaded={setAvatarId} />
        <Field label={m.firstName} name="first_name" required value={firstName} error={errors.first_name} onChange={(e) => setFirstName(e.target.value)} />
        <Field label={m.middleName} name="middle_name" value={middleName} onChange={(e) => setMiddleName(e.target.value)} />
        <Field label={m.lastName} name="last_name" required value={lastName} error={errors.last_name} onChange={(e) => setLastName(e.target.value)} />
        {create.isError && (
          <Notice kind="error">{create.error instanceof ApiError && create.error.status === 400 ? create.error.message : m.createFailed}</Notice>
        )}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? m.saving : m.save}
        </button>
      </form>
    </section>
  );
}
