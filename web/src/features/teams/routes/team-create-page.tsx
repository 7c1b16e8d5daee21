// /teams/create: avatar, name (required), description and type; success goes to the team after 1 s.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router/index.tsx';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { useAuthenticated } from '../../../stores/session.ts';
import { parseTeamType, TEAM_TYPES, type TeamType } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Field, Notice, PageTitle, SelectField, TextAreaField } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useCreateTeam } from '../api/create-team.ts';
import { teamMessages as m } from '../messages.ts';

export const REDIRECT_DELAY_MS = 1000;

export function Component() {
  const authenticated = useAuthenticated();
  const navigate = useNavigate();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [teamType, setTeamType] = useState<TeamType>(0);
  const [avatarId, setAvatarId] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const [createdId, setCreatedId] = useState<string>();

  useEffect(() => {
    if (!createdId) return;
    const t = setTimeout(() => navigate(`/teams/${createdId}`), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [createdId, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(m.nameRequired);
      return;
    }
    setNameError(undefined);
    const team = await create
      .mutateAsync({ name: name.trim(), description: description.trim(), team_type: teamType, avatar_id: avatarId })
      .catch(() => undefined);
    if (team) setCreatedId(team.id);
  }

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.createTitle}</PageTitle>
        <Notice kind="info">{m.signInToCreate}</Notice>
        <Link className="btn btn-primary" to={withReturn('/login', '/teams/create')}>{m.toLogin}</Link>
      </section>
    );
  }

  return (
    <section className="page form-page">
      <PageTitle>{m.createTitle}</PageTitle>
      <form className="form-grid" onSubmit={submit} noValidate>
        <ImageUpload label={m.avatar} value={avatarId} placeholder="/images/default-team.svg" onUploaded={setAvatarId} failedMessage={m.avatarFailed} />
        <Field label={m.name} name="name" required limit={TEXT_LIMITS.teamName} value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
        <SelectField label={m.type} name="team_type" hint={m.typeHint} value={teamType} onChange={(e) => setTeamType(parseTeamType(e.target.value) ?? 0)}>
          {Object.entries(TEAM_TYPES).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
        </SelectField>
        <TextAreaField label={m.description} name="description" limit={TEXT_LIMITS.teamDescription} value={description} onChange={(e) => setDescription(e.target.value)} />
        {createdId && <Notice kind="success">{m.created(name.trim())}</Notice>}
        {create.isError && <Notice kind="error">{apiErrorMessage(create.error, m.createFailed)}</Notice>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending || !!createdId}>
            {create.isPending ? m.saving : m.save}
          </button>
        </div>
      </form>
    </section>
  );
}
