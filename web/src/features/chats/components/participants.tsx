// A named chat's participants: who is in it, adding a friend, removing someone (the chat's creator,
// the one the server lets do it), leaving the chat.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addUserToChat, chatKeys, removeUserFromChat, type Chat } from '../../../shared/api/chat.ts';
import { useUsers } from '../../../shared/api/users.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { initials, personName } from '../../../shared/lib/person.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { FRIEND, friendsQuery } from '../api/friends.ts';
import { chatMessages as m } from '../messages.ts';

interface Props {
  chat: Chat;
  selfId: string | undefined;
  onBack(): void;
  /** The user left the chat. */
  onLeft(): void;
}

export function Participants({ chat, selfId, onBack, onLeft }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const users = useUsers(chat.participants);
  const friends = useQuery(friendsQuery());
  const [pick, setPick] = useState('');
  const [busy, setBusy] = useState(false);
  const inChat = new Set(chat.participants);
  const addable = (friends.data ?? []).filter((f) => f.state === FRIEND && !inChat.has(f.user.id));
  const nameOf = (id: string) => personName(users[id]);

  async function run(action: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      toast(done, 'success');
      return true;
    } catch (err) {
      toast(apiErrorMessage(err, failed), 'error');
      return false;
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: chatKeys.all });
    }
  }

  async function add() {
    const friend = addable.find((f) => f.user.id === pick);
    if (!friend) return;
    if (await run(() => addUserToChat(chat.id, friend.user.id), m.memberAdded(personName(friend.user)), m.addUserFailed)) setPick('');
  }

  async function leave() {
    if (selfId && (await run(() => removeUserFromChat(chat.id, selfId), m.left, m.removeUserFailed))) onLeft();
  }

  return (
    <section className="members" aria-label={m.membersOf(chat.name)}>
      <header className="conv-head">
        <button type="button" className="conv-back" onClick={onBack} aria-label="Назад" title="Назад">
          <span aria-hidden="true">←</span>
        </button>
        <h3 className="conv-title">{m.membersOf(chat.name)}</h3>
      </header>
      <ul className="friend-list">
        {chat.participants.map((id) => (
          <li key={id} className="friend">
            <span className="chat-avatar" aria-hidden="true">{initials(nameOf(id))}</span>
            <span className="friend-main"><span className="friend-name">{id === selfId ? `${nameOf(id)} (${m.you.toLowerCase()})` : nameOf(id)}</span></span>
            {id !== selfId && chat.creator_id === selfId && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                onClick={() => void run(() => removeUserFromChat(chat.id, id), m.memberRemoved(nameOf(id)), m.removeUserFailed)}
              >
                {m.remove}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="members-add">
        {addable.length ? (
          <>
            <label htmlFor="member-pick">{m.addMember}</label>
            <div className="members-add-row">
              <select id="member-pick" value={pick} onChange={(e) => setPick(e.target.value)}>
                <option value="">—</option>
                {addable.map((f) => <option key={f.user.id} value={f.user.id}>{personName(f.user)}</option>)}
              </select>
              <button type="button" className="btn btn-primary btn-sm" disabled={!pick || busy} onClick={() => void add()}>{m.add}</button>
            </div>
          </>
        ) : (
          friends.data && <p className="muted">{m.noOneToAdd}</p>
        )}
      </div>
      <div className="members-leave">
        <button type="button" className="btn btn-ghost btn-sm danger-text" disabled={busy} onClick={() => void leave()}>{m.leave}</button>
      </div>
    </section>
  );
}
