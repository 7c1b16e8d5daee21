// /teams/create: avatar, name (required), description and type; success goes to the team after 1 s.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { Field, Notice, PageTitle } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useCreateTeam } from '../api/create-team.ts';
import { TEAM_TYPES } from '../../../shared/api/teams.ts';
import { teamMessages as m } from '../messages.ts';

export const REDIRECT_DELAY_MS = 1000;

export function Component() {
  const authenticated = useAuthenticated();
  const navigate = useNavigate();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [teamType, setTeamType] = useState(0);
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
        <Link className="btn btn-primary" to="/login">{m.toLogin}</Link>
      </section>
    );
  }

  return (
    <section className="page narrow">
      <PageTitle>{m.createTitle}</PageTitle>
      <form className="stack" onSubmit={submit} noValidate>
        <ImageUpload label={m.avatar} value={avatarId} onUploaded={setAvatarId} failedMessage={m.avatarFailed} />
        <Field label={m.name} name="name" required maxLength={100} value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
        <div className="field">
          <label htmlFor="team-description">{m.description}</label>
          <textarea id="team-description" rows={4} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="team-type">{m.type}</label>
          <select id="team-type" value={teamType} onChange={(e) => setTeamType(Number(e.target.value))}>
            {Object.entries(TEAM_TYPES).map(([v, label]) => <option key={v} value={v}>{label}</option>)}
          </select>
        </div>
        {createdId && <Notice kind="success">{m.created(name.trim())}</Notice>}
        {create.isError && (
          <Notice kind="error">{create.error instanceof ApiError && create.error.status === 400 ? `${m.createFailed} ${create.error.message}` : m.createFailed}</Notice>
        )}
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !!createdId}>
          {create.isPending ? m.saving : m.save}
        </button>
      </form>
    </section>
  );
}
