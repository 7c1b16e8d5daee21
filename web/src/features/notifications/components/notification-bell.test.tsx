// The bell: its count (9+ above 9) and how a pushed notification raises it, the panel (newest first, Russian
// text, friend requests by display name), opening a link, marking read, deleting, its states and keys.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const nakama = { listNotifications: vi.fn(), deleteNotifications: vi.fn(), getUsers: vi.fn() };
vi.mock('../../../lib/nakama/client.ts', () => ({ client: nakama }));
vi.mock('../../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ user_id: 'me' }) } }));

const { NotificationBell } = await import('./notification-bell.tsx');
const { applyRealtimeEvent } = await import('../../../shared/api/realtime.ts');

const today = (hh: number, mm: number) => {
  const d = new Date();
  d.setHours(hh, mm, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
};
const note = (id: string, create_time: string, code = 105, extra: object = {}) => ({
  id, code, create_time, persistent: true, subject: `Уведомление ${id}`, content: { link: `/tournaments/${id}/edit` }, ...extra,
});
/** Oldest first, as the server lists them. */
const stored = () => [
  note('t1', today(0, 1), 105, { subject: 'Команда «Спартак» подала заявку на турнир «Кубок»' }),
  note('dm', today(0, 2), -1, { subject: 'someone wants to chat', content: { username: 'x' } }),
  note('f1', today(0, 3), -2, { subject: 'user_x8f wants to add you as a friend', sender_id: 'bob', content: { username: 'user_x8f' } }),
  note('t2', today(0, 4), 106, { subject: 'Команда «Спартак» участвует в турнире «Кубок»', content: { link: '/tournaments/t2' } }),
  note('f2', today(0, 5), -3, { subject: 'user_y1 accepted your friend request', sender_id: 'eva' }),
];

let state: { read_before?: string; read_ids: string[] };

function server(list = stored()) {
  nakama.listNotifications.mockImplementation(async () => ({ notifications: list, cacheable_cursor: 'end' }));
  nakama.getUsers.mockImplementation(async (_s: unknown, ids: string[]) => ({
    users: ids.map((id) => ({ id, username: `user_${id}`, display_name: id === 'bob' ? 'Борис Петров' : 'Ева Смирнова' })),
  }));
  rpc.mockImplementation(async (id: string, payload: { ids: string[]; before?: string }) => {
    if (id === 'get_notification_state') return state;
    if (id === 'mark_notifications_read') {
      state = { read_before: payload.before ?? state.read_before, read_ids: [...state.read_ids, ...payload.ids] };
      return state;
    }
    throw new Error(`unexpected rpc ${id}`);
  });
}

beforeEach(() => {
  rpc.mockReset();
  for (const f of Object.values(nakama)) f.mockReset();
  nakama.deleteNotifications.mockResolvedValue(true);
  state = { read_ids: ['t1'] };
});

const bell = () => screen.getByRole('button', { name: /^Уведомления/ });
const badge = () => screen.queryByTestId('notification-badge');
const panel = () => screen.getByRole('dialog', { name: 'Уведомления' });

describe('the bell', () => {
  it('counts the unread notifications it shows and says the count', async () => {
    server();
    renderPage(<NotificationBell />);
    // f1, t2 and f2: t1 is read, the direct-chat notice is the chat's.
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(bell()).toHaveAccessibleName('Уведомления, непрочитанных: 3');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 3');
  });

  it('shows 9+ above 9, following every page of the server’s list', async () => {
    const all = Array.from({ length: 112 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString().replace('.000Z', 'Z')));
    nakama.listNotifications.mockImplementation(async (_s: unknown, limit: number, cursor: string) =>
      cursor === '' ? { notifications: all.slice(0, limit), cacheable_cursor: 'p2' } : { notifications: all.slice(100), cacheable_cursor: 'end' },
    );
    rpc.mockResolvedValue({ read_before: '2026-01-01T00:01:40.000Z', read_ids: [] });
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('9+'));
    expect(bell()).toHaveAccessibleName('Уведомления, непрочитанных: 9+');
    expect(nakama.listNotifications.mock.calls.map((c) => [c[1], c[2]])).toEqual([[100, ''], [100, 'p2']]);
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 12');
  });

  it('counts a pushed notification at once', async () => {
    server();
    const { qc } = renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    act(() => applyRealtimeEvent(qc, { type: 'notification', notification: note('t3', new Date().toISOString().replace(/\.\d+Z$/, 'Z'), 108) }));
    await waitFor(() => expect(badge()).toHaveTextContent('4'));
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 4');
    // The same notification again (the server may push one the list has) counts once; another one counts.
    act(() => applyRealtimeEvent(qc, { type: 'notification', notification: note('t3', new Date().toISOString(), 108) }));
    act(() => applyRealtimeEvent(qc, { type: 'notification', notification: note('t4', new Date().toISOString(), 107) }));
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
  });

  it('lists newest first in Russian, friend requests by the sender’s display name, unread ones marked', async () => {
    server();
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const items = await within(panel()).findAllByRole('listitem');
    await waitFor(() => expect(items[0]).toHaveTextContent('Ева Смирнова принял(а) вашу заявку в друзья'));
    expect(items.map((li) => li.querySelector('.bell-item-text')!.textContent)).toEqual([
      'Не прочитано: Ева Смирнова принял(а) вашу заявку в друзья',
      'Не прочитано: Команда «Спартак» участвует в турнире «Кубок»',
      'Не прочитано: Борис Петров хочет добавить вас в друзья',
      'Команда «Спартак» подала заявку на турнир «Кубок»',
    ]);
    expect(panel()).not.toHaveTextContent(/user_|wants|chat/);
    expect(within(items[3]).getByRole('link')).toHaveAttribute('href', '/tournaments/t1/edit');
    expect(items[0].querySelector('time')).toHaveTextContent('00:05');
  });

  it('opens a notification’s page, marks it read and closes', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(within(panel()).getByRole('link', { name: /участвует в турнире/ }));
    expect(router.state.location.pathname).toBe('/tournaments/t2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', { ids: ['t2'], before: stored()[2].create_time!.replace('Z', '.000Z') });
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
  });

  it('says when marking read fails, and counts it unread again', async () => {
    server();
    const answer = rpc.getMockImplementation()!;
    rpc.mockImplementation(async (id: string, payload: never) => {
      if (id === 'mark_notifications_read') throw new TypeError('Failed to fetch');
      return answer(id, payload);
    });
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(within(panel()).getByRole('link', { name: /участвует в турнире/ }));
    expect(router.state.location.pathname).toBe('/tournaments/t2');
    expect(await screen.findByText('Не удалось отметить уведомления как прочитанные')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
  });

  it('opens the chat’s friends tab from a friend request, on the same page', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationBell />, '/news?page=2');
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(await within(panel()).findByRole('link', { name: /Борис Петров хочет добавить вас в друзья/ }));
    expect(router.state.location).toMatchObject({ pathname: '/news', search: '?page=2', hash: '#chat-friends' });
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
  });

  it('marks all read', async () => {
    server();
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Отметить все как прочитанные' }));
    expect(badge()).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Уведомления');
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', { ids: ['f2'], before: stored()[4].create_time!.replace('Z', '.000Z') });
    expect(within(panel()).getByRole('button', { name: 'Отметить все как прочитанные' })).toBeDisabled();
    expect(panel()).not.toHaveTextContent('Не прочитано');
  });

  it('deletes a notification on the server; a refusal brings it back with a message', async () => {
    server();
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    const removeOf = (text: RegExp) => within(within(panel()).getByText(text).closest('li')!).getByRole('button', { name: 'Удалить уведомление' });
    await user.click(removeOf(/участвует в турнире/));
    expect(within(panel()).queryByText(/участвует в турнире/)).not.toBeInTheDocument();
    expect(nakama.deleteNotifications).toHaveBeenCalledWith({ user_id: 'me' }, ['t2']);
    expect(badge()).toHaveTextContent('2');

    nakama.deleteNotifications.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(removeOf(/подала заявку/));
    expect(await screen.findByText('Не удалось удалить уведомление')).toBeInTheDocument();
    expect(within(panel()).getByText(/подала заявку/)).toBeInTheDocument();
  });

  it('closes on Escape and on its close button, giving the focus back to the bell', async () => {
    server();
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(panel()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Закрыть уведомления' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    server([]);
    const user = userEvent.setup();
    const view = renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findByText('Уведомлений пока нет')).toBeInTheDocument();
    expect(badge()).not.toBeInTheDocument();
    view.unmount();

    nakama.listNotifications.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Не удалось загрузить уведомления');
    server([]);
    await user.click(within(panel()).getByRole('button', { name: 'Повторить' }));
    expect(await within(panel()).findByText('Уведомлений пока нет')).toBeInTheDocument();
  });

  it('shows 20 at a time', async () => {
    const many = Array.from({ length: 25 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString().replace('.000Z', 'Z')));
    server(many);
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findAllByRole('listitem')).toHaveLength(20);
    expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent('Уведомление n24');
    await user.click(within(panel()).getByRole('button', { name: 'Показать ещё' }));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(25);
    expect(within(panel()).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });
});
