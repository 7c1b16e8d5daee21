import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { Component: TeamSchedulePage } = await import('./team-schedule-page.tsx');

const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();
const EVENTS = [
  { id: 'e1', team_id: 't1', title: 'Дерби', description: 'Домашний матч', type: 'match', event_time: at(2025, 3, 5, 18, 30), place: 'Стадион' },
  { id: 'e2', team_id: 't1', title: 'Тренировка вратарей', description: '', type: 'training', event_time: at(2025, 3, 12, 10), place: '' },
  { id: 'e3', team_id: 't1', title: 'День рождения Ивана', description: '', type: 'birthday', event_time: at(2025, 3, 20, 12), place: '' },
];

function mockServer(canManage: boolean, events: unknown[] = EVENTS) {
  rpc.mockImplementation(async (id: string) => {
    if (id === 'get_team') return { id: 't1', name: 'Спартак', viewer: { is_owner: canManage, is_admin: false, is_member: canManage, has_player: canManage, can_manage: canManage } };
    if (id === 'list_team_events') return { events };
    return {};
  });
}

function open() {
  return renderPage(<TeamSchedulePage />, '/teams/t1/schedule', '/teams/:teamId/schedule');
}

function cell(day: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-day="${day}"]`);
  if (!el) throw new Error(`no cell ${day}`);
  return el;
}

beforeEach(() => {
  rpc.mockReset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 15, 12));
});
afterEach(() => vi.useRealTimers());

describe('team schedule', () => {
  it('asks for the shown month and puts the events on their days in their colours', async () => {
    mockServer(false);
    open();
    expect(screen.getByRole('heading', { name: 'Март 2025' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
    await screen.findByText('Стадион');
    expect(rpc).toHaveBeenCalledWith('list_team_events', { team_id: 't1', start_date: '2025-03-01', end_date: '2025-03-31' });
    expect(within(cell('2025-03-05')).getByText('Дерби').closest('.cal-event')).toHaveClass('cal-event-match');
    expect(within(cell('2025-03-05')).getByText('18:30')).toBeInTheDocument();
    expect(within(cell('2025-03-12')).getByText('Тренировка вратарей').closest('.cal-event')).toHaveClass('cal-event-training');
    expect(within(cell('2025-03-20')).getByText('День рождения Ивана').closest('.cal-event')).toHaveClass('cal-event-birthday');
    expect(screen.getByRole('list', { name: 'Обозначения' })).toBeInTheDocument();
  });

  it('moves to the next month and asks for its days', async () => {
    mockServer(false, []);
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText('В этом месяце событий нет.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(screen.getByRole('heading', { name: 'Апрель 2025' })).toBeInTheDocument();
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('list_team_events', { team_id: 't1', start_date: '2025-04-01', end_date: '2025-04-30' }));
    expect(router.state.location.search).toBe('?month=2025-04');
  });

  it('shows an error with a retry when the events do not load', async () => {
    rpc.mockImplementation(async (id: string) => {
      if (id === 'list_team_events') throw new ApiError(500, 13, 'Internal error');
      return { id: 't1', viewer: { can_manage: false } };
    });
    open();
    expect(await screen.findByText('Не удалось загрузить события')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('shows visitors the events without any management control', async () => {
    mockServer(false);
    open();
    await screen.findByText('Стадион');
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('get_team', { id: 't1' }));
    expect(screen.queryByRole('button', { name: 'Добавить событие' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Изменить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Дерби/ })).not.toBeInTheDocument();
  });

  it('lets a manager create an event, checking the form first', async () => {
    mockServer(true, []);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Добавить событие' }));
    const dialog = screen.getByRole('dialog', { name: 'Новое событие' });
    expect(within(dialog).getByLabelText('Дата')).toHaveValue('2025-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).getByText('Введите название события.')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('create_team_event', expect.anything());

    // No time is assumed: an empty one is an error, not 18:00.
    expect(within(dialog).getByLabelText('Время')).toHaveValue('');
    expect(within(dialog).getByText('Укажите время события.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Название'), ' Кубковый матч ');
    await user.selectOptions(within(dialog).getByLabelText('Тип'), 'tournament');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).queryByText('Введите название события.')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Укажите время события.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Время')).toHaveAttribute('aria-invalid', 'true');
    expect(rpc).not.toHaveBeenCalledWith('create_team_event', expect.anything());
    await user.type(within(dialog).getByLabelText('Время'), '19:45');
    await user.type(within(dialog).getByLabelText('Место'), 'Лужники');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('create_team_event', {
      team_id: 't1',
      title: 'Кубковый матч',
      type: 'tournament',
      event_time: at(2025, 3, 15, 19, 45),
      place: 'Лужники',
      description: '',
    });
    expect(await screen.findByText('Событие создано')).toBeInTheDocument();
  });

  it('refuses a new event in the past: an earlier day in the date, an earlier hour of today in the time', async () => {
    mockServer(true, []);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Добавить событие' }));
    const dialog = screen.getByRole('dialog', { name: 'Новое событие' });
    const [date, time] = [within(dialog).getByLabelText('Дата'), within(dialog).getByLabelText('Время')];
    expect(date).toHaveAttribute('min', '2025-03-15');
    expect(time).toHaveAttribute('min', '12:00');
    await user.type(within(dialog).getByLabelText('Название'), 'Разминка');
    await user.type(time, '11:30');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(within(dialog).getByText('Время события не может быть в прошлом.')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    await user.clear(date);
    await user.type(date, '2025-03-14');
    await user.clear(time);
    await user.type(time, '19:00');
    expect(time).not.toHaveAttribute('min');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Дата события не может быть в прошлом.')).toBeInTheDocument();
    expect(time).not.toHaveAttribute('aria-invalid');
    expect(rpc).not.toHaveBeenCalledWith('create_team_event', expect.anything());
    // The rest of today is fine.
    await user.clear(date);
    await user.type(date, '2025-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('create_team_event', expect.objectContaining({ title: 'Разминка', event_time: at(2025, 3, 15, 19) })));
  });

  it('starts a new event on today when an earlier month is shown', async () => {
    mockServer(true, []);
    const user = userEvent.setup();
    renderPage(<TeamSchedulePage />, '/teams/t1/schedule?month=2025-01', '/teams/:teamId/schedule');
    await user.click(await screen.findByRole('button', { name: 'Добавить событие' }));
    expect(within(screen.getByRole('dialog', { name: 'Новое событие' })).getByLabelText('Дата')).toHaveValue('2025-03-15');
  });

  it('lets a manager edit and delete an event, and shows the server refusal', async () => {
    mockServer(true);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Изменить «Дерби»' }));
    let dialog = screen.getByRole('dialog', { name: 'Изменить событие' });
    expect(within(dialog).getByLabelText('Название')).toHaveValue('Дерби');
    expect(within(dialog).getByLabelText('Время')).toHaveValue('18:30');
    rpc.mockImplementationOnce(async () => {
      throw new ApiError(403, 7, 'Это может делать только владелец или администратор команды.');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Это может делать только владелец или администратор команды.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Название'));
    await user.type(within(dialog).getByLabelText('Название'), 'Большое дерби');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('update_team_event', expect.objectContaining({ id: 'e1', title: 'Большое дерби', type: 'match', event_time: at(2025, 3, 5, 18, 30), place: 'Стадион' }));

    // The calendar's own chips open the same dialog for managers.
    await user.click(within(cell('2025-03-12')).getByRole('button', { name: /Тренировка вратарей/ }));
    dialog = screen.getByRole('dialog', { name: 'Изменить событие' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    dialog = screen.getByRole('dialog', { name: 'Удалить событие' });
    expect(within(dialog).getByText('Удалить событие «Тренировка вратарей»? Это нельзя отменить.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rpc).toHaveBeenCalledWith('delete_team_event', { id: 'e2' });
  });
});
