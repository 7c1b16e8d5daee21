// The chat widget of signed-in users: a floating button with the unread badge ('9+' above 9) and a panel
// with the tabs Чаты, Друзья, Команды; a chat opens its conversation in the panel (full screen on a phone).
// Any page's address with FRIENDS_TAB_HASH opens it on the friends tab (a friend request's notification);
// `?chat=<id>` opens that chat and `?chat=friends` the friends tab (a push notification's page).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from '../../../lib/router/index.tsx';
import { ensureChatsJoined } from '../../../shared/api/chat-channels.ts';
import { chatKeys, chatsSummaryQuery, createChat, unreadBadge, type Chat } from '../../../shared/api/chat.ts';
import type { PublicUser } from '../../../shared/api/users.ts';
import { chatAsked, FRIENDS_TAB_HASH, withoutChatParam } from '../../../shared/lib/chat-link.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { personName } from '../../../shared/lib/person.ts';
import { ChatConversation } from '../../../shared/ui/chat-conversation.tsx';
import { ErrorState } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSession } from '../../../stores/session.ts';
import { ChatList } from './chat-list.tsx';
import { FriendsTab } from './friends-tab.tsx';
import { chatMessages as m } from '../messages.ts';
import { NewChatForm } from './new-chat.tsx';
import { Participants } from './participants.tsx';
import '../chat.css';

type Tab = 'chats' | 'friends' | 'teams';
const TABS: { id: Tab; label: string }[] = [
  { id: 'chats', label: m.tabChats },
  { id: 'friends', label: m.tabFriends },
  { id: 'teams', label: m.tabTeams },
];

/** How often the chat list is asked again while nothing else refreshes it (new chats, counts). */
const SUMMARY_REFRESH_MS = 60_000;

export function ChatWidget() {
  const qc = useQueryClient();
  const toast = useToast();
  const selfId = useSession().session?.user_id;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('chats');
  const [current, setCurrent] = useState<Pick<Chat, 'id' | 'name'> | null>(null);
  const [creating, setCreating] = useState(false);
  const [members, setMembers] = useState(false);
  const summary = useQuery({ ...chatsSummaryQuery(), refetchInterval: SUMMARY_REFRESH_MS });
  const badge = unreadBadge(summary.data);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ chats: null, friends: null, teams: null });
  const location = useLocation();
  const navigate = useNavigate();
  const [openedFor, setOpenedFor] = useState<string>();

  // The friends tab or a chat asked for by the address: opened once per navigation to it.
  const asked = location.hash === FRIENDS_TAB_HASH ? { friends: true as const } : chatAsked(location.search);
  if (asked && openedFor !== location.key) {
    setOpenedFor(location.key);
    setOpen(true);
    setTab(asked && 'chatId' in asked ? 'chats' : 'friends');
    // The chat's name comes from the list, now or when it comes.
    setCurrent('chatId' in asked ? { id: asked.chatId, name: summary.data?.find((c) => c.id === asked.chatId)?.name ?? '' } : null);
    setCreating(false);
    setMembers(false);
  }
  // Then the tab has the focus and the address drops what asked, which would open it again on a reload.
  const askedNow = !!asked;
  useEffect(() => {
    if (!askedNow) return;
    if (location.hash === FRIENDS_TAB_HASH) tabRefs.current.friends?.focus();
    void navigate({ pathname: location.pathname, search: withoutChatParam(location.search) }, { replace: true, preventScrollReset: true });
  }, [askedNow, location.hash, location.pathname, location.search, navigate]);

  // A chat in the list that the socket has not joined (made or joined since the connection) is joined now.
  useEffect(() => {
    if (summary.data) void ensureChatsJoined(summary.data);
  }, [summary.data]);

  function close() {
    setOpen(false);
    setCurrent(null);
    toggleRef.current?.focus();
  }

  function openChat(chat: Pick<Chat, 'id' | 'name'> | null) {
    setCreating(false);
    setMembers(false);
    setCurrent(chat);
  }

  async function write(user: PublicUser) {
    try {
      const chat = await createChat({ name: personName(user), user_ids: [user.id], direct: true });
      await ensureChatsJoined([chat]);
      void qc.invalidateQueries({ queryKey: chatKeys.all });
      setTab('chats');
      openChat({ id: chat.id, name: chat.name || personName(user) });
    } catch (err) {
      toast(apiErrorMessage(err, m.createFailed), 'error');
    }
  }

  async function created(chat: Chat) {
    await ensureChatsJoined([chat]);
    void qc.invalidateQueries({ queryKey: chatKeys.all });
    openChat(chat);
  }

  function onTabKey(e: KeyboardEvent) {
    const at = TABS.findIndex((t) => t.id === tab);
    const to = e.key === 'ArrowRight' ? (at + 1) % TABS.length : e.key === 'ArrowLeft' ? (at + TABS.length - 1) % TABS.length : -1;
    if (to < 0) return;
    e.preventDefault();
    setTab(TABS[to].id);
    tabRefs.current[TABS[to].id]?.focus();
  }

  const chats = summary.data ?? [];
  const shown = tab === 'teams' ? chats.filter((c) => c.type === 'team' || !!c.team_id) : chats;

  // The open chat as the list has it: its type and participants.
  const full = current ? chats.find((c) => c.id === current.id) : undefined;
  // A chat opened by the address before the list came takes its name from the list.
  if (current && !current.name && full?.name) setCurrent({ id: current.id, name: full.name });
  let content;
  if (current && full && members) {
    content = <Participants chat={full} selfId={selfId} onBack={() => setMembers(false)} onLeft={() => openChat(null)} />;
  } else if (current) {
    const actions = full?.type === 'group' && (
      <button type="button" className="btn btn-ghost btn-sm conv-action" onClick={() => setMembers(true)}>
        {m.members} <span className="muted">{full.participants.length}</span>
      </button>
    );
    content = (
      <ChatConversation key={current.id} chat={current} selfId={selfId} title={current.name} onBack={() => openChat(null)} actions={actions} className="chat-conv" />
    );
  } else if (tab === 'friends') {
    content = <FriendsTab onWrite={(u) => void write(u)} />;
  } else if (creating) {
    content = <NewChatForm onCreated={(c) => void created(c)} onCancel={() => setCreating(false)} />;
  } else {
    content = (
      <>
        {tab === 'chats' && (
          <div className="chat-toolbar">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCreating(true)}>+ {m.newChat}</button>
          </div>
        )}
        {summary.isError && !summary.data ? (
          <ErrorState className="chat-state" onRetry={() => void summary.refetch()}>{m.chatsFailed}</ErrorState>
        ) : summary.isPending ? (
          <p className="chat-state muted" role="status">Загрузка…</p>
        ) : shown.length ? (
          <ChatList chats={shown} selfId={selfId} onOpen={openChat} />
        ) : (
          <p className="chat-state muted">{tab === 'teams' ? m.noTeamChats : m.noChats}</p>
        )}
      </>
    );
  }

  return (
    <div className="chat-widget">
      {open && (
        <div
          id={panelId}
          className="chat-panel"
          role="dialog"
          aria-label={m.panel}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          {!current && (
            <div className="chat-panel-head">
              <div className="chat-tabs" role="tablist" aria-label={m.tabs} onKeyDown={onTabKey}>
                {TABS.map((t) => (
                  <button
                    key={t.id}
                    ref={(el) => {
                      tabRefs.current[t.id] = el;
                    }}
                    type="button"
                    role="tab"
                    aria-selected={tab === t.id}
                    tabIndex={tab === t.id ? 0 : -1}
                    className="chat-tab"
                    onClick={() => {
                      setTab(t.id);
                      setCreating(false);
                    }}
                  >
                    {t.label}
                  </button>
                ))}
              </div>
              <button type="button" className="chat-close" onClick={close} aria-label={m.close} title={m.close}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
          )}
          <div className="chat-panel-body" role={current ? undefined : 'tabpanel'}>{content}</div>
        </div>
      )}
      <button
        ref={toggleRef}
        type="button"
        className={`chat-toggle${open ? ' open' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={badge ? m.toggleUnread(badge) : m.toggle}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />}
        </svg>
        {badge && <span className="chat-badge" data-testid="chat-badge">{badge}</span>}
      </button>
      {/* Said by screen readers when the count changes: a new message in a chat that is not open. */}
      <span className="visually-hidden" role="status">{summary.data ? m.unreadStatus(badge) : ''}</span>
    </div>
  );
}
