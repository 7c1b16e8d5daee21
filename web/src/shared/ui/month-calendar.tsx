// The month grid both calendars use: weeks from Monday, month navigation, events coloured by type.
// On a phone a day cell is too narrow for text: the grid shows a dot per event and the chosen day's
// events are listed, readable, under it (both are rendered; the stylesheet shows one or the other).
import { isSameMonth, isToday, startOfMonth } from 'date-fns';
import { useId, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router/index.tsx';
import { dayKey, EVENT_TYPES, monthWeeks, parseDayKey, shiftMonth, type EventType } from '../lib/calendar.ts';
import {
  calendarMessages as m, EVENT_TYPE_LABELS, formatDayMonth, formatMonthTitle, formatWeekdayDayMonth, WEEKDAY_LABELS, WEEKDAY_NAMES,
} from '../i18n/calendar.ts';
import './month-calendar.css';

export interface CalendarEntry {
  id: string;
  /** The local day, yyyy-MM-dd. */
  day: string;
  title: string;
  type: EventType;
  /** Shown before the title, e.g. 18:30. */
  time?: string;
  /** A second line, e.g. the team the event belongs to. */
  note?: string;
  /** Where the event leads (instead of onEntrySelect). */
  href?: string;
}

interface Props {
  month: Date;
  onMonthChange(month: Date): void;
  entries: readonly CalendarEntry[];
  /** When given, events without an href are buttons (e.g. to edit them). */
  onEntrySelect?(id: string): void;
  /** Below the title: loading or error state of the month's events. */
  status?: ReactNode;
}

/** Dots shown in a phone's day cell; more events are counted. */
const MAX_DOTS = 3;

function Entry({ entry: e, onSelect }: { entry: CalendarEntry; onSelect?(id: string): void }) {
  const className = `cal-event cal-event-${e.type}`;
  const title = [`${EVENT_TYPE_LABELS[e.type]}: ${e.time ? `${e.time} ` : ''}${e.title}`, e.note].filter(Boolean).join(' — ');
  const content = (
    <>
      {/* Spaces stay outside the spans, so the accessible name keeps them too. */}
      <span className="cal-event-line">
        <span className="visually-hidden">{EVENT_TYPE_LABELS[e.type]}:</span> {e.time && <span className="cal-event-time">{e.time}</span>} {e.title}
      </span>
      {e.note && <> <span className="cal-event-note">{e.note}</span></>}
    </>
  );
  if (e.href) return <Link className={className} to={e.href} title={title}>{content}</Link>;
  if (onSelect) return <button type="button" className={className} title={title} onClick={() => onSelect(e.id)}>{content}</button>;
  return <span className={className} title={title}>{content}</span>;
}

function EntryList({ entries, label, onSelect, className }: { entries: CalendarEntry[]; label: string; onSelect?(id: string): void; className: string }) {
  return (
    <ul className={className} aria-label={label}>
      {entries.map((e) => (
        <li key={e.id}>
          <Entry entry={e} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

/** The day a phone lists at first: today when it has events, else the next day that has, else the month's first. */
function firstDay(days: string[], month: Date): string | undefined {
  if (!isSameMonth(month, new Date())) return days[0];
  const today = dayKey(new Date());
  return days.find((d) => d >= today) ?? days.at(-1);
}

export function MonthCalendar({ month, onMonthChange, entries, onEntrySelect, status }: Props) {
  const titleId = useId();
  const dayTitleId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const byDay = new Map<string, CalendarEntry[]>();
  for (const e of entries) {
    const d = parseDayKey(e.day);
    if (!d || !isSameMonth(d, month)) continue;
    const list = byDay.get(e.day);
    if (list) list.push(e);
    else byDay.set(e.day, [e]);
  }
  const current = isSameMonth(month, new Date());
  const eventDays = [...byDay.keys()].sort();
  const shownDay = picked && byDay.has(picked) ? picked : firstDay(eventDays, month);
  const shownDate = shownDay ? parseDayKey(shownDay) : null;

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
                const dayEntries = byDay.get(key) ?? [];
                return (
                  <td key={key} data-day={key} className={inMonth ? 'month-day' : 'month-day outside'} aria-current={isToday(d) ? 'date' : undefined}>
                    <time className="month-day-number" dateTime={key}>
                      {d.getDate()}
                    </time>
                    {dayEntries.length > 0 && (
                      <>
                        <EntryList className="month-day-events" entries={dayEntries} label={m.eventsOfDay(formatDayMonth(d))} onSelect={onEntrySelect} />
                        <button
                          type="button"
                          className="month-day-pick"
                          aria-label={m.dayButton(formatDayMonth(d), dayEntries.length)}
                          aria-pressed={key === shownDay}
                          onClick={() => setPicked(key)}
                        >
                          {dayEntries.slice(0, MAX_DOTS).map((e) => (
                            <span key={e.id} className={`cal-dot cal-event-${e.type}`} aria-hidden="true" />
                          ))}
                          {dayEntries.length > MAX_DOTS && <span className="cal-dot-more" aria-hidden="true">{m.more(dayEntries.length - MAX_DOTS)}</span>}
                        </button>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {shownDay && shownDate && (
        <section className="month-day-list" aria-labelledby={dayTitleId}>
          <h4 id={dayTitleId}>{formatWeekdayDayMonth(shownDate)}</h4>
          <EntryList className="month-day-list-events" entries={byDay.get(shownDay) ?? []} label={m.eventsOfDay(formatDayMonth(shownDate))} onSelect={onEntrySelect} />
        </section>
      )}
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
