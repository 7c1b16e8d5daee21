// The header's bell for signed-in users: the unread count (9+ above 9) from the first page of
// list_notifications, live as the socket pushes notifications on top of it, and the panel of notifications
// (a dropdown; full screen on a phone). Escape, the close button and a click outside close it; the focus goes
// back to the bell. Marks read are made here, so one outlives the panel that a page's opening closes.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { UNREAD_COUNT_CAP } from '../../../shared/api/notifications.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { itemsOf, unreadOf } from '../api/cache.ts';
import { notificationsQuery } from '../api/list-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { notificationMessages as m } from '../messages.ts';
import { badgeText, markAllPlan, markPlan, type MarkRead } from '../read-state.ts';
import { BellIcon } from './bell-icon.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import '../notifications.css';

export function NotificationBell() {
  const list = useInfiniteQuery(notificationsQuery());
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = list.data && itemsOf(list.data);
  const count = list.data ? unreadOf(list.data) : 0;
  const badge = badgeText(count);

  const mark = useMarkNotificationsRead();
  const toast = useToast();

  function send(plan: MarkRead | undefined) {
    if (plan) mark.mutate(plan, { onError: () => toast(m.markFailed, 'error') });
  }

  const more = async () => !(await list.fetchNextPage()).isFetchNextPageError;

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  }

  // A press anywhere else closes the panel (the focus stays where the press put it).
  useEffect(() => {
    if (!open) return;
    const onPress = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);

  return (
    <div
      className="bell"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={`bell-toggle${open ? ' open' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={badge ? m.bellUnread(badge) : m.bell}
        title={m.bell}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        <BellIcon size={22} />
        {badge && <span className="bell-badge" aria-hidden="true" data-testid="notification-badge">{badge}</span>}
      </button>
      {/* The count, said by screen readers as it changes. */}
      <span className="visually-hidden" role="status">{list.data ? m.unreadStatus(count, count >= UNREAD_COUNT_CAP) : ''}</span>
      {open && (
        <NotificationPanel
          id={panelId}
          items={items}
          unreadCount={count}
          failed={list.isError && !list.data}
          onRetry={() => void list.refetch()}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          moreFailed={list.isFetchNextPageError}
          onMore={more}
          onMarkRead={(ids) => items && send(markPlan(items, count, ids))}
          onMarkAll={() => items && send(markAllPlan(items, count))}
          onClose={close}
        />
      )}
    </div>
  );
}
