// The one place socket events become cache updates: notifications and channel messages go into the lists
// their queries keep, statuses into the presence map. After a reconnect the lists are fetched again, for
// what was missed meanwhile (the notifications' first page only).
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../lib/nakama/socket.ts';
import {
  channelMessageKeys, chatKeys, chatMessageOf, withChannelMessage, withChatMessage, withChatSummary, type Chat, type ChannelMessageList, type ChatMessagePages,
} from './chat.ts';
import { friendKeys } from './friends.ts';
import { firstPageOnly, notificationKeys, withNotification, type NotificationPages } from './notifications.ts';
import { withVideoProgress, VIDEO_PROGRESS_CODE } from './news.ts';
import { presenceKey, withPresenceEvent, withStatus, type PresenceMap } from './presence.ts';

/** The game server's notification codes: friend request (-2), accepted (-3), removed (-9). */
const FRIEND_CODES = new Set([-2, -3, -9]);
/** Someone opened a direct chat with the user (-1); the user was added to a group (-4). */
export const NEW_CHAT_CODES = new Set([-1, -4]);

/**
 * `self`: the signed-in user's id, whose own messages are not unread.
 * @internal
 */
export function applyRealtimeEvent(qc: QueryClient, e: RealtimeEvent, self?: string): void {
  switch (e.type) {
    case 'notification':
      // A video's encoding progress, not stored: into the news items that show it, not the bell.
      if (e.notification.code === VIDEO_PROGRESS_CODE) {
        withVideoProgress(qc, e.notification.content);
        return;
      }
      // Lists not loaded yet stay so: their first fetch has it.
      qc.setQueryData<NotificationPages>(notificationKeys.list(), (data) => data && withNotification(data, e.notification));
      // A friend request, acceptance or removal changes the friends list; a direct chat opened with the
      // user or a group they were added to, the chat list.
      if (e.notification.code !== undefined && FRIEND_CODES.has(e.notification.code)) void qc.invalidateQueries({ queryKey: friendKeys.all });
      if (e.notification.code !== undefined && NEW_CHAT_CODES.has(e.notification.code)) void qc.invalidateQueries({ queryKey: chatKeys.all });
      return;
    case 'channel_message': {
      const channelId = e.message.channel_id;
      if (channelId) qc.setQueryData<ChannelMessageList>(channelMessageKeys.list(channelId), (list) => list && withChannelMessage(list, e.message));
      // A chat's message (a new one with text): into its history and the chat list.
      const m = e.message.code ? undefined : chatMessageOf(e.message);
      if (m) {
        qc.setQueryData<ChatMessagePages>(chatKeys.messages(m.chat_id), (data) => data && withChatMessage(data, m));
        qc.setQueryData<Chat[]>(chatKeys.summary(), (chats) => chats && withChatSummary(chats, m, self));
      }
      return;
    }
    case 'status':
      qc.setQueryData<PresenceMap>(presenceKey, (map) => withStatus(map ?? {}, e.userIds, e.presences));
      return;
    case 'status_presence':
      qc.setQueryData<PresenceMap>(presenceKey, (map) => withPresenceEvent(map ?? {}, e.joins, e.leaves));
      return;
    case 'open':
      if (e.reconnected) {
        // The bell's newest page again; older pages load again when asked for.
        qc.setQueryData<NotificationPages>(notificationKeys.list(), (data) => data && firstPageOnly(data));
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
        void qc.invalidateQueries({ queryKey: channelMessageKeys.all });
        // What was said meanwhile: the chats' counts and the open conversations.
        void qc.invalidateQueries({ queryKey: chatKeys.all });
        void qc.invalidateQueries({ queryKey: chatKeys.messagesAll });
      }
      return;
    case 'close':
      // Unknown until the follows are answered again; a server restart's reconnect answers them at once,
      // and the statuses shown meanwhile stay.
      if (!e.restarting) qc.setQueryData<PresenceMap>(presenceKey, {});
      return;
  }
}

/** Applies a socket's events to the cache from now on; returns the function that stops it. */
export function bindRealtimeCache(
  socket: { subscribe(listener: (e: RealtimeEvent) => void): () => void },
  qc: QueryClient,
  self: () => string | undefined = () => undefined,
): () => void {
  // The map lives as long as the page, read or not: only the socket fills it.
  qc.setQueryDefaults(presenceKey, { staleTime: Infinity, gcTime: Infinity });
  return socket.subscribe((e) => applyRealtimeEvent(qc, e, self()));
}
