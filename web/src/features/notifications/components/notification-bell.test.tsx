// The bell: its count (9+ above 9) from the first page and how a pushed notification raises it, the panel
// (newest first, a page at a time, Russian text, friend requests by display name), opening a link, marking
// read, deleting, a reconnect, its states and keys.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const nakama = { deleteNotifications: vi.fn(), getUsers: vi.fn() };
vi.mock('../../../lib/nakama/client.ts', () => ({ client: nakama }));
vi.mock('../../../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ user_id: 'me' }) } }));

const { NotificationBell } = await import('./notification-bell.tsx');
const { applyRealtimeEvent } = await import('../../../shared/api/realtime.ts');

const today = (hh: number, mm: number) => {
  const d = new Date();
  d.setHours(hh, mm, 0, 0);
  return d.toISOString();
};
const note = (id: string, create_time: string, code = 105, extra: object = {}) => ({
  id, code, create_time, subject: `Уведомление ${id}`, content: { link: `/tournaments/${id}/edit` }, ...extra,
});
type Stored = ReturnType<typeof note> & { sender_id?: string };
/** Newest first, the kinds the portal lists (a direct chat's notice never reaches the bell). */
const stored = (): Stored[] => [
  note('f2', today(0, 5), -3, { subject: 'user_y1 accepted your friend request', sender_id: 'eva' }),
  note('t2', today(0, 4), 106, { subject: 'Команда «Спартак» участвует в турнире «Кубок»', content: { link: '/tournaments/t2' } }),
  note('f1', today(0, 3), -2, { subject: 'user_x8f wants to add you as a friend', sender_id: 'bob', content: { username: 'user_x8f' } }),
  note('t1', today(0, 1), 105, { subject: 'Команда «Спартак» подала заявку на турнир «Кубок»' }),
];

/** The portal's marker, as it reads it. */
let marker: { read_before?: string; read_ids: string[] };
let all: Stored[];
const isRead = (n: Stored) => (!!marker.read_before && Date.parse(n.create_time) < Date.parse(marker.read_before)) || marker.read_ids.includes(n.id);
const unread = () => Math.min(100, all.filter((n) => !isRead(n)).length);

function server(list = stored()) {
  all = list;
  nakama.getUsers.mockImplementation(async (_s: unknown, ids: string[]) => ({
    users: ids.map((id) => ({ id, username: `user_${id}`, display_name: id === 'bob' ? 'Борис Петров' : 'Ева Смирнова' })),
  }));
  rpc.mockImplementation(async (id: string, payload: { limit: number; cursor?: string; ids: string[]; before?: string }) => {
    if (id === 'list_notifications') {
      const from = payload.cursor ? Number(payload.cursor) : 0;
      const page = all.slice(from, from + payload.limit);
      const more = from + payload.limit < all.length;
      return { notifications: page.map((n) => ({ ...n, read: isRead(n) })), unread_count: unread(), ...(more ? { cursor: String(from + payload.limit) } : {}) };
    }
    if (id === 'mark_notifications_read') {
      const second = payload.before && new Date(Math.floor(Date.parse(payload.before) / 1000) * 1000).toISOString();
      marker = { read_before: second || marker.read_before, read_ids: [...marker.read_ids, ...payload.ids] };
      return { ...marker, unread_count: unread() };
    }
    throw new Error(`unexpected rpc ${id}`);
  });
}

beforeEach(() => {
  rpc.mockReset();
  for (const f of Object.values(nakama)) f.mockReset();
  nakama.deleteNotifications.mockResolvedValue(true);
  marker = { read_ids: ['t1'] };
});

const bell = () => screen.getByRole('button', { name: /^Уведомления/ });
const badge = () => screen.queryByTestId('notification-badge');
const panel = () => screen.getByRole('dialog', { name: 'Уведомления' });
const listCalls = () => rpc.mock.calls.filter((c) => c[0] === 'list_notifications').map((c) => c[1]);
const pushed = (id: string, code = 108, extra: object = {}) => ({
  type: 'notification' as const,
  notification: { ...note(id, new Date().toISOString().replace(/\.\d+Z$/, 'Z'), code), persistent: true, ...extra },
});

describe('the bell', () => {
  it('shows the server’s unread count from the first page alone, and says it', async () => {
    server();
    renderPage(<NotificationBell />);
    // f2, t2 and f1: t1 is read.
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(bell()).toHaveAccessibleName('Уведомления, непрочитанных: 3');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 3');
    expect(listCalls()).toEqual([{ limit: 20 }]);
  });

  it('shows 9+ above 9, and a count at the server’s cap as «100 и больше», reading one page only', async () => {
    server(Array.from({ length: 150 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 3, 0, 0) - i * 1000).toISOString())));
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('9+'));
    expect(bell()).toHaveAccessibleName('Уведомления, непрочитанных: 9+');
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 100 и больше');
    expect(listCalls()).toEqual([{ limit: 20 }]);
  });

  it('counts a pushed notification at once, on top, once; the chat’s kinds and live-only ones are not the bell’s', async () => {
    server();
    const user = userEvent.setup();
    const { qc } = renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    act(() => applyRealtimeEvent(qc, pushed('t3')));
    await waitFor(() => expect(badge()).toHaveTextContent('4'));
    expect(screen.getByRole('status')).toHaveTextContent('Непрочитанных уведомлений: 4');
    act(() => applyRealtimeEvent(qc, pushed('t3')));
    act(() => applyRealtimeEvent(qc, pushed('dm', -1)));
    act(() => applyRealtimeEvent(qc, pushed('live', 107, { persistent: undefined })));
    act(() => applyRealtimeEvent(qc, pushed('t4', 107)));
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
    await user.click(bell());
    const items = await within(panel()).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Уведомление t4'), expect.stringContaining('Уведомление t3'), expect.stringContaining('Ева Смирнова'),
      expect.stringContaining('участвует'), expect.stringContaining('Борис Петров'), expect.stringContaining('подала заявку'),
    ]);
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
    expect(panel()).not.toHaveTextContent(/user_|wants/);
    expect(within(items[3]).getByRole('link')).toHaveAttribute('href', '/tournaments/t1/edit');
    expect(items[0].querySelector('time')).toHaveTextContent('00:05');
  });

  it('opens a notification’s page, marks it read and closes: the time follows the oldest unread one when all are held', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    await user.click(bell());
    await user.click(within(panel()).getByRole('link', { name: /участвует в турнире/ }));
    expect(router.state.location.pathname).toBe('/tournaments/t2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // f1 stays the oldest unread: everything before it is read, t2 goes by id.
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', { ids: ['t2'], before: today(0, 3) });
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
    await user.click(bell());
    expect(within(panel()).getByText(/участвует в турнире/).closest('li')).toHaveClass('unread');
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

  it('marks all read, also those on pages not loaded', async () => {
    server([...stored(), ...Array.from({ length: 30 }, (_, i) => note(`old${i}`, today(0, 0).replace(':00.000Z', `:${String(59 - i).padStart(2, '0')}.000Z`)))]);
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await waitFor(() => expect(badge()).toHaveTextContent('9+'));
    await user.click(bell());
    await user.click(within(panel()).getByRole('button', { name: 'Отметить все как прочитанные' }));
    expect(badge()).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Уведомления');
    expect(rpc).toHaveBeenCalledWith('mark_notifications_read', { ids: ['f2'], before: today(0, 5) });
    expect(within(panel()).getByRole('button', { name: 'Отметить все как прочитанные' })).toBeDisabled();
    expect(panel()).not.toHaveTextContent('Не прочитано');
    // The older page arrives read.
    await user.click(within(panel()).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(34));
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
    await user.click(removeOf(/хочет добавить вас в друзья/));
    expect(await screen.findByText('Не удалось удалить уведомление')).toBeInTheDocument();
    expect(within(panel()).getByText(/хочет добавить вас в друзья/)).toBeInTheDocument();
    expect(badge()).toHaveTextContent('2');
    expect(within(panel()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Ева Смирнова'), expect.stringContaining('Борис Петров'), expect.stringContaining('подала заявку'),
    ]);
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

    rpc.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Не удалось загрузить уведомления');
    server([]);
    await user.click(within(panel()).getByRole('button', { name: 'Повторить' }));
    expect(await within(panel()).findByText('Уведомлений пока нет')).toBeInTheDocument();
  });

  it('loads 20 at a time, older pages by the cursor, the focus going to the first of the new page', async () => {
    server(Array.from({ length: 25 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 30 - i)).toISOString())));
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findAllByRole('listitem')).toHaveLength(20);
    expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent('Уведомление n0');
    await user.click(within(panel()).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(25));
    expect(listCalls()).toEqual([{ limit: 20 }, { limit: 20, cursor: '20' }]);
    expect(within(panel()).queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(within(panel()).getAllByRole('listitem')[20].querySelector('.bell-item-open')).toHaveFocus();
  });

  it('says when an older page could not be loaded, and keeps what it has', async () => {
    server(Array.from({ length: 25 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 30 - i)).toISOString())));
    const user = userEvent.setup();
    renderPage(<NotificationBell />);
    await user.click(bell());
    expect(await within(panel()).findAllByRole('listitem')).toHaveLength(20);
    rpc.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(within(panel()).getByRole('button', { name: 'Показать ещё' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Не удалось загрузить следующие уведомления. Попробуйте ещё раз.');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(20);
    // The button tries again.
    await user.click(within(panel()).getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(25));
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fetches the first page again after a reconnect, dropping older pages', async () => {
    server(Array.from({ length: 25 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 30 - i)).toISOString())));
    const user = userEvent.setup();
    const { qc } = renderPage(<NotificationBell />);
    await user.click(bell());
    await user.click(await within(panel()).findByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(25));
    // Meanwhile another notification came, and the socket was down.
    all = [note('new', new Date(Date.UTC(2026, 0, 1, 0, 1)).toISOString()), ...all];
    rpc.mockClear();
    act(() => applyRealtimeEvent(qc, { type: 'open', reconnected: true }));
    await waitFor(() => expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent('Уведомление new'));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(20);
    expect(listCalls()).toEqual([{ limit: 20 }]);
    expect(within(panel()).getByRole('button', { name: 'Показать ещё' })).toBeInTheDocument();
  });
});
