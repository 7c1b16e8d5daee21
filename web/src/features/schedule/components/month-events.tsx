// The month's events under the calendar: personal ones (editable here), the user's teams' ones (each
// naming and linking its team) and their matches (each linking its page), by day and time.
import type { Match, MyTeamEvent } from '@tribuna/portal/types';
import type { Ref } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { isEventType, parseDayKey } from '../../../shared/lib/calendar.ts';
import { formatDate, formatDateTime } from '../../../shared/i18n/format.ts';
import { Button, EmptyState } from '../../../shared/ui/index.tsx';
import { EventTypeBadge } from '../../../shared/ui/month-calendar.tsx';
import type { LocalEvent } from '../local-events.ts';
import { scheduleMessages as m } from '../messages.ts';

export type ScheduleItem =
  | { kind: 'local'; key: string; event: LocalEvent }
  | { kind: 'team'; key: string; event: MyTeamEvent; href: string }
  | { kind: 'match'; key: string; match: Match; title: string; href: string };

interface Props {
  items: ScheduleItem[];
  headingRef: Ref<HTMLHeadingElement>;
  onEdit(id: string): void;
  onDelete(id: string): void;
}

export function MonthEvents({ items, headingRef, onEdit, onDelete }: Props) {
  return (
    <section className="stack" aria-labelledby="schedule-list-title">
      <h2 id="schedule-list-title" ref={headingRef} tabIndex={-1}>{m.monthEvents}</h2>
      {items.length === 0 ? (
        <EmptyState>{m.empty}</EmptyState>
      ) : (
        <ul className="schedule-list">
          {items.map((item) => (item.kind === 'match' ? (
            <li key={item.key} className="schedule-item schedule-item-team cal-event-match">
              <div className="schedule-item-main">
                <time dateTime={item.match.match_time} className="muted">{formatDateTime(item.match.match_time)}</time>
                <EventTypeBadge type="match" />
                <Link to={item.href} aria-label={m.matchLink(item.title)}><strong>{item.title}</strong></Link>
              </div>
            </li>
          ) : item.kind === 'local' ? (
            <li key={item.key} className={`schedule-item cal-event-${item.event.type}`}>
              <div className="schedule-item-main">
                <time dateTime={item.event.date} className="muted">{formatDate(parseDayKey(item.event.date) ?? item.event.date)}</time>
                <EventTypeBadge type={item.event.type} />
                <strong>{item.event.title}</strong>
                <span className="schedule-item-owner">{m.personal}</span>
                {item.event.description && <p className="schedule-item-description">{item.event.description}</p>}
              </div>
              <div className="row">
                <Button variant="ghost" aria-label={m.editNamed(item.event.title)} onClick={() => onEdit(item.event.id)}>{m.edit}</Button>
                <Button variant="ghost" aria-label={m.deleteNamed(item.event.title)} onClick={() => onDelete(item.event.id)}>{m.delete}</Button>
              </div>
            </li>
          ) : (
            <li key={item.key} className={`schedule-item schedule-item-team cal-event-${isEventType(item.event.type) ? item.event.type : 'other'}`}>
              <div className="schedule-item-main">
                <time dateTime={item.event.event_time} className="muted">{formatDateTime(item.event.event_time)}</time>
                <EventTypeBadge type={isEventType(item.event.type) ? item.event.type : 'other'} />
                <strong>{item.event.title}</strong>
                {item.event.place && <span className="muted">{item.event.place}</span>}
                <Link className="schedule-item-owner" to={item.href} aria-label={m.teamLink(item.event.team_name)}>{item.event.team_name}</Link>
                {item.event.description && <p className="schedule-item-description">{item.event.description}</p>}
              </div>
            </li>
          )))}
        </ul>
      )}
    </section>
  );
}
