// The locker room's team chat: a panel beside the bench (under it on a phone) that folds away, with the
// team's conversation; its failures are toasts, as the spec has them.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ensureChatsJoined } from '../../../shared/api/chat-channels.ts';
import { ChatConversation } from '../../../shared/ui/chat-conversation.tsx';
import { ErrorState } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSession } from '../../../stores/session.ts';
import { teamChatQuery } from '../api/team-chat.ts';
import { lockerMessages as m } from '../messages.ts';

export function TeamChat({ teamId, teamName, canManage }: { teamId: string; teamName: string; canManage: boolean }) {
  const toast = useToast();
  const selfId = useSession().session?.user_id;
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const chat = useQuery(teamChatQuery(teamId, teamName, canManage));

  useEffect(() => {
    if (chat.isError) toast(m.chatLoadFailed, 'error');
  }, [chat.isError, chat.errorUpdatedAt, toast]);

  useEffect(() => {
    if (chat.data) void ensureChatsJoined([chat.data]);
  }, [chat.data]);

  return (
    <section className={`locker-chat card${open ? ' open' : ''}`} aria-labelledby={`${bodyId}-title`}>
      <h2 className="locker-chat-head" id={`${bodyId}-title`}>
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span>{m.teamChat}</span>
          <span className="locker-chat-chevron" aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      </h2>
      {open && (
        <div id={bodyId} className="locker-chat-body">
          {chat.data ? (
            <ChatConversation chat={chat.data} selfId={selfId} onLoadError={() => toast(m.chatLoadFailed, 'error')} />
          ) : chat.isPending ? (
            <p className="muted locker-chat-note" role="status">Загрузка…</p>
          ) : chat.isError ? (
            <ErrorState className="locker-chat-note" onRetry={() => void chat.refetch()}>{m.chatLoadFailed}</ErrorState>
          ) : (
            <p className="muted locker-chat-note">{m.chatMissing}</p>
          )}
        </div>
      )}
    </section>
  );
}
