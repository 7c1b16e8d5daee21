// What the user has read of their notifications (the portal's marker: the game server keeps no read flag).
import { queryOptions } from '@tanstack/react-query';
import type { NotificationState } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { notificationKeys } from '../../../shared/api/notifications.ts';

export type { NotificationState };

/** Under the list's key: a reconnect asks for both again (another tab may have read some meanwhile). */
export const notificationStateKey = [...notificationKeys.all, 'state'] as const;

export const notificationStateQuery = () =>
  queryOptions({ queryKey: notificationStateKey, queryFn: () => rpc<NotificationState>('get_notification_state'), staleTime: 5 * 60_000 });
