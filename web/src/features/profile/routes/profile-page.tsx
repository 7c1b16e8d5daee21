// /user/profile: the account's picture and profile, its editing, and the user's own players.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { BYTE_LIMITS, TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { updateAccount, type Account } from '../../../lib/nakama/account.ts';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { useAccount } from '../../../stores/account.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { personName } from '../../../shared/lib/person.ts';
import { Button, ErrorState, Field, Notice, PageTitle, SelectField, Spinner } from '../../../shared/ui/index.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { DeviceNotifications } from '../components/device-notifications.tsx';
import { MyPlayers } from '../components/my-players.tsx';
import { ReminderSettings } from '../components/reminder-settings.tsx';
import { LANGUAGES, TIMEZONES, profileMessages as m } from '../messages.ts';

const AVATAR_PREFIX = '/uploads/';

/** The label of a value, or of the first entry of its language ('en' reads as «Английский (США)»). */
function labelOf(list: Array<{ value: string; label: string }>, value: string | undefined): string {
  return (list.find((x) => x.value === value) ?? list.find((x) => x.value.startsWith(`${value}-`)))?.label ?? value ?? '';
}

interface FormErrors {
  display_name?: string;
  username?: string;
  form?: string;
}

/** Checks before sending: a name to be shown by, and a username without spaces that fits 128 bytes. */
export function validateProfile(displayName: string, username: string): FormErrors {
  const e: FormErrors = {};
  if (!displayName.trim()) e.display_name = m.displayNameRequired;
  if (!username.trim()) e.username = m.usernameRequired;
  else if (/\s/.test(username.trim()) || new TextEncoder().encode(username.trim()).length > 128) e.username = m.usernameInvalid;
  return e;
}

function ProfileForm({ account, onDone }: { account: Account; onDone(): void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const u = account.user;
  const [displayName, setDisplayName] = useState(u.display_name ?? '');
  const [username, setUsername] = useState(u.username);
  const [langTag, setLangTag] = useState(LANGUAGES.some((l) => l.value === u.lang_tag) ? u.lang_tag! : 'ru-RU');
  const [location, setLocation] = useState(u.location ?? '');
  const [timezone, setTimezone] = useState(u.timezone ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useMutation({
    mutationFn: () =>
      updateAccount({
        display_name: displayName.trim(),
        // Sent only when changed: the server refuses a name someone else has.
        ...(username.trim() !== u.username && { username: username.trim() }),
        lang_tag: langTag,
        location: location.trim(),
        timezone,
      }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['account'] });
      toast(m.saved, 'success');
      onDone();
    },
    onError: (err) => {
      const taken = err instanceof ApiError && err.status === 409;
      setErrors(taken ? { username: m.usernameTaken } : { form: apiErrorMessage(err, m.saveFailed) });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateProfile(displayName, username);
    setErrors(found);
    if (!Object.keys(found).length) save.mutate();
  };
  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <Field label={m.displayName} name="display_name" limit={TEXT_LIMITS.displayName} required value={displayName} error={errors.display_name} hint={m.displayNameHint} onChange={(e) => setDisplayName(e.target.value)} />
      <Field label={m.username} name="username" limit={{ bytes: BYTE_LIMITS.username }} autoComplete="username" value={username} error={errors.username} hint={m.usernameHint} onChange={(e) => setUsername(e.target.value)} />
      <SelectField label={m.language} name="lang_tag" value={langTag} onChange={(e) => setLangTag(e.target.value)}>
        {LANGUAGES.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
      </SelectField>
      <SelectField label={m.timezone} name="timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)}>
        <option value="">{m.notSet}</option>
        {TIMEZONES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
      </SelectField>
      <Field label={m.location} name="location" limit={TEXT_LIMITS.location} wide value={location} placeholder={m.locationPlaceholder} onChange={(e) => setLocation(e.target.value)} />
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? m.saving : m.save}</button>
        <Button variant="ghost" onClick={onDone}>{m.cancel}</Button>
      </div>
    </form>
  );
}

function Details({ account }: { account: Account }) {
  const u = account.user;
  return (
    <dl className="details">
      <dt>{m.username}</dt>
      <dd data-user-content>{u.username}</dd>
      {account.email && (
        <>
          <dt>{m.email}</dt>
          <dd>{account.email}</dd>
        </>
      )}
      <dt>{m.language}</dt>
      <dd>{u.lang_tag ? labelOf(LANGUAGES, u.lang_tag) : m.notSet}</dd>
      <dt>{m.location}</dt>
      <dd>{u.location || m.noLocation}</dd>
      <dt>{m.timezone}</dt>
      <dd>{u.timezone ? labelOf(TIMEZONES, u.timezone) : m.notSet}</dd>
    </dl>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const account = useAccount();
  const qc = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.title}</PageTitle>
        <Notice kind="info">{m.signIn}</Notice>
        <Link className="btn btn-primary" to="/login?next=%2Fuser%2Fprofile">{m.toLogin}</Link>
      </section>
    );
  }
  if (account.isPending) return <Spinner />;
  if (account.isError) return <ErrorState onRetry={() => void account.refetch()}>{m.loadFailed}</ErrorState>;

  const u = account.data.user;
  const avatarId = u.avatar_url?.startsWith(AVATAR_PREFIX) ? u.avatar_url.slice(AVATAR_PREFIX.length) : undefined;
  const setAvatar = async (fileId: string) => {
    await updateAccount({ avatar_url: fileUrl(fileId) });
    await qc.invalidateQueries({ queryKey: ['account'] });
    toast(m.avatarSaved, 'success');
  };

  return (
    <section className="page">
      <PageTitle title={m.title}>{personName(u)}</PageTitle>
      <div className="profile">
        <ImageUpload
          label={m.avatar}
          shape="round"
          confirm
          value={avatarId}
          imageUrl={avatarId ? undefined : u.avatar_url}
          failedMessage={m.avatarFailed}
          onUploaded={setAvatar}
        />
        <div className="stack">
          {editing ? (
            <ProfileForm account={account.data} onDone={() => setEditing(false)} />
          ) : (
            <>
              <Details account={account.data} />
              <div className="form-actions">
                <Button variant="secondary" onClick={() => setEditing(true)}>{m.edit}</Button>
              </div>
            </>
          )}
        </div>
      </div>
      <DeviceNotifications />
      <ReminderSettings />
      <MyPlayers />
    </section>
  );
}
