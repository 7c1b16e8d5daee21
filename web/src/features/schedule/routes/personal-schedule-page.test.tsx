import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { loadEvents } from '../local-events.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const session = vi.hoisted(() => ({ authenticated: false }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated }));

const { Component: PersonalSchedulePage } = await import('./personal-schedule-page.tsx');

const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();
const TEAM_EVENTS = [
  { id: 'e1', team_id: 't1', team_name: 'Северные волки', title: 'Матч с «Динамо»', description: 'Сбор в 18:00', type: 'match', event_time: at(2025, 3, 8, 19, 30), place: 'Лужники' },
  { id: 'e2', team_id: 't2', team_name: 'Спартак-Любитель', title: 'Тренировка', description: '', type: 'training', event_time: at(2025, 3, 8, 10), place: '' },
];

const MATCHES = [
  { id: 'm1', owner_team_id: 't1', guest_team_id: 't9', owner_team: { id: 't1', name: 'Северные волки', description: '' }, match_time: at(2025, 3, 8, 15), creator_id: 'u1', create_time: at(2025, 3, 1, 9), update_time: at(2025, 3, 1, 9) },
];
/** The team calls, answered by name; `fail` rejects the first call of each. */
function serveTeams(fail = false) {
  const failed = new Set<string>();
  rpc.mockImplementation(async (id: string) => {
    if (fail && !failed.has(id)) {
      failed.add(id);
      throw new ApiError(500, 13, 'Internal error');
    }
    if (id === 'list_my_team_events') return { events: TEAM_EVENTS };
    if (id === 'list_my_matches') return { matches: MATCHES };
    return {};
  });
}

const stored = () => JSON.parse(localStorage.getItem('teamEvents') ?? 'null');

function cell(day: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"]`);
  if (!el) throw new Error(`no cell ${day}`);
  return el;
}

function form() {
  return within(screen.getByRole('form', { name: 'Новое личное событие' }));
}

beforeEach(() => {
  localStorage.clear();
  rpc.mockReset();
  session.authenticated = false;
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

describe("the teams' events", () => {
  it("shows a signed-in user's teams' events and matches in the calendar and the list, marked with their teams, beside the personal ones", async () => {
    session.authenticated = true;
    localStorage.setItem('teamEvents', JSON.stringify([{ id: 'a', date: '2025-03-08', title: 'День рождения мамы', description: '', type: 'birthday' }]));
    serveTeams();
    const user = userEvent.setup();
    renderPage(<PersonalSchedulePage />, '/schedule');
    const match = await within(cell('2025-03-08')).findByRole('link', { name: /19:30 Матч с «Динамо» Северные волки/ });
    expect(rpc).toHaveBeenCalledWith('list_my_team_events', { start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(match).toHaveAttribute('href', '/teams/t1/schedule?month=2025-03');
    expect(match).toHaveClass('cal-event-match');
    // The teams' matches: the home team by name, a team that is gone by its id, to the match's page.
    expect(rpc).toHaveBeenCalledWith('list_my_matches', { from_time: new Date(2025, 2, 1).toISOString(), to_time: new Date(2025, 3, 1).toISOString() });
    expect(within(cell('2025-03-08')).getByRole('link', { name: /15:00 Северные волки — t9/ })).toHaveAttribute('href', '/matches/m1');
    // The day's personal event first, then the teams' by time.
    const list = screen.getByRole('heading', { name: 'События месяца' }).parentElement!;
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('strong')!.textContent)).toEqual([
      'День рождения мамы', 'Тренировка', 'Северные волки — t9', 'Матч с «Динамо»',
    ]);
    expect(within(list).getByRole('link', { name: 'Матч Северные волки — t9' })).toHaveAttribute('href', '/matches/m1');
    expect(within(list).getByRole('link', { name: 'Расписание команды «Северные волки»' })).toHaveAttribute('href', '/teams/t1/schedule?month=2025-03');
    expect(within(list).getByRole('link', { name: 'Расписание команды «Спартак-Любитель»' })).toHaveAttribute('href', '/teams/t2/schedule?month=2025-03');
    expect(within(list).getByText('Лужники')).toBeInTheDocument();
    expect(within(list).getByText('Личное')).toBeInTheDocument();
    // Only personal events are edited here.
    expect(within(list).getAllByRole('button', { name: /^Изменить/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(rpc).toHaveBeenCalledWith('list_my_team_events', { start_date: '2025-04-01', end_date: '2025-04-30' });
    expect(rpc).toHaveBeenCalledWith('list_my_matches', { from_time: new Date(2025, 3, 1).toISOString(), to_time: new Date(2025, 4, 1).toISOString() });
  });

  it('asks visitors to sign in for their teams and calls nothing', () => {
    renderPage(<PersonalSchedulePage />, '/schedule');
    expect(screen.getByRole('link', { name: 'Войдите' })).toHaveAttribute('href', '/login?next=%2Fschedule');
    expect(rpc).not.toHaveBeenCalled();
  });

  it("says the teams' events did not load, with a retry, and keeps the personal ones", async () => {
    session.authenticated = true;
    localStorage.setItem('teamEvents', JSON.stringify([{ id: 'a', date: '2025-03-08', title: 'Личная тренировка', description: '', type: 'training' }]));
    serveTeams(true);
    const user = userEvent.setup();
    renderPage(<PersonalSchedulePage />, '/schedule');
    expect(await screen.findByText('Не удалось загрузить события ваших команд')).toBeInTheDocument();
    expect(within(cell('2025-03-08')).getByText('Личная тренировка')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await within(cell('2025-03-08')).findByText('Тренировка')).toBeInTheDocument();
    expect(await within(cell('2025-03-08')).findByText('Северные волки — t9')).toBeInTheDocument();
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
