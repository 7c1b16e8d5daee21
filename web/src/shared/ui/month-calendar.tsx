// The month grid both calendars use: weeks from Monday, month navigation, events coloured by type.
import { isSameMonth, isToday, startOfMonth } from 'date-fns';
import { useId, type ReactNode } from 'react';
import { dayKey, EVENT_TYPES, monthWeeks, shiftMonth, type EventType } from '../lib/calendar.ts';
import { calendarMessages as m, EVENT_TYPE_LABELS, formatDayMonth, formatMonthTitle, WEEKDAY_LABELS, WEEKDAY_NAMES } from '../i18n/calendar.ts';
import './month-calendar.css';

export interface CalendarEntry {
  id: string;
  /** The local day, yyyy-MM-dd. */
  day: string;
  title: string;
  type: EventType;
  /** Shown before the title, e.g. 18:30. */
  time?: string;
}

interface Props {
  month: Date;
  onMonthChange(month: Date): void;
  entries: readonly CalendarEntry[];
  /** When given, events are buttons (e.g. to edit them). */
  onEntrySelect?(id: string): void;
  /** Below the title: loading or error state of the month's events. */
  status?: ReactNode;
}

function EntryContent({ entry }: { entry: CalendarEntry }) {
  return (
    <>
      <span className="visually-hidden">{EVENT_TYPE_LABELS[entry.type]}: </span>
      {entry.time && <span className="cal-event-time">{entry.time}</span>} {entry.title}
    </>
  );
}

export function MonthCalendar({ month, onMonthChange, entries, onEntrySelect, status }: Props) {
  const titleId = useId();
  const byDay = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    const list = byDay.get(e.day);
    if (list) list.push(e);
    else byDay.set(e.day, [e]);
  }
  const current = isSameMonth(month, new Date());

  return (
    <div className="month-calendar">
      <div className="month-calendar-head">
        <button type="button" className="btn btn-ghost" aria-label={m.previousMonth} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <span aria-hidden="true">‹</span>
        </button>
        <h3 id={titleId} className="month-calendar-title" aria-live="polite">
          {formatMonthTitle(month)}
        </h3>
        <button type="button" className="btn btn-ghost" aria-label={m.nextMonth} onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <span aria-hidden="true">›</span>
        </button>
        {!current && (
          <button type="button" className="btn btn-ghost" onClick={() => onMonthChange(startOfMonth(new Date()))}>
            {m.today}
          </button>
        )}
      </div>
      {status}
      <div className="month-grid-scroll">
        <table className="month-grid" aria-labelledby={titleId}>
          <thead>
            <tr>
              {WEEKDAY_LABELS.map((label, i) => (
                <th key={label} scope="col" title={WEEKDAY_NAMES[i]}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week) => (
              <tr key={dayKey(week[0])}>
                {week.map((d) => {
                  const key = dayKey(d);
                  const inMonth = isSameMonth(d, month);
                  const dayEntries = inMonth ? (byDay.get(key) ?? []) : [];
                  return (
                    <td key={key} data-day={key} className={inMonth ? 'month-day' : 'month-day outside'} aria-current={isToday(d) ? 'date' : undefined}>
                      <time className="month-day-number" dateTime={key}>
                        {d.getDate()}
                      </time>
                      {dayEntries.length > 0 && (
                        <ul className="month-day-events" aria-label={m.eventsOfDay(formatDayMonth(d))}>
                          {dayEntries.map((e) => (
                            <li key={e.id}>
                              {onEntrySelect ? (
                                <button type="button" className={`cal-event cal-event-${e.type}`} title={`${EVENT_TYPE_LABELS[e.type]}: ${e.title}`} onClick={() => onEntrySelect(e.id)}>
                                  <EntryContent entry={e} />
                                </button>
                              ) : (
                                <span className={`cal-event cal-event-${e.type}`} title={`${EVENT_TYPE_LABELS[e.type]}: ${e.title}`}>
                                  <EntryContent entry={e} />
                                </span>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** What each colour means; the events carry their type in text too. */
export function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label={m.legend}>
      {EVENT_TYPES.map((t) => (
        <li key={t}>
          <span className={`calendar-swatch cal-event-${t}`} aria-hidden="true" />
          {EVENT_TYPE_LABELS[t]}
        </li>
      ))}
    </ul>
  );
}

/** A small badge with the type's colour and name, for event lists. */
export function EventTypeBadge({ type }: { type: EventType }) {
  return <span className={`event-type-badge cal-event-${type}`}>{EVENT_TYPE_LABELS[type]}</span>;
}
