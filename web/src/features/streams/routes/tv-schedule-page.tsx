// /tv-schedule: up to 100 broadcasts from today on, by start time (creation time when there is none),
// under a heading per day ('Вторник, 24 ноября'); each row the time and a link to the broadcast.
import { useState } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { startOfDay } from 'date-fns';
import { formatTime } from '../../../shared/i18n/format.ts';
import { EmptyState, ErrorState, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useSchedule } from '../api/list-streams.ts';
import { groupByDay, isUpcoming, startOf, statusText } from '../broadcast.ts';
import { broadcastMessages as m } from '../messages.ts';
import '../broadcasts.css';

export function Component() {
  // From the start of today, fixed while the page is open (one query key).
  const [from] = useState(() => startOfDay(new Date()).toISOString());
  const q = useSchedule(from);
  return (
    <section className="page tv-schedule">
      <PageTitle>{m.scheduleTitle}</PageTitle>
      <p className="muted tv-lead">{m.scheduleLead}</p>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>{m.scheduleFailed}</ErrorState>
      ) : !q.data.streams.length ? (
        <EmptyState>{m.scheduleEmpty}</EmptyState>
      ) : (
        groupByDay(q.data.streams).map((day) => (
          <section key={day.key} className="tv-day" aria-labelledby={`day-${day.key}`}>
            <h2 id={`day-${day.key}`} className="tv-day-heading">{day.heading}</h2>
            <ul className="tv-rows">
              {day.streams.map((s) => (
                <li key={s.id} className="tv-row">
                  <time className="tv-time" dateTime={startOf(s)}>{formatTime(startOf(s))}</time>
                  <Link className="tv-title" to={`/broadcasts/${s.id}`}>{s.title}</Link>
                  <span className={isUpcoming(s) ? 'badge badge-soon' : 'badge badge-live'}>{statusText(s)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
