// A block between two users (either way) keeps them out of each other's direct chats and named chats and
// keeps the blocked user's notifications from the one who blocked; unblocking restores all of it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Notification, Session, Socket } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
});
after(() => P.close());

const BLOCKED_YOU = 'Пользователь ограничил личные сообщения от вас.';
const YOU_BLOCKED = 'Вы заблокировали этого пользователя. Разблокируйте его, чтобы написать ему.';
const CANNOT_ADD = 'Этого пользователя нельзя добавить в чат.';

const send = (s: Session, chatId: string, content: string) => P.call(s, 'send_message', { chat_id: chatId, content });
const texts = async (s: Session, chatId: string) =>
  (await P.call(s, 'list_messages', { chat_ids: [chatId] })).messages.map((m: Any) => m.content).reverse();
const block = (s: Session, other: Session) => P.ts.client().blockFriends(s, [other.user_id!]);
const unblock = (s: Session, other: Session) => P.ts.client().deleteFriends(s, [other.user_id!]);

describe('direct chats across a block', () => {
  it('refuse writing and starting both ways, each side told in its words; unblocked, they work again', async () => {
    const [a, b] = await Promise.all([P.registered(), P.registered()]);
    const chat = await P.call(a, 'create_chat', { user_ids: [b.user_id], direct: true });
    await send(a, chat.id, 'Привет');
    await block(b, a);
    await failsWithCode(send(a, chat.id, 'Ответь'), Code.Denied, BLOCKED_YOU);
    await failsWithCode(send(b, chat.id, 'Не пиши мне'), Code.Denied, YOU_BLOCKED);
    await failsWithCode(P.call(a, 'create_chat', { user_ids: [b.user_id], direct: true }), Code.Denied, BLOCKED_YOU);
    await failsWithCode(P.call(b, 'create_chat', { user_ids: [a.user_id], direct: true }), Code.Denied, YOU_BLOCKED);
    assert.deepEqual(await texts(b, chat.id), ['Привет']);

    await unblock(b, a);
    await send(a, chat.id, 'Понял');
    await send(b, chat.id, 'Мир');
    assert.equal((await P.call(b, 'create_chat', { user_ids: [a.user_id], direct: true })).id, chat.id);
    assert.deepEqual(await texts(a, chat.id), ['Привет', 'Понял', 'Мир']);
  });

  it('a direct chat first written to across a block is not started', async () => {
    const [a, b] = await Promise.all([P.registered(), P.registered()]);
    await block(a, b);
    const id = `4.${[a.user_id, b.user_id].sort().join('.')}.`;
    await failsWithCode(send(b, id, 'Привет'), Code.Denied, BLOCKED_YOU);
    const listed = async (s: Session) => (await P.call(s, 'list_chats', {})).chats.map((c: Any) => c.id);
    assert.deepEqual(await listed(a), []);
    assert.deepEqual(await listed(b), []);
  });
});

describe('named chats across a block', () => {
  it('cannot be made with, nor grow by, a user in a block with the caller, either way', async () => {
    const [a, b, c, d] = await Promise.all([P.registered(), P.registered(), P.registered(), P.registered()]);
    await block(a, b);
    await block(d, c);
    await failsWithCode(P.call(b, 'create_chat', { name: 'Родители', user_ids: [a.user_id] }), Code.Denied, CANNOT_ADD);
    await failsWithCode(P.call(a, 'create_chat', { name: 'Родители', user_ids: [b.user_id] }), Code.Denied, CANNOT_ADD);
    await failsWithCode(
      P.call(c, 'create_chat', { name: 'Родители', user_ids: [a.user_id, d.user_id] }),
      Code.Denied,
      'Некоторых из этих пользователей нельзя добавить в чат.',
    );
    const chat = await P.call(b, 'create_chat', { name: 'Родители', user_ids: [c.user_id] });
    await failsWithCode(P.call(b, 'add_user_to_chat', { chat_id: chat.id, user_id: a.user_id }), Code.Denied, CANNOT_ADD);
    const mine = await P.call(c, 'create_chat', { name: 'Тренеры', user_ids: [b.user_id] });
    await failsWithCode(P.call(c, 'add_user_to_chat', { chat_id: mine.id, user_id: d.user_id }), Code.Denied, CANNOT_ADD);
    assert.deepEqual([...(await P.call(b, 'list_chats', {})).chats.find((x: Any) => x.id === chat.id).participants].sort(),
      [b.user_id, c.user_id].sort());

    await unblock(a, b);
    assert.deepEqual(await P.call(b, 'add_user_to_chat', { chat_id: chat.id, user_id: a.user_id }), {});
    const both = await P.call(a, 'create_chat', { name: 'Вдвоём', user_ids: [b.user_id] });
    assert.deepEqual([...both.participants].sort(), [a.user_id, b.user_id].sort());
  });
});

describe('notifications across a block', () => {
  it('from the blocked user are neither listed nor pushed; unblocked, they come again', async () => {
    const [owner, fan] = await Promise.all([P.registered(), P.registered()]);
    const socket: Socket = P.ts.client().createSocket();
    await socket.connect(fan, false);
    const pushed: Notification[] = [];
    let arrived: (n: Notification) => void = () => {};
    socket.onnotification = (n) => {
      pushed.push(n);
      arrived(n);
    };
    try {
      await block(fan, owner);
      // Joining the owner's team puts the fan in its chat's group: the approval (102) and the group's notice
      // (-4) come from the owner.
      const team = await P.team(owner);
      await P.member(owner, fan, team.id);
      const stranger = await P.registered();
      const other = await P.team(stranger);
      await P.member(stranger, fan, other.id);
      const listed = async () => (await P.ts.client().listNotifications(fan, 100)).notifications ?? [];
      assert.deepEqual((await listed()).map((n) => [n.code, n.sender_id]), [[102, stranger.user_id], [-4, stranger.user_id]]);

      await unblock(fan, owner);
      const request = new Promise<Notification>((resolve) => {
        arrived = (n) => n.code === -2 && resolve(n);
      });
      await P.ts.client().addFriends(owner, [fan.user_id!]);
      await request;
      // Pushed in order: the owner's 102 and -4 would have come before the stranger's.
      const expected = [[102, stranger.user_id], [-4, stranger.user_id], [-2, owner.user_id]];
      assert.deepEqual(pushed.map((n) => [n.code, n.sender_id]), expected);
      assert.deepEqual((await listed()).map((n) => [n.code, n.sender_id]), expected);
    } finally {
      socket.disconnect(false);
    }
  });
});
