// /user/profile: the account's profile, its editing, and the user's own players.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { updateAccount, type Account } from '../../lib/nakama/account.ts';
import { fileUrl } from '../../lib/nakama/upload.ts';
import { useAuthenticated } from '../../stores/session.ts';
import { useAccount } from '../../stores/account.ts';
import { fullName, useMyPlayers } from '../../shared/api/players.ts';
import { Button, EmptyState, ErrorState, Field, LoadMore, Notice, PageTitle, Spinner } from '../../shared/ui/index.tsx';
import { ImageUpload } from '../../shared/ui/image-upload.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import { LANGUAGES, TIMEZONES, profileMessages as m } from './messages.ts';

const AVATAR_PREFIX = '/uploads/';

function labelOf(list: Array<{ value: string; label: string }>, value: string | undefined): string {
  return list.find((x) => x.value === value)?.label ?? value ?? '';
}

function MyPlayers() {
  const q = useMyPlayers();
  return (
    <section className="stack">
      <div className="page-head">
        <h2>{m.myPlayers}</h2>
        <Link className="btn btn-secondary" to="/players/create">{m.createPlayer}</Link>
      </div>
      {q.isPending && <Spinner />}
      {q.isError && <ErrorState onRetry={() => void q.refetch()}>{m.playersLoadFailed}</ErrorState>}
      {q.isSuccess && q.data.length === 0 && <EmptyState>{m.noPlayers}</EmptyState>}
      {q.isSuccess && q.data.length > 0 && (
        <ul className="link-list">
          {q.data.map((p) => (
            <li key={p.id}>
              <Link to={`/players/${p.id}`}>{fullName(p)}</Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={q}>{m.loadMore}</LoadMore>
    </section>
  );
}

function ProfileForm({ account, onDone }: { account: Account; onDone(): void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const u = account.user;
  const [displayName, setDisplayName] = useState(u.display_name ?? '');
  const [langTag, setLangTag] = useState(LANGUAGES.some((l) => l.value === u.lang_tag) ? u.lang_tag! : 'ru-RU');
  const [location, setLocation] = useState(u.location ?? '');
  const [timezone, setTimezone] = useState(u.timezone ?? '');
  const save = useMutation({
    mutationFn: () => updateAccount({ display_name: displayName.trim(), lang_tag: langTag, location: location.trim(), timezone }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['account'] });
      toast(m.saved, 'success');
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="stack" onSubmit={submit}>
      <Field label={m.displayName} name="display_name" maxLength={255} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
      <div className="field">
        <label htmlFor="lang_tag">{m.language}</label>
        <select id="lang_tag" value={langTag} onChange={(e) => setLangTag(e.target.value)}>
          {LANGUAGES.map((l) => <option key={l.value} value={l.value}>{l.label}</option>)}
        </select>
      </div>
      <Field label={m.location} name="location" maxLength={255} value={location} onChange={(e) => setLocation(e.target.value)} />
      <div className="field">
        <label htmlFor="timezone">{m.timezone}</label>
        <select id="timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)}>
          <option value="">{m.notSet}</option>
          {TIMEZONES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
        </select>
      </div>
      {save.isError && <Notice kind="error">{m.saveFailed}</Notice>}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? m.saving : m.save}</button>
        <Button variant="ghost" onClick={onDone}>{m.cancel}</Button>
      </div>
    </form>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const account = useAccount();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);

  if (!authenticated) {
    return (
      <section className="page narrow">
        <PageTitle>{m.title}</PageTitle>
        <Notice kind="info">{m.signIn}</Notice>
        <Link className="btn btn-primary" to="/login">{m.toLogin}</Link>
      </section>
    );
  }
  if (account.isPending) return <Spinner />;
  if (account.isError) return <ErrorState onRetry={() => void account.refetch()}>{m.loadFailed}</ErrorState>;

  const u = account.data.user;
  const avatarId = u.avatar_url?.startsWith(AVATAR_PREFIX) ? u.avatar_url.slice(AVATAR_PREFIX.length) : undefined;
  const setAvatar = async (fileId: string) => {
    try {
      await updateAccount({ avatar_url: fileUrl(fileId) });
      await qc.invalidateQueries({ queryKey: ['account'] });
    } catch (err) {
      console.error(m.avatarSaveFailed, err);
    }
  };

  return (
    <section className="page">
      <PageTitle>{m.title}</PageTitle>
      <div className="profile">
        <div className="profile-card">
          {u.avatar_url ? (
            <img className="avatar-large" src={u.avatar_url} alt={m.avatar} width={128} height={128} />
          ) : (
            <img className="avatar-large" src="/images/default-avatar.svg" alt="" width={128} height={128} />
          )}
          {/* The spec: avatar failures on the profile are only logged, never shown. */}
          <ImageUpload
            label={m.avatar}
            value={avatarId}
            showError={false}
            onUploaded={(id) => void setAvatar(id)}
            onError={(msg, err) => console.error(m.avatarFailed, msg, err)}
          />
        </div>
        <div className="stack">
          {editing ? (
            <ProfileForm account={account.data} onDone={() => setEditing(false)} />
          ) : (
            <>
              <dl className="details">
                <dt>{m.displayName}</dt>
                <dd>{u.display_name || m.notSet}</dd>
                <dt>{m.username}</dt>
                <dd>{u.username}</dd>
                <dt>{m.language}</dt>
                <dd>{u.lang_tag ? labelOf(LANGUAGES, u.lang_tag) : m.notSet}</dd>
                <dt>{m.location}</dt>
                <dd>{u.location || m.noLocation}</dd>
                <dt>{m.timezone}</dt>
                <dd>{u.timezone ? labelOf(TIMEZONES, u.timezone) : m.notSet}</dd>
              </dl>
              <Button variant="secondary" onClick={() => setEditing(true)}>{m.edit}</Button>
            </>
          )}
        </div>
      </div>
      <MyPlayers />
    </section>
  );
}
