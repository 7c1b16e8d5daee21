import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../../lib/router/index.tsx';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calendarMessages } from '../i18n/calendar.ts';
import { monthRange, monthWeeks } from '../lib/calendar.ts';
import { CalendarLegend, MonthCalendar } from './month-calendar.tsx';

const march = new Date(2025, 2, 1); // 1 March 2025 is a Saturday.

function cell(container: HTMLElement, day: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`[data-day="${day}"]`);
  if (!el) throw new Error(`no cell ${day}`);
  return el;
}

const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('month calendar', () => {
  it('starts the week on Monday with Russian labels and shows whole weeks', () => {
    const { container } = render(<MonthCalendar month={march} onMonthChange={() => {}} entries={[]} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    expect(screen.getByRole('heading', { name: 'Март 2025' })).toBeInTheDocument();
    const days = [...container.querySelectorAll('td')].map((td) => td.getAttribute('data-day'));
    expect(days[0]).toBe('2025-02-24');
    expect(days[5]).toBe('2025-03-01');
    expect(days.at(-1)).toBe('2025-04-06');
    expect(days).toHaveLength(42);
    expect(cell(container, '2025-02-28')).toHaveClass('outside');
    expect(cell(container, '2025-03-31')).not.toHaveClass('outside');
  });

  it('puts events on their days, coloured by type, with the type in text', () => {
    const { container } = render(
      <MonthCalendar
        month={march}
        onMonthChange={() => {}}
        entries={[
          { id: '1', day: '2025-03-05', title: 'Дерби', type: 'match', time: '18:00' },
          { id: '2', day: '2025-03-05', title: 'Разминка', type: 'training' },
          { id: '3', day: '2025-03-12', title: 'Кубок', type: 'tournament' },
          { id: '4', day: '2025-03-20', title: 'Иван', type: 'birthday' },
          { id: '5', day: '2025-03-31', title: 'Собрание', type: 'other' },
        ]}
      />,
    );
    const fifth = within(cell(container, '2025-03-05'));
    expect(fifth.getByText('Дерби').closest('.cal-event')).toHaveClass('cal-event-match');
    expect(fifth.getByText('Разминка').closest('.cal-event')).toHaveClass('cal-event-training');
    expect(fifth.getByText('Матч:', { exact: false })).toBeInTheDocument();
    expect(fifth.getByText('18:00')).toBeInTheDocument();
    expect(within(cell(container, '2025-03-12')).getByText('Кубок').closest('.cal-event')).toHaveClass('cal-event-tournament');
    expect(within(cell(container, '2025-03-20')).getByText('Иван').closest('.cal-event')).toHaveClass('cal-event-birthday');
    expect(within(cell(container, '2025-03-31')).getByText('Собрание').closest('.cal-event')).toHaveClass('cal-event-other');
    expect(within(cell(container, '2025-03-06')).queryByRole('listitem')).not.toBeInTheDocument();
    // Read-only unless a handler is given.
    expect(screen.queryByRole('button', { name: /Дерби/ })).not.toBeInTheDocument();
  });

  it('moves between months and makes events selectable when asked', async () => {
    const user = userEvent.setup();
    const onMonthChange = vi.fn();
    const onEntrySelect = vi.fn();
    render(<MonthCalendar month={march} onMonthChange={onMonthChange} onEntrySelect={onEntrySelect} entries={[{ id: 'e1', day: '2025-03-05', title: 'Дерби', type: 'match' }]} />);
    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 3, 1));
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(onMonthChange).toHaveBeenLastCalledWith(new Date(2025, 1, 1));
    await user.click(within(document.querySelector<HTMLElement>('[data-day="2025-03-05"]')!).getByRole('button', { name: /Дерби/ }));
    expect(onEntrySelect).toHaveBeenCalledWith('e1');
  });

  it('marks each day of a phone grid with a dot per event and lists the chosen day under the grid, time and title in full', async () => {
    const user = userEvent.setup();
    const onEntrySelect = vi.fn();
    const { container } = inRouter(
      <MonthCalendar
        month={march}
        onMonthChange={() => {}}
        onEntrySelect={onEntrySelect}
        entries={[
          { id: '1', day: '2025-03-05', title: 'Тренировка вратарей на стадионе «Торпедо»', type: 'training', time: '21:30' },
          { id: '2', day: '2025-03-05', title: 'Матч', type: 'match', time: '10:00', note: 'Северные волки', href: '/teams/t1/schedule' },
          ...['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, day: '2025-03-12', title: `Событие ${id}`, type: 'other' as const })),
          { id: 'late', day: '2025-04-02', title: 'Апрельское', type: 'other' },
        ]}
      />,
    );
    const fifth = within(cell(container, '2025-03-05')).getByRole('button', { name: '5 марта: 2 события' });
    expect(fifth.querySelectorAll('.cal-dot.cal-event-training, .cal-dot.cal-event-match')).toHaveLength(2);
    const twelfth = within(cell(container, '2025-03-12')).getByRole('button', { name: '12 марта: 5 событий' });
    expect(twelfth.querySelectorAll('.cal-dot')).toHaveLength(3);
    expect(twelfth).toHaveTextContent('+2');
    expect(within(cell(container, '2025-03-06')).queryByRole('button')).not.toBeInTheDocument();
    // Another month's day in the grid shows nothing of it.
    expect(screen.queryByText('Апрельское')).not.toBeInTheDocument();

    // Not the current month: its first day with events is listed at first.
    expect(fifth).toHaveAttribute('aria-pressed', 'true');
    let day = screen.getByRole('region', { name: 'Среда, 5 марта' });
    expect(within(day).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Тренировка: 21:30 Тренировка вратарей на стадионе «Торпедо»',
      'Матч: 10:00 Матч Северные волки',
    ]);
    console.log(day.innerHTML); expect(within(day).getByRole('link', { name: /Матч: 10:00 Матч/ })).toHaveAttribute('href', '/teams/t1/schedule');
    await user.click(within(day).getByRole('button', { name: /Тренировка вратарей/ }));
    expect(onEntrySelect).toHaveBeenCalledWith('1');

    await user.click(twelfth);
    expect(twelfth).toHaveAttribute('aria-pressed', 'true');
    expect(fifth).toHaveAttribute('aria-pressed', 'false');
    day = screen.getByRole('region', { name: 'Среда, 12 марта' });
    expect(within(day).getAllByRole('listitem')).toHaveLength(5);
  });

  it('lists today on a phone when it has events, else the next day that has', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 15, 12));
    try {
      const entries = [
        { id: '1', day: '2025-03-05', title: 'Прошло', type: 'match' as const },
        { id: '2', day: '2025-03-20', title: 'Скоро', type: 'match' as const },
      ];
      const { rerender } = render(<MonthCalendar month={march} onMonthChange={() => {}} entries={entries} />);
      expect(screen.getByRole('region', { name: 'Четверг, 20 марта' })).toBeInTheDocument();
      rerender(<MonthCalendar month={march} onMonthChange={() => {}} entries={[...entries, { id: '3', day: '2025-03-15', title: 'Сегодня', type: 'other' }]} />);
      expect(screen.getByRole('region', { name: 'Суббота, 15 марта' })).toBeInTheDocument();
      rerender(<MonthCalendar month={march} onMonthChange={() => {}} entries={entries.slice(0, 1)} />);
      expect(screen.getByRole('region', { name: 'Среда, 5 марта' })).toBeInTheDocument();
      rerender(<MonthCalendar month={march} onMonthChange={() => {}} entries={[]} />);
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a legend of every colour', () => {
    render(<CalendarLegend />);
    const legend = screen.getByRole('list', { name: 'Обозначения' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Матч', 'Тренировка', 'Турнир', 'День рождения', 'Другое']);
  });
});

describe('calendar helpers', () => {
  it('counts events in Russian', () => {
    expect([1, 2, 4, 5, 11, 21, 22, 25].map(calendarMessages.eventCount)).toEqual([
      '1 событие', '2 события', '4 события', '5 событий', '11 событий', '21 событие', '22 события', '25 событий',
    ]);
  });

  it('gives the first and last day of a month', () => {
    expect(monthRange(new Date(2024, 1, 10))).toEqual({ start_date: '2024-02-01', end_date: '2024-02-29' });
    expect(monthRange(new Date(2025, 11, 31))).toEqual({ start_date: '2025-12-01', end_date: '2025-12-31' });
  });

  it('builds Monday-first weeks even when the month starts on a Monday', () => {
    const weeks = monthWeeks(new Date(2025, 8, 1)); // 1 September 2025 is a Monday.
    expect(weeks[0][0]).toEqual(new Date(2025, 8, 1));
    expect(weeks.every((w) => w.length === 7 && w[0].getDay() === 1)).toBe(true);
  });
});
