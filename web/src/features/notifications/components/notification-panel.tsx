// The bell's panel: the notifications newest first, a page at a time («Показать ещё» loads the next and
// moves the focus to its first), unread ones marked; opening one goes to its page and marks it read;
// «Отметить все как прочитанные»; a delete control per item; loading, error and empty states.
import { useEffect, useRef } from 'react';
import { useLocation } from '../../../lib/router/index.tsx';
import type { NotificationItem as Notification } from '../../../shared/api/notifications.ts';
import { useUsers } from '../../../shared/api/users.ts';
import { ErrorState } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { notificationMessages as m } from '../messages.ts';
import { namedSender, notificationLink, notificationText } from '../notification-text.ts';
import { BellIcon } from './bell-icon.tsx';
import { NotificationItem } from './notification-item.tsx';

interface Props {
  id: string;
  /** The pages loaded, newest first; undefined while the first loads. */
  items: Notification[] | undefined;
  unreadCount: number;
  /** The first page could not be loaded. */
  failed: boolean;
  onRetry(): void;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last try at the next page failed: said above the button, which tries again. */
  moreFailed: boolean;
  /** Loads the next page; false when it failed. */
  onMore(): Promise<boolean>;
  /** Marks these read (the bell does it: a mark outlives the panel closed by opening a page). */
  onMarkRead(ids: string[]): void;
  onMarkAll(): void;
  /** refocus: give the focus back to the bell (not when a page is opened). */
  onClose(refocus: boolean): void;
}

export function NotificationPanel({ id, items, unreadCount, failed, onRetry, hasMore, loadingMore, moreFailed, onMore, onMarkRead, onMarkAll, onClose }: Props) {
  const here = useLocation();
  const toast = useToast();
  const remove = useDeleteNotification();
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** The last item before a page being loaded by «Показать ещё»: the one after it takes the focus once shown. */
  const focusAfter = useRef<string | undefined>(undefined);
  const users = useUsers((items ?? []).map(namedSender));
  const count = items?.length ?? 0;

  // Opened: the panel takes the focus, so its name is read and Tab walks its items.
  useEffect(() => panelRef.current?.focus(), []);

  // The first of the page just loaded takes the focus, as the button may be gone with the last page.
  useEffect(() => {
    const at = items?.findIndex((n) => n.id === focusAfter.current) ?? -1;
    if (at < 0 || at + 1 >= count) return;
    focusAfter.current = undefined;
    listRef.current?.querySelectorAll<HTMLElement>('.bell-item-open')[at + 1]?.focus();
  }, [items, count]);

  function open(n: Notification) {
    if (!n.read) onMarkRead([n.id]);
    onClose(false);
  }

  function removeOne(n: Notification) {
    remove.mutate(n.id, { onError: () => toast(m.removeFailed, 'error') });
    panelRef.current?.focus();
  }

  async function more() {
    focusAfter.current = items?.[count - 1]?.id;
    if (!(await onMore())) focusAfter.current = undefined;
  }

  let body;
  if (failed) {
    body = <ErrorState className="bell-state" onRetry={onRetry}>{m.loadFailed}</ErrorState>;
  } else if (!items) {
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
        <ul className="bell-list" ref={listRef}>
          {items.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              text={notificationText(n, users)}
              to={notificationLink(n, here)}
              unread={!n.read}
              onOpen={() => open(n)}
              onRemove={() => removeOne(n)}
            />
          ))}
        </ul>
        {hasMore && moreFailed && !loadingMore && <p className="bell-more-failed" role="alert">{m.moreFailed}</p>}
        {hasMore && (
          <button type="button" className="btn btn-ghost bell-more" disabled={loadingMore} aria-busy={loadingMore} onClick={() => void more()}>
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
      {!!items?.length && (
        <div className="bell-toolbar">
          <button type="button" className="link-button" disabled={unreadCount <= 0 && items.every((n) => n.read)} onClick={onMarkAll}>
            {m.markAll}
          </button>
        </div>
      )}
      <div className="bell-body">{body}</div>
    </div>
  );
}
