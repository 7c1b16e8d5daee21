// One chat's conversation: the history (newest at the bottom, older pages loaded when scrolled to the
// top), sender names, relative times, and the input (Enter sends, Shift+Enter breaks the line, the send
// button is disabled while the text is empty). Messages of the chat on the screen are marked read as
// they come, and the chat's unread count is 0 while it is open. Used by the chat widget and the locker room.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { chatKeys, chatMessagesQuery, markMessagesRead, sendMessage, showChat, withChatMessage, type Chat, type ChatMessage, type ChatMessagePages } from '../api/chat.ts';
import { useUsers } from '../api/users.ts';
import { conversationMessages as m } from '../i18n/chat.ts';
import { relativeTime } from '../i18n/relative-time.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { personName } from '../lib/person.ts';
import { ErrorState, TextControl } from './index.tsx';
import { useToast } from './toast.tsx';
import './chat-conversation.css';

/** Scrolled this close to the top, the older page is fetched; this close to the bottom, new messages keep it there. */
const EDGE_PX = 48;

interface Props {
  chat: Pick<Chat, 'id' | 'name'>;
  /** The signed-in user, whose messages are on the right without a name. */
  selfId: string | undefined;
  /** The header's title, with a back button when onBack is given. */
  title?: ReactNode;
  onBack?: () => void;
  /** Told when the history cannot be loaded (the locker room shows its own toast). */
  onLoadError?: (error: unknown) => void;
  /** More buttons in the header (the widget's participants of a group chat). */
  actions?: ReactNode;
  className?: string;
}

/** The input grows with its lines up to its CSS max-height, and back after a send. */
function grow(el: HTMLTextAreaElement | null) {
  if (!el) return;
  el.style.height = 'auto';
  el.style.height = `${el.scrollHeight + 2}px`;
}

/** The chat's unread count is 0: its messages are on the screen. */
function clearUnread(qc: ReturnType<typeof useQueryClient>, chatId: string) {
  qc.setQueryData<Chat[]>(chatKeys.summary(), (chats) => chats?.map((c) => (c.id === chatId && c.unread_count ? { ...c, unread_count: 0 } : c)));
}

export function ChatConversation({ chat, selfId, title, onBack, onLoadError, actions, className = '' }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const history = useInfiniteQuery(chatMessagesQuery(chat.id));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  /** Before an older page is added: the list's height and scroll, to keep the reader's place. */
  const restore = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const lastRead = useRef<string | undefined>(undefined);
  /** The newest message when the history was first shown: only those after it are announced. */
  const announcedUpTo = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');

  // Newest first from the server; shown oldest first.
  const newestFirst: ChatMessage[] = history.data?.pages.flatMap((p) => p.messages) ?? [];
  const messages = [...newestFirst].reverse();
  const newest = newestFirst[0];
  const users = useUsers(newestFirst.filter((x) => !x.sender_name).map((x) => x.sender_id));

  useEffect(() => {
    const hide = showChat(chat.id);
    clearUnread(qc, chat.id);
    return hide;
  }, [chat.id, qc]);

  useEffect(() => {
    if (history.isError) onLoadError?.(history.error);
    // Once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [history.isError, history.errorUpdatedAt]);

  // A message from someone else that comes into the open chat is read out (a polite live region).
  useEffect(() => {
    if (!newest) return;
    const first = announcedUpTo.current === undefined;
    if (announcedUpTo.current === newest.id) return;
    announcedUpTo.current = newest.id;
    if (first || newest.sender_id === selfId) return;
    setAnnouncement(m.incoming(newest.sender_name || personName(users[newest.sender_id]), newest.content));
  }, [newest, selfId, users]);

  // The newest message on the screen is read (the read marker is the newest one's time).
  useEffect(() => {
    if (!newest || lastRead.current === newest.id) return;
    lastRead.current = newest.id;
    clearUnread(qc, chat.id);
    markMessagesRead(chat.id, [newest.id]).catch((err: unknown) => console.error('Не удалось отметить сообщения прочитанными', err));
  }, [newest, chat.id, qc]);

  // Keeps the reader's place when older messages come in above, and the bottom in view for new ones.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (restore.current) {
      el.scrollTop = el.scrollHeight - restore.current.height + restore.current.top;
      restore.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [history.data]);

  function onScroll() {
    const el = listRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX && history.hasNextPage && !history.isFetchingNextPage) {
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      void history.fetchNextPage();
    }
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const sent = await sendMessage(chat.id, content);
      setText('');
      if (inputRef.current) inputRef.current.style.height = '';
      atBottom.current = true;
      if (sent?.id) qc.setQueryData<ChatMessagePages>(chatKeys.messages(chat.id), (data) => data && withChatMessage(data, sent));
    } catch (err) {
      toast(apiErrorMessage(err, m.sendFailed), 'error');
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  let body: ReactNode;
  if (history.isPending) {
    body = <p className="conv-state muted" role="status">Загрузка…</p>;
  } else if (history.isError) {
    body = <ErrorState className="conv-state" onRetry={() => void history.refetch()}>{m.loadFailed}</ErrorState>;
  } else if (!messages.length) {
    body = <p className="conv-state muted">{m.empty}</p>;
  } else {
    body = (
      <ol ref={listRef} className="conv-list" aria-label={m.history} onScroll={onScroll} tabIndex={0}>
        <li className="conv-top muted" aria-live="polite">
          {history.isFetchingNextPage ? m.loadingOlder : !history.hasNextPage ? m.start : ''}
        </li>
        {messages.map((x, i) => {
          const own = x.sender_id === selfId;
          const prev = messages[i - 1];
          const sameSender = prev && prev.sender_id === x.sender_id;
          const name = x.sender_name || personName(users[x.sender_id]);
          return (
            <li key={x.id} className={`conv-msg${own ? ' own' : ''}${sameSender ? ' cont' : ''}`}>
              {!own && !sameSender && <span className="conv-sender">{name}</span>}
              <span className="visually-hidden">{own ? m.you : name}: </span>
              <p className="conv-text">{x.content}</p>
              <time className="conv-time" dateTime={x.created_at}>{relativeTime(x.created_at)}</time>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <section className={`conv ${className}`} aria-label={chat.name}>
      {(title || onBack) && (
        <header className="conv-head">
          {onBack && (
            <button type="button" className="conv-back" onClick={onBack} aria-label={m.back} title={m.back}>
              <span aria-hidden="true">←</span>
            </button>
          )}
          <h3 className="conv-title">{title ?? chat.name}</h3>
          {actions}
        </header>
      )}
      <div className="conv-body">{body}</div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-label={m.incomingRegion}>{announcement}</p>
      <form className="conv-form" onSubmit={(e) => void send(e)}>
        <span className="text-box conv-input-box">
          <TextControl
            multiline
            ref={inputRef}
            className="conv-input"
            rows={1}
            aria-label={m.input}
            placeholder={m.placeholder}
            value={text}
            limit={TEXT_LIMITS.chatMessage}
            counter="near"
            onChange={(e) => {
              setText(e.target.value);
              grow(e.target);
            }}
            onKeyDown={onKeyDown}
          />
        </span>
        <button type="submit" className="btn btn-primary conv-send" disabled={!text.trim() || sending}>{m.send}</button>
      </form>
    </section>
  );
}
