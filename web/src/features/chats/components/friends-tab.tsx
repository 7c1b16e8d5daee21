// Friends: the user search ('Поиск пользователей...') with add; incoming requests (accept = add, decline
// = delete); friends with their live online status (followed over the socket) and write, remove, block;
// sent requests (cancel) and blocked users (unblock).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { realtime } from '../../../lib/nakama/realtime.ts';
import { presenceKey, type PresenceMap } from '../../../shared/api/presence.ts';
import type { PublicUser } from '../../../shared/api/users.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { initials, personName } from '../../../shared/lib/person.ts';
import { ErrorState, TextControl } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { friendKeys } from '../../../shared/api/friends.ts';
import { addFriend, BLOCKED, blockFriend, deleteFriend, FRIEND, friendsQuery, INVITE_RECEIVED, INVITE_SENT, type FriendEntry } from '../api/friends.ts';
import { searchUsersQuery } from '../api/search-users.ts';
import { chatMessages as m } from '../messages.ts';

/** The pause after typing before the search is asked. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Who of these users is online now, live from the socket's status events (the users are followed). */
function useOnline(ids: string[]): (id: string) => boolean {
  const key = ids.slice().sort().join(',');
  useEffect(() => {
    if (!key) return;
    const list = key.split(',');
    const follow = () => {
      if (realtime.state === 'open') realtime.followUsers(list).catch(() => {});
    };
    follow();
    // A new connection follows them again by itself; this covers a socket opened after the list.
    const stop = realtime.subscribe((e) => {
      if (e.type === 'open' && !e.reconnected) follow();
    });
    return () => {
      stop();
    };
  }, [key]);
  const presence = useQuery<PresenceMap>({ queryKey: presenceKey, queryFn: () => ({}), staleTime: Infinity, gcTime: Infinity, initialData: {} });
  return (id) => (presence.data?.[id]?.length ?? 0) > 0;
}

function Person({ user, status, children }: { user: PublicUser; status?: ReactNode; children?: ReactNode }) {
  const name = personName(user);
  return (
    <li className="friend">
      {user.avatar_url ? <img className="chat-avatar" src={user.avatar_url} alt="" width={36} height={36} /> : <span className="chat-avatar" aria-hidden="true">{initials(name)}</span>}
      <span className="friend-main">
        <span className="friend-name">{name}</span>
        {status}
      </span>
      <span className="friend-actions" role="group" aria-label={m.actionsFor(name)}>{children}</span>
    </li>
  );
}

interface Props {
  /** Opens the direct chat with this user. */
  onWrite(user: PublicUser): void;
}

export function FriendsTab({ onWrite }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const friends = useQuery(friendsQuery());
  const search = useQuery(searchUsersQuery(debounced));
  const [busy, setBusy] = useState<string | null>(null);
  const list = friends.data ?? [];
  const mutual = list.filter((f) => f.state === FRIEND);
  const isOnline = useOnline(mutual.map((f) => f.user.id));
  const stateOf = new Map(list.map((f) => [f.user.id, f.state]));

  async function act(user: PublicUser, run: (id: string) => Promise<void>, done: string, failed: string) {
    setBusy(user.id);
    try {
      await run(user.id);
      toast(done, 'success');
    } catch (err) {
      toast(apiErrorMessage(err, failed), 'error');
    } finally {
      setBusy(null);
      await qc.invalidateQueries({ queryKey: friendKeys.list() });
    }
  }

  const name = (u: PublicUser) => personName(u);
  const add = (u: PublicUser) => act(u, addFriend, stateOf.get(u.id) === INVITE_RECEIVED ? m.accepted(name(u)) : m.added(name(u)), m.addFailed);
  const remove = (u: PublicUser, done = m.removed(name(u))) => act(u, deleteFriend, done, m.removeFailed);
  const block = (u: PublicUser) => act(u, blockFriend, m.blockedDone(name(u)), m.blockFailed);

  const section = (title: string, entries: FriendEntry[], render: (f: FriendEntry) => ReactNode) =>
    entries.length > 0 && (
      <section className="friends-section" aria-label={title}>
        <h3>{title} <span className="muted">{entries.length}</span></h3>
        <ul className="friend-list">{entries.map(render)}</ul>
      </section>
    );

  const q = debounced.trim();
  return (
    <div className="friends">
      <div className="friends-search">
        <TextControl
          type="search"
          aria-label={m.searchLabel}
          placeholder={m.search}
          value={query}
          limit={TEXT_LIMITS.userSearch}
          counter="near"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {query.trim() && (
        <section className="friends-section" aria-label={m.searchLabel}>
          {query.trim().length < 2 ? (
            <p className="muted friends-note">{m.searchShort}</p>
          ) : search.isPending || q !== query.trim() ? (
            <p className="muted friends-note" role="status">Загрузка…</p>
          ) : !search.data?.length ? (
            <p className="muted friends-note">{m.searchEmpty}</p>
          ) : (
            <ul className="friend-list">
              {search.data.map((u) => {
                const state = stateOf.get(u.id);
                return (
                  <Person key={u.id} user={u}>
                    {state === FRIEND ? (
                      <span className="muted">{m.isFriend}</span>
                    ) : state === INVITE_SENT ? (
                      <span className="muted">{m.requestSent}</span>
                    ) : state === BLOCKED ? (
                      <span className="muted">{m.blocked}</span>
                    ) : (
                      <button type="button" className="btn btn-primary btn-sm" disabled={busy === u.id} onClick={() => void add(u)}>
                        {state === INVITE_RECEIVED ? m.accept : m.add}
                      </button>
                    )}
                  </Person>
                );
              })}
            </ul>
          )}
        </section>
      )}
      {friends.isError ? (
        <ErrorState className="chat-state" onRetry={() => void friends.refetch()}>{m.friendsFailed}</ErrorState>
      ) : friends.isPending ? (
        <p className="muted friends-note" role="status">Загрузка…</p>
      ) : (
        <>
          {section(m.incoming, list.filter((f) => f.state === INVITE_RECEIVED), (f) => (
            <Person key={f.user.id} user={f.user}>
              <button type="button" className="btn btn-primary btn-sm" disabled={busy === f.user.id} onClick={() => void add(f.user)}>{m.accept}</button>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy === f.user.id} onClick={() => void remove(f.user, m.declined)}>{m.decline}</button>
            </Person>
          ))}
          {mutual.length === 0 && !list.some((f) => f.state === INVITE_RECEIVED) && <p className="muted friends-note">{m.noFriends}</p>}
          {section(m.friends, mutual, (f) => {
            const online = isOnline(f.user.id);
            return (
              <Person key={f.user.id} user={f.user} status={<span className={`friend-status${online ? ' online' : ''}`}>{online ? m.online : m.offline}</span>}>
                <button type="button" className="btn btn-primary btn-sm" onClick={() => onWrite(f.user)}>{m.write}</button>
                <button type="button" className="btn btn-ghost btn-sm" disabled={busy === f.user.id} onClick={() => void remove(f.user)}>{m.remove}</button>
                <button type="button" className="btn btn-ghost btn-sm danger-text" disabled={busy === f.user.id} onClick={() => void block(f.user)}>{m.block}</button>
              </Person>
            );
          })}
          {section(m.outgoing, list.filter((f) => f.state === INVITE_SENT), (f) => (
            <Person key={f.user.id} user={f.user}>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy === f.user.id} onClick={() => void remove(f.user, m.cancelled)}>{m.cancelRequest}</button>
            </Person>
          ))}
          {section(m.blocked, list.filter((f) => f.state === BLOCKED), (f) => (
            <Person key={f.user.id} user={f.user}>
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy === f.user.id} onClick={() => void remove(f.user, m.unblocked(name(f.user)))}>{m.unblock}</button>
            </Person>
          ))}
        </>
      )}
    </div>
  );
}
