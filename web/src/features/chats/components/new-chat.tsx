// A named chat with chosen friends (create_chat): the name and at least one participant are required.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { createChat, type Chat } from '../../../shared/api/chat.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { personName } from '../../../shared/lib/person.ts';
import { Field } from '../../../shared/ui/index.tsx';
import { FRIEND, friendsQuery } from '../api/friends.ts';
import { chatMessages as m } from '../messages.ts';

export function NewChatForm({ onCreated, onCancel }: { onCreated(chat: Chat): void; onCancel(): void }) {
  const friends = useQuery(friendsQuery());
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const mutual = (friends.data ?? []).filter((f) => f.state === FRIEND);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(m.nameRequired);
    if (!picked.size) return setError(m.participantsRequired);
    setError(undefined);
    setSaving(true);
    try {
      onCreated(await createChat({ name: name.trim(), user_ids: [...picked] }));
    } catch (err) {
      setError(apiErrorMessage(err, m.createFailed));
    } finally {
      setSaving(false);
    }
  }

  const toggle = (id: string) =>
    setPicked((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <form className="new-chat" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{m.newChatTitle}</h3>
      <Field label={m.chatName} id="new-chat-name" value={name} limit={TEXT_LIMITS.chatName} onChange={(e) => setName(e.target.value)} autoFocus />
      <fieldset className="new-chat-people">
        <legend>{m.participants}</legend>
        {mutual.length ? (
          <>
            <p className="muted">{m.pickFriends}</p>
            {mutual.map((f) => (
              <label key={f.user.id} className="new-chat-person">
                <input type="checkbox" checked={picked.has(f.user.id)} onChange={() => toggle(f.user.id)} />
                {personName(f.user)}
              </label>
            ))}
          </>
        ) : (
          <p className="muted">{m.noFriendsToPick}</p>
        )}
      </fieldset>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="new-chat-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>{m.cancel}</button>
        <button type="submit" className="btn btn-primary" disabled={saving}>{m.create}</button>
      </div>
    </form>
  );
}
