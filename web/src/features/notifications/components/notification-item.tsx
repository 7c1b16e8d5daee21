// One notification in the bell's list: its text and time, unread ones marked, opening its page, and a delete
// control beside it.
import { Link, type To } from '../../../lib/router/index.tsx';
import type { NotificationItem as Notification } from '../../../shared/api/notifications.ts';
import { relativeTime } from '../../../shared/i18n/relative-time.ts';
import { notificationMessages as m } from '../messages.ts';

interface Props {
  notification: Notification;
  text: string;
  /** Where it leads; none: opening it only marks it read. */
  to: To | undefined;
  unread: boolean;
  onOpen(): void;
  onRemove(): void;
}

export function NotificationItem({ notification: n, text, to, unread, onOpen, onRemove }: Props) {
  const body = (
    <>
      <span className="bell-dot" aria-hidden="true" />
      <span className="bell-item-main">
        <span className="bell-item-text">
          {unread && <span className="visually-hidden">{m.unread}: </span>}
          {text}
        </span>
        <time className="bell-item-time" dateTime={n.create_time}>{relativeTime(n.create_time)}</time>
      </span>
    </>
  );
  // A link to a hash on the same page (the chat's friends tab) keeps the scroll where it is.
  const samePage = typeof to === 'object';
  return (
    <li className={`bell-item${unread ? ' unread' : ''}`}>
      {to ? (
        <Link to={to} preventScrollReset={samePage} className="bell-item-open" onClick={onOpen}>
          {body}
        </Link>
      ) : (
        <button type="button" className="bell-item-open" onClick={onOpen}>
          {body}
        </button>
      )}
      <button type="button" className="bell-item-remove" aria-label={m.remove} title={m.remove} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
