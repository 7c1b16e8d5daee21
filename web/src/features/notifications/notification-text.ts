// A notification as the bell shows it: its Russian text and the page it opens. The portal's carry both
// (`subject`, `content.link`); friend requests and acceptances are worded here, naming the sender by the
// name they chose, and open the chat widget's friends tab on the current page.
import type { To } from '../../lib/router/index.tsx';
import { FRIEND_ACCEPTED, FRIEND_REQUEST, type NotificationItem as Notification } from '../../shared/api/notifications.ts';
import type { PublicUser } from '../../shared/api/users.ts';
import { FRIENDS_TAB_HASH } from '../../shared/lib/chat-link.ts';
import { personName } from '../../shared/lib/person.ts';
import { notificationMessages as m } from './messages.ts';

const isFriendCode = (n: Notification) => n.code === FRIEND_REQUEST || n.code === FRIEND_ACCEPTED;

/** Whose name the text needs: the sender of a friend request or acceptance. */
export function namedSender(n: Notification): string | undefined {
  return isFriendCode(n) ? n.sender_id : undefined;
}

export function notificationText(n: Notification, users: Record<string, PublicUser>): string {
  if (isFriendCode(n)) {
    const sender = n.sender_id ? users[n.sender_id] : undefined;
    const name = sender ? personName(sender) : m.someone;
    return n.code === FRIEND_REQUEST ? m.friendRequest(name) : m.friendAccepted(name);
  }
  return n.subject;
}

/** A path of this site: never another origin (`//host`, `/\host`) or a scheme. */
function isSitePath(link: unknown): link is string {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\');
}

/** Where the notification leads from the page at `here`; undefined when it names no page. */
export function notificationLink(n: Notification, here: { pathname: string; search: string }): To | undefined {
  if (isFriendCode(n)) return { pathname: here.pathname, search: here.search, hash: FRIENDS_TAB_HASH };
  const link = n.content.link;
  return isSitePath(link) ? link : undefined;
}
