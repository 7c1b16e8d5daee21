// /schedule: a personal month calendar. Personal events live only in this browser; a signed-in user also
// sees the events of their teams (read-only here, each linking to its team's calendar) and their teams'
// matches (each linking to its page).
import { addMonths, isSameMonth, startOfMonth } from 'date-fns';
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from '../../../lib/router/index.tsx';
import { useAddressParams } from '../../../shared/lib/use-address-params.ts';
import type { Match, MyTeamEvent } from '@tribuna/portal/types';
import { useMyTeamEvents } from '../../../shared/api/calendar.ts';
import { useMyMatches } from '../../../shared/api/matches.ts';
import { dayKey, isEventType, monthKey, monthRange, parseDayKey, parseMonthKey } from '../../../shared/lib/calendar.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { formatTime } from '../../../shared/i18n/format.ts';
import { CalendarFeedPanel } from '../../../shared/ui/calendar-feed.tsx';
import { ErrorState, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { CalendarLegend, MonthCalendar, type CalendarEntry } from '../../../shared/ui/month-calendar.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAuthenticated } from '../../../stores/session.ts';
import { CreateEventForm } from '../components/create-event-form.tsx';
import { EditEventDialog } from '../components/edit-event-dialog.tsx';
import { MonthEvents, type ScheduleItem } from '../components/month-events.tsx';
import { sortEvents, type LocalEvent } from '../local-events.ts';
import { scheduleMessages as m } from '../messages.ts';
import { useLocalEvents } from '../use-local-events.ts';
import '../schedule.css';

/** A team event on the user's calendar: its local day and time, leading to the team's calendar of that month. */
function teamItem(e: MyTeamEvent): ScheduleItem & { kind: 'team' } {
  const at = new Date(e.event_time);
  return { kind: 'team', key: `team-${e.id}`, event: e, href: `/teams/${e.team_id}/schedule?month=${monthKey(at)}` };
}

/** A match of one of the user's teams: «Хозяева — Гости» (a team that is gone by its id), to its page. */
function matchItem(match: Match): ScheduleItem & { kind: 'match' } {
  const title = m.matchTitle(match.owner_team?.name ?? match.owner_team_id, match.guest_team?.name ?? match.guest_team_id);
  return { kind: 'match', key: `match-${match.id}`, match, title, href: `/matches/${match.id}` };
}

const timeKey = (iso: string) => `${dayKey(new Date(iso))} ${formatTime(iso)}`;
const sortKey = (item: ScheduleItem) =>
  item.kind === 'local' ? item.event.date : timeKey(item.kind === 'match' ? item.match.match_time : item.event.event_time);

function toEntry(item: ScheduleItem): CalendarEntry {
  if (item.kind === 'local') return { id: item.event.id, day: item.event.date, title: item.event.title, type: item.event.type };
  if (item.kind === 'match') {
    const at = item.match.match_time;
    return { id: item.key, day: dayKey(new Date(at)), title: item.title, type: 'match', time: formatTime(at), href: item.href };
  }
  const e = item.event;
  return {
    id: item.key,
    day: dayKey(new Date(e.event_time)),
    title: e.title,
    type: isEventType(e.type) ? e.type : 'other',
    time: formatTime(e.event_time),
    note: e.team_name,
    href: item.href,
  };
}

export function Component() {
  const toast = useToast();
  const here = useLocation();
  const authenticated = useAuthenticated();
  const onSaveFailed = useCallback(() => toast(m.storageFailed, 'error'), [toast]);
  const { events, add, replace, remove } = useLocalEvents(onSaveFailed);
  const [params, setParam] = useAddressParams();
  const month = parseMonthKey(params.get('month')) ?? startOfMonth(new Date());
  const teamEvents = useMyTeamEvents(monthRange(month), authenticated);
  const matches = useMyMatches({ from: month, to: addMonths(month, 1) }, authenticated);
  const [editing, setEditing] = useState<{ id: string; deleting: boolean } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const local: ScheduleItem[] = sortEvents(events.filter((e) => e.date.startsWith(monthKey(month)))).map((e) => ({ kind: 'local', key: e.id, event: e }));
  const team: ScheduleItem[] = authenticated ? [...(teamEvents.data ?? []).map(teamItem), ...(matches.data ?? []).map(matchItem)] : [];
  // Personal events (a day, no time) first in their day, then the teams' by time; the sort is stable.
  const items = [...local, ...team].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  const teamsFailed = teamEvents.isError || matches.isError;
  const editingEvent = editing && events.find((e) => e.id === editing.id);

  const setMonth = (next: Date) => setParam('month', isSameMonth(next, new Date()) ? undefined : monthKey(next));
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
      <Notice kind="info">
        {authenticated ? m.aboutSignedIn : (
          <>
            {m.aboutGuest} <Link to={withReturn('/login', here.pathname + here.search)}>{m.signIn}</Link>{m.signInForTeams}
          </>
        )}
      </Notice>
      {authenticated && <CalendarFeedPanel />}
      <MonthCalendar
        month={month}
        onMonthChange={setMonth}
        entries={items.map(toEntry)}
        onEntrySelect={(id) => setEditing({ id, deleting: false })}
        status={
          !authenticated ? null : teamEvents.isPending || matches.isPending ? <Spinner /> : teamsFailed ? (
            <ErrorState onRetry={() => void Promise.all([teamEvents.refetch(), matches.refetch()])}>{m.teamsFailed}</ErrorState>
          ) : null
        }
      />
      <CalendarLegend />
      <MonthEvents items={items} headingRef={listHeading} onEdit={(id) => setEditing({ id, deleting: false })} onDelete={(id) => setEditing({ id, deleting: true })} />
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
