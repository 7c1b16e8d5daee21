import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { loadEvents } from './local-events.ts';

const { Component: PersonalSchedulePage } = await import('./personal-schedule-page.tsx');

const stored = () => JSON.parse(localStorage.getItem('teamEvents') ?? 'null');

function cell(day: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"]`);
  if (!el) throw new Error(`no cell ${day}`);
  return el;
}

function form() {
  return within(screen.getByRole('form', { name: 'Новое событие' }));
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 12));
});
afterEach(() => vi.useRealTimers());

describe('personal schedule', () => {
  it('needs a title and a date, then keeps the event in localStorage under teamEvents', async () => {
    const user = userEvent.setup();
    renderPage(<PersonalSchedulePage />, '/schedule');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    expect(screen.getByText('В этом месяце событий нет.')).toBeInTheDocument();

    await user.click(form().getByRole('button', { name: 'Добавить' }));
    expect(form().getByText('Пожалуйста, заполните все поля.')).toBeInTheDocument();
    await user.type(form().getByLabelText('Название'), 'Матч с друзьями');
    await user.click(form().getByRole('button', { name: 'Добавить' }));
    expect(form().getByText('Пожалуйста, заполните все поля.')).toBeInTheDocument();
    expect(localStorage.getItem('teamEvents')).toBeNull();

    fireEvent.change(form().getByLabelText('Дата'), { target: { value: '2025-03-22' } });
    await user.selectOptions(form().getByLabelText('Тип'), 'training');
    await user.type(form().getByLabelText('Описание'), 'В парке');
    await user.click(form().getByRole('button', { name: 'Добавить' }));
    expect(form().queryByText('Пожалуйста, заполните все поля.')).not.toBeInTheDocument();
    expect(stored()).toEqual([{ id: expect.any(String), title: 'Матч с друзьями', date: '2025-03-22', type: 'training', description: 'В парке' }]);
    expect(within(cell('2025-03-22')).getByText('Матч с друзьями').closest('.cal-event')).toHaveClass('cal-event-training');
    expect(screen.getByText('Событие добавлено')).toBeInTheDocument();
  });

  it('reads the stored events back after a reload and shows the month they fall in', async () => {
    localStorage.setItem(
      'teamEvents',
      JSON.stringify([
        { id: 'a', date: '2025-03-08', title: 'День рождения мамы', description: '', type: 'birthday' },
        { id: 'b', date: '2025-04-02', title: 'Кубок района', description: '', type: 'tournament' },
        { broken: true },
      ]),
    );
    const user = userEvent.setup();
    renderPage(<PersonalSchedulePage />, '/schedule');
    expect(within(cell('2025-03-08')).getByText('День рождения мамы').closest('.cal-event')).toHaveClass('cal-event-birthday');
    expect(screen.queryByText('Кубок района')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(within(cell('2025-04-02')).getByText('Кубок района').closest('.cal-event')).toHaveClass('cal-event-tournament');
  });

  it('needs a title when editing, saves the change and deletes', async () => {
    localStorage.setItem('teamEvents', JSON.stringify([{ id: 'a', date: '2025-03-08', title: 'Тренировка', description: '', type: 'training' }]));
    const user = userEvent.setup();
    const first = renderPage(<PersonalSchedulePage />, '/schedule');
    await user.click(screen.getByRole('button', { name: 'Изменить «Тренировка»' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Изменить событие' }));
    await user.clear(dialog.getByLabelText('Название'));
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    expect(dialog.getByText('Пожалуйста, заполните название события.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Название'), 'Вечерняя тренировка');
    fireEvent.change(dialog.getByLabelText('Дата'), { target: { value: '' } });
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // An emptied date keeps the old one.
    expect(stored()).toEqual([{ id: 'a', date: '2025-03-08', title: 'Вечерняя тренировка', description: '', type: 'training' }]);

    first.unmount();
    renderPage(<PersonalSchedulePage />, '/schedule');
    await user.click(within(cell('2025-03-08')).getByRole('button', { name: /Вечерняя тренировка/ }));
    dialog = within(screen.getByRole('dialog', { name: 'Изменить событие' }));
    await user.click(dialog.getByRole('button', { name: 'Удалить' }));
    dialog = within(screen.getByRole('dialog', { name: 'Удалить событие' }));
    await user.click(dialog.getByRole('button', { name: 'Удалить' }));
    expect(stored()).toEqual([]);
    expect(screen.getByText('В этом месяце событий нет.')).toBeInTheDocument();
  });
});

describe('stored events', () => {
  it('skips what it cannot read and turns older full dates into days', () => {
    localStorage.setItem('teamEvents', '{not json');
    expect(loadEvents()).toEqual([]);
    localStorage.setItem('teamEvents', JSON.stringify([{ id: 7, date: new Date(2025, 4, 9, 15).toISOString(), title: 'Старое', type: 'party' }, { title: 'без даты' }]));
    expect(loadEvents()).toEqual([{ id: '7', date: '2025-05-09', title: 'Старое', description: '', type: 'other' }]);
  });
});
