// A list of chats: each with its name, last message (who wrote it and when) and unread count.
import type { Chat } from '../../../shared/api/chat.ts';
import { relativeTime } from '../../../shared/i18n/relative-time.ts';
import { initials } from '../../../shared/lib/person.ts';
import { chatMessages as m } from '../messages.ts';

interface Props {
  chats: Chat[];
  selfId: string | undefined;
  onOpen(chat: Chat): void;
}

function preview(chat: Chat, selfId: string | undefined): string {
  const last = chat.last_message;
  if (!last) return m.noMessagesYet;
  if (last.sender_id === selfId) return `${m.you}: ${last.content}`;
  // In a direct chat the other person is the chat's name already.
  if (chat.type === 'direct' || !last.sender_name) return last.content;
  return `${last.sender_name}: ${last.content}`;
}

export function ChatList({ chats, selfId, onOpen }: Props) {
  return (
    <ul className="chat-list">
      {chats.map((c) => (
        <li key={c.id}>
          <button type="button" className={`chat-item${c.unread_count ? ' unread' : ''}`} onClick={() => onOpen(c)}>
            <span className={`chat-avatar chat-avatar-${c.type}`} aria-hidden="true">{initials(c.name || '?')}</span>
            <span className="chat-item-main">
              <span className="chat-item-top">
                <span className="chat-item-name">{c.name}</span>
                {c.last_message && <time className="chat-item-time" dateTime={c.last_message.created_at}>{relativeTime(c.last_message.created_at)}</time>}
              </span>
              <span className="chat-item-bottom">
                <span className="chat-item-preview">{preview(c, selfId)}</span>
                {c.unread_count > 0 && (
                  <span className="chat-count" aria-label={m.unread(c.unread_count)}>{c.unread_count > 99 ? '99+' : c.unread_count}</span>
                )}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
