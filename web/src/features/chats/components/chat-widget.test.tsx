// The chat widget: the badge, the tabs, a conversation (send disabled while empty, Enter sends, errors
// said in Russian), unread reset on opening, the friends tab's actions.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';
import { chatKeys, withChatMessage, type ChatMessagePages } from '../../../shared/api/chat.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const nakama = { listFriends: vi.fn(), addFriends: vi.fn(), deleteFriends: vi.fn(), blockFriends: vi.fn(), getUsers: vi.fn() };
vi.mock('../../../lib/nakama/client.ts', () => ({ client: nakama }));
const snapshot = { status: 'ready', guest: false, session: { user_id: 'me', expires_at: Date.now() / 1000 + 3600 } };
vi.mock('../../../lib/nakama/session.ts', () => ({
  sessionManager: { subscribe: () => () => {}, getSnapshot: () => snapshot, current: async () => snapshot.session },
}));
const followUsers = vi.fn();
vi.mock('../../../lib/nakama/realtime.ts', () => ({
  realtime: { state: 'open', followUsers: (...a: unknown[]) => followUsers(...a), subscribe: () => () => {} },
}));

const { ChatWidget } = await import('./chat-widget.tsx');

const message = (id: string, content: string, sender_id = 'bob', sender_name = 'Борис') => ({ id, chat_id: 'c1', content, sender_id, sender_name, created_at: new Date().toISOString() });
const chats = () => [
  { id: 'c1', name: 'Борис', team_id: null, participants: ['me', 'bob'], unread_count: 7, type: 'direct', channel: { type: 2, target: 'bob' }, last_message: message('m2', 'Как дела?') },
  { id: 'c2', name: 'Северные волки', team_id: 't1', participants: ['me'], unread_count: 5, type: 'team', channel: { type: 3, target: 'g1' } },
];

function server(overrides: Record<string, (payload: Record<string, unknown>) => unknown> = {}) {
  rpc.mockImplementation(async (id: string, payload: Record<string, unknown>) => {
    if (overrides[id]) return overrides[id](payload);
    if (id === 'list_chats_summary' || id === 'list_chats') return { chats: chats() };
    if (id === 'list_messages') return { messages: [message('m2', 'Как дела?'), message('m1', 'Привет!')] };
    if (id === 'mark_messages_read') return {};
    return {};
  });
}

beforeEach(() => {
  rpc.mockReset();
  followUsers.mockReset();
  followUsers.mockResolvedValue([]);
  for (const f of Object.values(nakama)) f.mockReset();
  nakama.listFriends.mockResolvedValue({ friends: [] });
  Element.prototype.scrollTo ??= () => {};
});

const toggle = () => screen.getByRole('button', { name: /^Чаты/ });

describe('chat widget', () => {
  it('shows the unread count on the toggle as 9+ above 9, and the chats with their last messages', async () => {
    server();
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    expect(await screen.findByTestId('chat-badge')).toHaveTextContent('9+');
    expect(toggle()).toHaveAccessibleName('Чаты, непрочитанных: 9+');
    await user.click(toggle());
    const panel = screen.getByRole('dialog', { name: 'Чаты и друзья' });
    expect(within(panel).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Чаты', 'Друзья', 'Команды']);
    const item = within(panel).getByRole('button', { name: /Борис/ });
    expect(item).toHaveTextContent('Как дела?');
    expect(within(item).getByLabelText('непрочитанных: 7')).toHaveTextContent('7');
    // The teams tab has the team chats only.
    await user.click(within(panel).getByRole('tab', { name: 'Команды' }));
    expect(within(panel).getByRole('button', { name: /Северные волки/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Борис/ })).not.toBeInTheDocument();
  });

  it('opens a conversation: names and messages, unread reset and marked read, send disabled while empty, Enter sends', async () => {
    server({ send_message: (p) => message('m3', String(p.content), 'me', 'Я') });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: /Борис/ }));
    const conv = await screen.findByRole('region', { name: 'Борис' });
    await within(conv).findByText('Привет!');
    expect(within(conv).getAllByText('Борис').length).toBeGreaterThan(0);
    // Opened: its 7 unread are gone from the badge (5 of the team chat stay), the newest message is read.
    await waitFor(() => expect(screen.getByTestId('chat-badge')).toHaveTextContent('5'));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('mark_messages_read', { chat_id: 'c1', message_ids: ['m2'] }));

    const send = within(conv).getByRole('button', { name: 'Отправить' });
    const input = within(conv).getByRole('textbox', { name: 'Сообщение' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.clear(input);
    await user.type(input, ' Иду на тренировку {Enter}');
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('send_message', { chat_id: 'c1', content: 'Иду на тренировку' }));
    expect(await within(conv).findByText('Иду на тренировку')).toBeInTheDocument();
    expect(input).toHaveValue('');

    // Back to the list.
    await user.click(within(conv).getByRole('button', { name: 'Назад' }));
    expect(screen.getByRole('tab', { name: 'Чаты' })).toBeInTheDocument();
  });

  it('says new messages to screen readers: the unread count of closed chats, and each incoming message of the open one', async () => {
    server();
    const user = userEvent.setup();
    const { qc } = renderPage(<ChatWidget />);
    await waitFor(() => expect(screen.getByText('Непрочитанных сообщений в чатах: 9+')).toHaveAttribute('role', 'status'));
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: /Борис/ }));
    const conv = await screen.findByRole('region', { name: 'Борис' });
    await within(conv).findByText('Привет!');
    const live = within(conv).getByRole('status', { name: 'Новые сообщения' });
    // The history already there is not read out; a message that comes in is, with its sender.
    expect(live).toHaveTextContent('');
    act(() => {
      qc.setQueryData<ChatMessagePages>(chatKeys.messages('c1'), (data) => data && withChatMessage(data, message('m9', 'Выхожу через пять минут')));
    });
    await waitFor(() => expect(live).toHaveTextContent('Новое сообщение от Борис: Выхожу через пять минут'));
    // The user's own message is not.
    act(() => {
      qc.setQueryData<ChatMessagePages>(chatKeys.messages('c1'), (data) => data && withChatMessage(data, message('m10', 'Жду', 'me', 'Я')));
    });
    expect(await within(conv).findByText('Жду')).toBeInTheDocument();
    expect(live).toHaveTextContent('Новое сообщение от Борис: Выхожу через пять минут');
  });

  it('says what failed in Russian: the list, the history, a send (keeping the text)', async () => {
    const offline = () => {
      throw new Error('offline');
    };
    server({ list_chats_summary: offline });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    expect(await screen.findByText('Не удалось получить список чатов')).toBeInTheDocument();

    server({ list_messages: offline, send_message: () => {
      throw new ApiError(400, 3, 'Сообщение не может быть пустым');
    } });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await user.click(await screen.findByRole('button', { name: /Борис/ }));
    expect(await screen.findByText('Не удалось получить сообщения')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Сообщение' });
    await user.type(input, 'текст{Enter}');
    expect(await screen.findByText('Сообщение не может быть пустым')).toBeInTheDocument();
    expect(input).toHaveValue('текст');
    server({ send_message: offline, list_messages: () => ({ messages: [] }) });
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Не удалось отправить сообщение')).toBeInTheDocument();
  });

  it('lists friends with their status and requests; accepts, declines, writes to a friend', async () => {
    server({ create_chat: (p) => ({ ...chats()[0], id: 'c9', name: 'Анна', unread_count: 0, participants: ['me', ...(p.user_ids as string[])] }) });
    nakama.listFriends.mockResolvedValue({
      friends: [
        { state: 0, user: { id: 'ann', display_name: 'Анна' } },
        { state: 0, user: { id: 'oleg', display_name: 'Олег' } },
        { state: 2, user: { id: 'ivan', display_name: 'Иван' } },
      ],
    });
    followUsers.mockResolvedValue([]);
    nakama.addFriends.mockResolvedValue(true);
    nakama.deleteFriends.mockResolvedValue(true);
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(screen.getByRole('tab', { name: 'Друзья' }));
    expect(screen.getByRole('searchbox', { name: 'Поиск пользователей' })).toHaveAttribute('placeholder', 'Поиск пользователей...');
    const friends = await screen.findByRole('region', { name: 'Друзья' });
    expect(within(friends).getAllByText('Не в сети')).toHaveLength(2);
    await waitFor(() => expect(followUsers).toHaveBeenCalledWith(['ann', 'oleg']));

    const incoming = screen.getByRole('region', { name: 'Заявки в друзья' });
    await user.click(within(incoming).getByRole('button', { name: 'Принять' }));
    await waitFor(() => expect(nakama.addFriends).toHaveBeenCalledWith(snapshot.session, ['ivan']));
    await user.click(within(incoming).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(nakama.deleteFriends).toHaveBeenCalledWith(snapshot.session, ['ivan']));

    const ann = within(friends).getByRole('group', { name: 'Действия: Анна' });
    await user.click(within(ann).getByRole('button', { name: 'Написать' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('create_chat', { name: 'Анна', user_ids: ['ann'], direct: true }));
    expect(await screen.findByRole('region', { name: 'Анна' })).toBeInTheDocument();
  });

  it('opens on the friends tab when the address asks for it (a friend request\'s notification), then drops the hash', async () => {
    server();
    nakama.listFriends.mockResolvedValue({ friends: [{ state: 2, user: { id: 'bob', display_name: 'Борис' } }] });
    const { router } = renderPage(<ChatWidget />, '/news?page=2#chat-friends');
    const panel = await screen.findByRole('dialog', { name: 'Чаты и друзья' });
    expect(within(panel).getByRole('tab', { name: 'Друзья' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Друзья' })).toHaveFocus());
    expect(await within(panel).findByRole('region', { name: 'Заявки в друзья' })).toHaveTextContent('Борис');
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/news', search: '?page=2', hash: '' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    // Closed, and asked for again: it opens again.
    const user = userEvent.setup();
    await user.click(toggle());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/news#chat-friends'));
    expect(await screen.findByRole('dialog', { name: 'Чаты и друзья' })).toBeInTheDocument();
  });

  it('opens the chat a push leads to (?chat=<id>) or the friends tab (?chat=friends), then drops the parameter', async () => {
    server();
    const { router } = renderPage(<ChatWidget />, '/?chat=c1&x=1');
    const conv = await screen.findByRole('region', { name: 'Борис' });
    expect(await within(conv).findByText('Привет!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/', search: '?x=1' }));
    await act(() => router.navigate('/?chat=friends'));
    const panel = await screen.findByRole('dialog', { name: 'Чаты и друзья' });
    expect(within(panel).getByRole('tab', { name: 'Друзья' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists friends beyond the first page, following the cursor', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ state: 0, user: { id: `f${from + i}`, display_name: `Друг ${from + i}` } }));
    nakama.listFriends.mockImplementation((_s: unknown, _state: unknown, _limit: unknown, cursor?: string) =>
      Promise.resolve(cursor === 'p2' ? { friends: page(100, 20) } : { friends: page(0, 100), cursor: 'p2' }));
    followUsers.mockResolvedValue([]);
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(screen.getByRole('tab', { name: 'Друзья' }));
    const friends = await screen.findByRole('region', { name: 'Друзья' });
    expect(await within(friends).findByText('Друг 119')).toBeInTheDocument();
    expect(within(friends).getAllByText('Не в сети')).toHaveLength(120);
    expect(nakama.listFriends).toHaveBeenLastCalledWith(snapshot.session, undefined, 100, 'p2');
  });

  it('searches users by name and sends a friend request', async () => {
    server({ search_users: (p) => ({ users: p.query === 'Пет' ? [{ id: 'petr', display_name: 'Пётр Петров' }] : [] }) });
    nakama.addFriends.mockResolvedValue(true);
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(screen.getByRole('tab', { name: 'Друзья' }));
    expect(await screen.findByText('У вас пока нет друзей. Найдите пользователей через поиск.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'Пет');
    const found = await screen.findByRole('group', { name: 'Действия: Пётр Петров' });
    await user.click(within(found).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(nakama.addFriends).toHaveBeenCalledWith(snapshot.session, ['petr']));
    expect(await screen.findByText('Заявка в друзья отправлена: Пётр Петров')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('Никого не нашлось')).toBeInTheDocument();
  });

  it('checks a new chat\'s name and participants before asking the server', async () => {
    server();
    nakama.listFriends.mockResolvedValue({ friends: [{ state: 0, user: { id: 'ann', display_name: 'Анна' } }] });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: '+ Новый чат' }));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Название чата не может быть пустым')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Название чата'), 'Защита');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Не указаны участники чата')).toBeInTheDocument();
    server({ create_chat: () => {
      throw new Error('offline');
    } });
    await user.click(await screen.findByRole('checkbox', { name: 'Анна' }));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Не удалось создать чат')).toBeInTheDocument();
  });

  it('manages a named chat\'s participants: adds a friend, says a refused removal in Russian, leaves', async () => {
    const group = { id: 'c3', name: 'Защита', team_id: null, participants: ['me', 'bob'], unread_count: 0, type: 'group', channel: { type: 3, target: 'g3' }, creator_id: 'me' };
    server({
      list_chats_summary: () => ({ chats: [group] }),
      list_messages: () => ({ messages: [] }),
      add_user_to_chat: () => ({}),
      remove_user_from_chat: (p) => {
        if (p.user_id === 'bob') throw new ApiError(403, 7, 'Удалять участников может создатель чата или его администратор.');
        return {};
      },
    });
    nakama.getUsers.mockResolvedValue({ users: [{ id: 'me', display_name: 'Я Сам' }, { id: 'bob', display_name: 'Борис' }] });
    nakama.listFriends.mockResolvedValue({ friends: [{ state: 0, user: { id: 'ann', display_name: 'Анна' } }, { state: 0, user: { id: 'bob', display_name: 'Борис' } }] });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: /Защита/ }));
    await user.click(await screen.findByRole('button', { name: /Участники/ }));
    const members = screen.getByRole('region', { name: 'Участники чата «Защита»' });
    expect(await within(members).findByText('Борис')).toBeInTheDocument();
    await user.click(within(members).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Удалять участников может создатель чата или его администратор.')).toBeInTheDocument();
    // Only friends not in the chat are offered.
    const select = within(members).getByLabelText('Добавить в чат');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['—', 'Анна']);
    await user.selectOptions(select, 'ann');
    await user.click(within(members).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('add_user_to_chat', { chat_id: 'c3', user_id: 'ann' }));
    await user.click(within(members).getByRole('button', { name: 'Покинуть чат' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('remove_user_from_chat', { chat_id: 'c3', user_id: 'me' }));
    expect(await screen.findByRole('tab', { name: 'Чаты' })).toBeInTheDocument();
  });

  it('offers removing others to the chat\'s creator only; a member may leave', async () => {
    const group = { id: 'c4', name: 'Родители', team_id: null, participants: ['me', 'bob'], unread_count: 0, type: 'group', channel: { type: 3, target: 'g4' }, creator_id: 'bob' };
    server({ list_chats_summary: () => ({ chats: [group] }), list_messages: () => ({ messages: [] }) });
    nakama.getUsers.mockResolvedValue({ users: [{ id: 'me', display_name: 'Я Сам' }, { id: 'bob', display_name: 'Борис' }] });
    nakama.listFriends.mockResolvedValue({ friends: [] });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: /Родители/ }));
    await user.click(await screen.findByRole('button', { name: /Участники/ }));
    const members = screen.getByRole('region', { name: 'Участники чата «Родители»' });
    expect(await within(members).findByText('Борис')).toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(members).getByRole('button', { name: 'Покинуть чат' })).toBeInTheDocument();
  });

  it('loads older messages when the history is scrolled to the top, and says where it begins', async () => {
    server({
      list_messages: (p) => (p.cursor === 'older'
        ? { messages: [message('m0', 'Самое первое')] }
        : { messages: [message('m2', 'Как дела?'), message('m1', 'Привет!')], cursor: 'older' }),
    });
    const user = userEvent.setup();
    renderPage(<ChatWidget />);
    await user.click(toggle());
    await user.click(await screen.findByRole('button', { name: /Борис/ }));
    const history = await screen.findByRole('list', { name: 'Сообщения' });
    await within(history).findByText('Привет!');
    expect(within(history).queryByText('Начало переписки')).not.toBeInTheDocument();
    fireEvent.scroll(history);
    expect(await within(history).findByText('Самое первое')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_messages', { chat_ids: ['c1'], limit: 50, cursor: 'older' });
    // Oldest first on the screen.
    expect(within(history).getAllByRole('listitem').map((li) => li.querySelector('.conv-text')?.textContent).filter(Boolean)).toEqual(['Самое первое', 'Привет!', 'Как дела?']);
    expect(within(history).getByText('Начало переписки')).toBeInTheDocument();
  });
});
