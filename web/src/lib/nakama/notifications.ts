// The signed-in user's stored notifications; new ones also come over the socket (socket.ts).
import { client, type NotificationList } from './client.ts';
import { call } from './errors.ts';
import { sessionManager } from './session.ts';

export async function listNotifications(limit = 100): Promise<NotificationList> {
  const s = await sessionManager.current();
  return call(client.listNotifications(s, limit));
}
