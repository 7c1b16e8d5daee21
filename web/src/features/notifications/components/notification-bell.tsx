// The header's bell for signed-in users: the unread count (9+ above 9), live as the socket pushes
// notifications into the cached list, and the panel of notifications (a dropdown; full screen on a phone).
// Escape, the close button and a click outside close it; the focus goes back to the bell. Marks read are made
// here, so one outlives the panel that a page's opening closes.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useToast } from '../../../shared/ui/toast.tsx';
import { notificationStateQuery } from '../api/get-notification-state.ts';
import { notificationsQuery } from '../api/list-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { notificationMessages as m } from '../messages.ts';
import { badgeText, markPlan, unreadCount } from '../read-state.ts';
import { BellIcon } from './bell-icon.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import '../notifications.css';

export function NotificationBell() {
  const list = useQuery(notificationsQuery());
  const state = useQuery(notificationStateQuery());
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const notifications = list.data?.notifications;
  const known = !!notifications && !!state.data;
  const count = known ? unreadCount(notifications, state.data) : 0;
  const badge = badgeText(count);

  const mark = useMarkNotificationsRead();
  const toast = useToast();

  function markRead(ids: string[]) {
    if (!notifications || !state.data) return;
    const plan = markPlan(notifications, state.data, ids);
    if (plan) mark.mutate(plan, { onError: () => toast(m.markFailed, 'error') });
  }

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
      <span className="visually-hidden" role="status">{known ? m.unreadStatus(count) : ''}</span>
      {open && (
        <NotificationPanel
          id={panelId}
          list={notifications}
          state={state.data}
          failed={(list.isError && !list.data) || (state.isError && !state.data)}
          onRetry={() => {
            void list.refetch();
            void state.refetch();
          }}
          onMarkRead={markRead}
          onClose={close}
        />
      )}
    </div>
  );
}
