// The bell's panel: the notifications newest first (20 at a time), unread ones marked; opening one goes to
// its page and marks it read; «Отметить все как прочитанные»; a delete control per item; loading, error
// and empty states.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Notification } from '../../../shared/api/notifications.ts';
import { useUsers } from '../../../shared/api/users.ts';
import { ErrorState } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteNotification } from '../api/delete-notification.ts';
import type { NotificationState } from '../api/get-notification-state.ts';
import { notificationMessages as m } from '../messages.ts';
import { namedSender, notificationLink, notificationText } from '../notification-text.ts';
import { isRead, newestFirst } from '../read-state.ts';
import { BellIcon } from './bell-icon.tsx';
import { NotificationItem } from './notification-item.tsx';

/** Notifications shown at first and added by «Показать ещё». */
const PAGE = 20;

interface Props {
  id: string;
  /** The stored and pushed notifications, oldest first; undefined while loading. */
  list: Notification[] | undefined;
  state: NotificationState | undefined;
  /** The list or the read state could not be loaded. */
  failed: boolean;
  onRetry(): void;
  /** Marks these read (the bell does it: a mark outlives the panel closed by opening a page). */
  onMarkRead(ids: string[]): void;
  /** refocus: give the focus back to the bell (not when a page is opened). */
  onClose(refocus: boolean): void;
}

export function NotificationPanel({ id, list, state, failed, onRetry, onMarkRead, onClose }: Props) {
  const [shown, setShown] = useState(PAGE);
  const here = useLocation();
  const toast = useToast();
  const remove = useDeleteNotification();
  const panelRef = useRef<HTMLDivElement>(null);
  const items = newestFirst(list ?? []);
  const page = items.slice(0, shown);
  const users = useUsers(page.map(namedSender));
  const unread = state ? items.filter((n) => !isRead(n, state)) : [];

  // Opened: the panel takes the focus, so its name is read and Tab walks its items.
  useEffect(() => panelRef.current?.focus(), []);

  function open(n: Notification) {
    if (n.id && state && !isRead(n, state)) onMarkRead([n.id]);
    onClose(false);
  }

  function removeOne(n: Notification) {
    if (!n.id) return;
    remove.mutate(n.id, { onError: () => toast(m.removeFailed, 'error') });
    panelRef.current?.focus();
  }

  let body;
  if (failed) {
    body = <ErrorState className="bell-state" onRetry={onRetry}>{m.loadFailed}</ErrorState>;
  } else if (!list || !state) {
    body = <p className="bell-state muted" role="status">{m.loading}</p>;
  } else if (!items.length) {
    body = (
      <div className="bell-state muted">
        <BellIcon className="bell-empty-icon" size={40} strokeWidth={1.5} />
        <p className="bell-empty-title">{m.empty}</p>
        <p className="bell-empty-hint">{m.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="bell-list">
          {page.map((n, i) => (
            <NotificationItem
              key={n.id ?? i}
              notification={n}
              text={notificationText(n, users)}
              to={notificationLink(n, here)}
              unread={!isRead(n, state)}
              onOpen={() => open(n)}
              onRemove={() => removeOne(n)}
            />
          ))}
        </ul>
        {items.length > shown && (
          <button type="button" className="btn btn-ghost bell-more" onClick={() => setShown((s) => s + PAGE)}>
            {m.more}
          </button>
        )}
      </>
    );
  }

  return (
    <div id={id} ref={panelRef} className="bell-panel" role="dialog" aria-label={m.title} tabIndex={-1}>
      <div className="bell-head">
        <h2 className="bell-title">{m.title}</h2>
        <button type="button" className="bell-close" aria-label={m.close} title={m.close} onClick={() => onClose(true)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {items.length > 0 && state && (
        <div className="bell-toolbar">
          <button type="button" className="link-button" disabled={!unread.length} onClick={() => onMarkRead(unread.flatMap((n) => (n.id ? [n.id] : [])))}>
            {m.markAll}
          </button>
        </div>
      )}
      <div className="bell-body">{body}</div>
    </div>
  );
}
