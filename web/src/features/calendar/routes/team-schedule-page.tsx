// /teams/{teamId}/schedule: the team's month calendar; managers create, edit and delete events.
import { isSameMonth, startOfMonth } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useParams } from '../../../lib/router/index.tsx';
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import type { TeamEvent } from '@tribuna/portal/types';
import { useTeamEvents } from '../../../shared/api/calendar.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { dayKey, isEventType, monthKey, monthRange, parseMonthKey } from '../../../shared/lib/calendar.ts';
import { formatDateTime, formatTime } from '../../../shared/i18n/format.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { AttendancePanel } from '../../../shared/ui/attendance-panel.tsx';
import { CalendarFeedPanel } from '../../../shared/ui/calendar-feed.tsx';
import { Button, EmptyState, ErrorState, Spinner } from '../../../shared/ui/index.tsx';
import { CalendarLegend, EventTypeBadge, MonthCalendar, type CalendarEntry } from '../../../shared/ui/month-calendar.tsx';
import { EventDialog, type EventDialogState } from '../components/event-dialog.tsx';
import { teamCalendarMessages as m } from '../messages.ts';
import '../calendar.css';

function toEntry(e: TeamEvent): CalendarEntry {
  return { id: e.id, day: dayKey(new Date(e.event_time)), title: e.title, type: isEventType(e.type) ? e.type : 'other', time: formatTime(e.event_time) };
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const canManage = team.data?.viewer?.can_manage === true;
  const isMember = team.data?.viewer?.is_member === true;
  const authenticated = useAuthenticated();
  const [params, setParam] = useAddressParams();
  const month = parseMonthKey(params.get('month')) ?? startOfMonth(new Date());
  const events = useTeamEvents(teamId, monthRange(month));
  // By time, whatever order the server gives.
  const list = [...(events.data ?? [])].sort((a, b) => Date.parse(a.event_time) - Date.parse(b.event_time));
  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  // A reminder's link names the event (?event=): its answers open, and the page scrolls to it.
  const linked = params.get('event');
  const [answersOpen, setAnswersOpen] = useState<string | null>(linked);
  useEffect(() => {
    if (linked && events.isSuccess) document.getElementById(`team-event-${linked}`)?.scrollIntoView({ block: 'start' });
  }, [linked, events.isSuccess]);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const setMonth = (next: Date) => setParam('month', isSameMonth(next, new Date()) ? undefined : monthKey(next));
  const openEdit = (id: string) => {
    const event = list.find((e) => e.id === id);
    if (event) setDialog({ mode: 'edit', event });
  };
  // A new event starts on today in this month or an earlier one (it may not be in the past), else on the month's first day.
  const newEventDay = month <= new Date() ? dayKey(new Date()) : dayKey(month);

  return (
    <section className="team-schedule stack" aria-labelledby="team-schedule-title">
      <div className="page-head">
        <h2 id="team-schedule-title" className="team-schedule-title">{m.title}</h2>
        {canManage && <Button onClick={() => setDialog({ mode: 'create', day: newEventDay })}>{m.add}</Button>}
      </div>
      {authenticated && <CalendarFeedPanel teamId={teamId} />}
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        entries={list.map(toEntry)}
        onEntrySelect={canManage ? openEdit : undefined}
        status={
          events.isPending ? <Spinner /> : events.isError ? <ErrorState onRetry={() => void events.refetch()}>{m.loadFailed}</ErrorState> : null
        }
      />
      <CalendarLegend />
      {events.isSuccess && (
        <section className="stack" aria-labelledby="team-schedule-list">
          <h3 id="team-schedule-list" ref={listHeading} tabIndex={-1}>{m.monthEvents}</h3>
          {list.length === 0 ? (
            <EmptyState>{m.empty}</EmptyState>
          ) : (
            <ul className="team-event-list">
              {list.map((e) => (
                <li key={e.id} id={`team-event-${e.id}`} className={`team-event cal-event-${isEventType(e.type) ? e.type : 'other'}`}>
                  <div className="team-event-main">
                    <time dateTime={e.event_time} className="team-event-time">{formatDateTime(e.event_time)}</time>
                    <EventTypeBadge type={isEventType(e.type) ? e.type : 'other'} />
                    <strong>{e.title}</strong>
                    {e.place && <span className="muted">{e.place}</span>}
                    {e.description && <p className="team-event-description">{e.description}</p>}
                  </div>
                  {(isMember || canManage) && (
                    <Button
                      variant="ghost"
                      aria-expanded={answersOpen === e.id}
                      aria-label={m.answersNamed(e.title)}
                      onClick={() => setAnswersOpen(answersOpen === e.id ? null : e.id)}
                    >
                      {m.answers}
                    </Button>
                  )}
                  {canManage && (
                    <div className="row">
                      <Button variant="ghost" aria-label={m.editNamed(e.title)} onClick={() => setDialog({ mode: 'edit', event: e })}>{m.edit}</Button>
                      <Button variant="ghost" aria-label={m.deleteNamed(e.title)} onClick={() => setDialog({ mode: 'delete', event: e })}>{m.delete}</Button>
                    </div>
                  )}
                  {(isMember || canManage) && answersOpen === e.id && (
                    <div className="team-event-attendance">
                      <AttendancePanel target={{ event_id: e.id, team_id: teamId }} canManage={canManage} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {dialog && canManage && (
        <EventDialog
          teamId={teamId}
          state={dialog}
          returnFocus={() => focusAfterClose.current}
          onClose={(deleted) => {
            focusAfterClose.current = deleted ? listHeading.current : null;
            setDialog(null);
          }}
        />
      )}
    </section>
  );
}
