// The one place socket events become cache updates: notifications and channel messages go into the lists
// their queries keep, statuses into the presence map. After a reconnect the lists are fetched again, for
// what was missed meanwhile.
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../lib/nakama/socket.ts';
import { channelMessageKeys, withChannelMessage, type ChannelMessageList } from './chat.ts';
import { notificationKeys, withNotification, type NotificationList } from './notifications.ts';
import { presenceKey, withPresenceEvent, withStatus, type PresenceMap } from './presence.ts';

export function applyRealtimeEvent(qc: QueryClient, e: RealtimeEvent): void {
  switch (e.type) {
    case 'notification':
      // Lists not loaded yet stay so: their first fetch has it.
      qc.setQueryData<NotificationList>(notificationKeys.list(), (list) => list && withNotification(list, e.notification));
      return;
    case 'channel_message': {
      const channelId = e.message.channel_id;
      if (channelId) qc.setQueryData<ChannelMessageList>(channelMessageKeys.list(channelId), (list) => list && withChannelMessage(list, e.message));
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
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
        void qc.invalidateQueries({ queryKey: channelMessageKeys.all });
      }
      return;
    case 'close':
      // Unknown until the follows are answered again.
      qc.setQueryData<PresenceMap>(presenceKey, {});
      return;
  }
}

/** Applies a socket's events to the cache from now on; returns the function that stops it. */
export function bindRealtimeCache(socket: { subscribe(listener: (e: RealtimeEvent) => void): () => void }, qc: QueryClient): () => void {
  // The map lives as long as the page, read or not: only the socket fills it.
  qc.setQueryDefaults(presenceKey, { staleTime: Infinity, gcTime: Infinity });
  return socket.subscribe((e) => applyRealtimeEvent(qc, e));
}
