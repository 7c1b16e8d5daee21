// A manager finds a user by name (search_users) and invites them to the team; they are notified.
import { useEffect, useState } from 'react';
import { initials, personName } from '../../../shared/lib/person.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, Field } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useInviteUser } from '../api/create-team-invitation.ts';
import { MIN_QUERY, useUserSearch } from '../api/search-users.ts';
import { rosterMessages as m } from '../messages.ts';

/** The pause after typing before the search is asked. */
const DEBOUNCE_MS = 300;

export function InviteUser({ teamId, invitedIds }: { teamId: string; invitedIds: ReadonlySet<string> }) {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState('');
  const search = useUserSearch(asked);
  const invite = useInviteUser(teamId);
  const toast = useToast();

  useEffect(() => {
    const t = setTimeout(() => setAsked(query), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [query]);

  const short = query.trim().length > 0 && query.trim().length < MIN_QUERY;
  const found = asked.trim().length >= MIN_QUERY ? (search.data ?? []) : [];
  return (
    <div className="stack invite-user">
      <h3>{m.inviteUser}</h3>
      <Field
        label={m.searchLabel}
        name="invite-search"
        type="search"
        autoComplete="off"
        placeholder={m.searchPlaceholder}
        value={query}
        hint={short ? m.searchShort : undefined}
        onChange={(e) => setQuery(e.target.value)}
      />
      {search.isError && <p className="field-error" role="alert">{m.searchFailed}</p>}
      {search.isSuccess && asked.trim().length >= MIN_QUERY && found.length === 0 && <p className="muted">{m.searchEmpty}</p>}
      {found.length > 0 && (
        <ul className="people">
          {found.map((u) => {
            const name = personName(u);
            const done = invitedIds.has(u.id);
            return (
              <li key={u.id}>
                {u.avatar_url ? <img className="person-avatar" src={u.avatar_url} alt="" /> : <span className="person-avatar" aria-hidden="true">{initials(name)}</span>}
                <span className="person-name">{name}</span>
                {done ? (
                  <span className="badge">{m.alreadyInvited}</span>
                ) : (
                  <Button
                    variant="secondary"
                    aria-label={m.inviteNamed(name)}
                    disabled={invite.isPending}
                    onClick={() =>
                      invite.mutate(u.id, {
                        onSuccess: () => toast(m.invited(name), 'success'),
                        onError: (err) => toast(apiErrorMessage(err, m.inviteFailed), 'error'),
                      })
                    }
                  >
                    {m.invite}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
