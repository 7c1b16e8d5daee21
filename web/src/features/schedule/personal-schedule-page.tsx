// /schedule: a personal month calendar whose events live only in this browser.
import { isSameMonth, startOfMonth } from 'date-fns';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { monthKey, parseDayKey, parseMonthKey } from '../../shared/lib/calendar.ts';
import { formatDate } from '../../shared/i18n/format.ts';
import { Button, EmptyState, Notice, PageTitle } from '../../shared/ui/index.tsx';
import { CalendarLegend, EventTypeBadge, MonthCalendar } from '../../shared/ui/month-calendar.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import { CreateEventForm } from './components/create-event-form.tsx';
import { EditEventDialog } from './components/edit-event-dialog.tsx';
import { sortEvents, type LocalEvent } from './local-events.ts';
import { scheduleMessages as m } from './messages.ts';
import { useLocalEvents } from './use-local-events.ts';
import './schedule.css';

export function Component() {
  const toast = useToast();
  const onSaveFailed = useCallback(() => toast(m.storageFailed, 'error'), [toast]);
  const { events, add, replace, remove } = useLocalEvents(onSaveFailed);
  const [params, setParams] = useSearchParams();
  const month = parseMonthKey(params.get('month')) ?? startOfMonth(new Date());
  const [editing, setEditing] = useState<{ id: string; deleting: boolean } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const monthEvents = sortEvents(events.filter((e) => e.date.startsWith(monthKey(month))));
  const editingEvent = editing && events.find((e) => e.id === editing.id);

  const setMonth = (next: Date) => {
    const p = new URLSearchParams(params);
    if (isSameMonth(next, new Date())) p.delete('month');
    else p.set('month', monthKey(next));
    setParams(p, { replace: true });
  };
  const close = (deleted = false) => {
    focusAfterClose.current = deleted ? listHeading.current : null;
    setEditing(null);
  };

  function create(e: LocalEvent) {
    add(e);
    toast(m.added, 'success');
    const day = parseDayKey(e.date);
    if (day && !isSameMonth(day, month)) setMonth(day);
  }

  return (
    <section className="page personal-schedule">
      <PageTitle>{m.title}</PageTitle>
      <Notice kind="info">{m.localOnly}</Notice>
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        entries={monthEvents.map((e) => ({ id: e.id, day: e.date, title: e.title, type: e.type }))}
        onEntrySelect={(id) => setEditing({ id, deleting: false })}
      />
      <CalendarLegend />
      <section className="stack" aria-labelledby="schedule-list-title">
        <h2 id="schedule-list-title" ref={listHeading} tabIndex={-1}>{m.monthEvents}</h2>
        {monthEvents.length === 0 ? (
          <EmptyState>{m.empty}</EmptyState>
        ) : (
          <ul className="schedule-list">
            {monthEvents.map((e) => (
              <li key={e.id} className={`schedule-item cal-event-${e.type}`}>
                <div className="schedule-item-main">
                  <time dateTime={e.date} className="muted">{formatDate(parseDayKey(e.date) ?? e.date)}</time>
                  <EventTypeBadge type={e.type} />
                  <strong>{e.title}</strong>
                  {e.description && <p className="schedule-item-description">{e.description}</p>}
                </div>
                <div className="row">
                  <Button variant="ghost" aria-label={m.editNamed(e.title)} onClick={() => setEditing({ id: e.id, deleting: false })}>{m.edit}</Button>
                  <Button variant="ghost" aria-label={m.deleteNamed(e.title)} onClick={() => setEditing({ id: e.id, deleting: true })}>{m.delete}</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CreateEventForm onCreate={create} />
      {editingEvent && editing && (
        <EditEventDialog
          key={`${editingEvent.id}-${editing.deleting}`}
          event={editingEvent}
          startWithDelete={editing.deleting}
          returnFocus={() => focusAfterClose.current}
          onClose={() => close()}
          onSave={(e) => {
            replace(e);
            toast(m.saved, 'success');
            close();
          }}
          onDelete={(id) => {
            remove(id);
            toast(m.deleted, 'success');
            close(true);
          }}
        />
      )}
    </section>
  );
}
