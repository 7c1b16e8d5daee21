import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { ChannelMessage, Session, Socket } from '@heroiclabs/nakama-js';
import { nextEvent } from '@tribuna/server/testing';
import { Code, failsWithCode, startPortal, type Any, type Portal } from '../testing.ts';
import { VIA_PORTAL } from './socket-hooks.ts';

let P: Portal;
let owner: Session;
let member: Session;
let stranger: Session;
let guest: Session;
let teamId: string;
let teamChat: Any;

before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, member, stranger, guest] = await Promise.all([P.registered(), P.registered(), P.registered(), P.guest()]);
  await P.ts.app.nk.accountUpdateId(owner.user_id!, { displayName: 'Тренер Иванов' });
  teamId = (await P.team(owner, { name: 'Спартак' })).id;
  await P.member(owner, member, teamId);
  teamChat = await chatOfTeam(owner, teamId);
});
after(() => P.close());

const send = (s: Session, chatId: string, content: unknown) => P.call(s, 'send_message', { chat_id: chatId, content });
const messages = (s: Session, chatIds: string[], input: object = {}) => P.call(s, 'list_messages', { chat_ids: chatIds, ...input });
const chats = async (s: Session): Promise<Any[]> => (await P.call(s, 'list_chats', {})).chats;
const summary = async (s: Session): Promise<Any[]> => (await P.call(s, 'list_chats_summary', {})).chats;
async function chatOfTeam(s: Session, id: string): Promise<Any> {
  return (await chats(s)).find((c) => c.team_id === id);
}
const unread = async (s: Session, chatId: string) => (await summary(s)).find((c) => c.id === chatId)?.unread_count;

/** A socket of s that joined the chat's channel, and its next channel message. */
async function joined(s: Session, chat: Any): Promise<Socket> {
  const socket = P.ts.client().createSocket();
  await socket.connect(s, false);
  await socket.joinChat(chat.channel.target, chat.channel.type, true, false);
  return socket;
}

describe('team chat', () => {
  it('is made with the team: its name, its owner and confirmed members, its group channel', async () => {
    assert.ok(teamChat);
    assert.equal(teamChat.type, 'team');
    assert.equal(teamChat.name, 'Спартак');
    assert.deepEqual(teamChat.channel.type, 3);
    assert.match(teamChat.id, /^3\.[0-9a-f-]{36}\.\.$/);
    assert.equal(teamChat.id, `3.${teamChat.channel.target}..`);
    assert.deepEqual([...teamChat.participants].sort(), [owner.user_id, member.user_id].sort());
    assert.equal(teamChat.unread_count, 0);
    assert.ok(await chatOfTeam(member, teamId));
    assert.equal(await chatOfTeam(stranger, teamId), undefined);
  });

  it('sends, lists newest first with the sender\'s name, and pages to older messages', async () => {
    const t = await P.team(owner);
    const chat = await chatOfTeam(owner, t.id);
    const sent = await send(owner, chat.id, '  Привет, команда!  ');
    assert.deepEqual(Object.keys(sent).sort(), ['chat_id', 'content', 'created_at', 'id', 'sender_id', 'sender_name']);
    assert.equal(sent.content, 'Привет, команда!');
    assert.equal(sent.chat_id, chat.id);
    assert.equal(sent.sender_id, owner.user_id);
    assert.equal(sent.sender_name, 'Тренер Иванов');
    for (let i = 1; i <= 4; i++) await send(owner, chat.id, `Сообщение ${i}`);
    const first = await messages(owner, [chat.id], { limit: 3 });
    assert.deepEqual(first.messages.map((m: Any) => m.content), ['Сообщение 4', 'Сообщение 3', 'Сообщение 2']);
    assert.ok(first.cursor);
    const second = await messages(owner, [chat.id], { limit: 3, cursor: first.cursor });
    assert.deepEqual(second.messages.map((m: Any) => m.content), ['Сообщение 1', 'Привет, команда!']);
    assert.equal(second.cursor, undefined);
    assert.equal(second.messages[1].id, sent.id);
    assert.equal(second.messages[1].sender_name, 'Тренер Иванов');
  });

  it('follows the roster: an approved member is in, a removed one is out', async () => {
    const t = await P.team(owner);
    const newcomer = await P.registered();
    const p = await P.player(newcomer);
    const tp = await P.call(newcomer, 'request_join_team_player', { team_id: t.id, player_id: p.id });
    const chat = await chatOfTeam(owner, t.id);
    assert.ok(!chat.participants.includes(newcomer.user_id));
    await failsWithCode(send(newcomer, chat.id, 'Можно?'), Code.Denied, 'Нет доступа к этому чату.');
    await P.call(owner, 'approve_team_player', { id: tp.id });
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, newcomer.user_id!), 2);
    assert.ok((await chatOfTeam(owner, t.id)).participants.includes(newcomer.user_id));
    assert.ok(await chatOfTeam(newcomer, t.id));
    await send(newcomer, chat.id, 'Я в команде');
    await P.call(owner, 'reject_team_player', { id: tp.id });
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, newcomer.user_id!), undefined);
    assert.equal(await chatOfTeam(newcomer, t.id), undefined);
    await failsWithCode(send(newcomer, chat.id, 'А теперь?'), Code.Denied, 'Нет доступа к этому чату.');
    await failsWithCode(messages(newcomer, [chat.id]), Code.Denied, 'Нет доступа к этому чату.');
  });

  it('loses a member whose player is deleted, and keeps one with another confirmed player', async () => {
    const t = await P.team(owner);
    const u = await P.registered();
    const a = await P.member(owner, u, t.id);
    const b = await P.member(owner, u, t.id);
    const chat = await chatOfTeam(owner, t.id);
    await P.call(u, 'delete_player', { id: a.player_id });
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, u.user_id!), 2);
    await P.call(u, 'delete_player', { id: b.player_id });
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, u.user_id!), undefined);
  });

  it('is made lazily for a team that has none, with its whole roster', async () => {
    const t = await P.team(owner);
    const m = await P.registered();
    await P.member(owner, m, t.id);
    const group = (await chatOfTeam(owner, t.id)).channel.target;
    // A team from before chats: no group.
    await P.ts.app.nk.groupDelete(group);
    await P.ts.app.nk.db.execute('UPDATE team SET chat_group_id = NULL WHERE id = $1', [t.id]);
    const chat = await chatOfTeam(m, t.id);
    assert.notEqual(chat.channel.target, group);
    assert.deepEqual([...chat.participants].sort(), [owner.user_id, m.user_id].sort());
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, m.user_id!), 2);
    assert.equal(await P.ts.app.nk.groupUserState(chat.channel.target, owner.user_id!), 0);
  });

  it('goes with the team', async () => {
    const t = await P.team(owner);
    const chat = await chatOfTeam(owner, t.id);
    await send(owner, chat.id, 'Прощайте');
    await P.call(owner, 'delete_team', { id: t.id });
    assert.deepEqual(await P.ts.app.nk.groupsGetId([chat.channel.target]), []);
    await failsWithCode(send(owner, chat.id, 'Есть кто?'), Code.NotFound, 'Чат не найден.');
  });

  it('is returned by create_chat with team_id to its owner and admins only', async () => {
    const got = await P.call(owner, 'create_chat', { team_id: teamId });
    assert.equal(got.id, teamChat.id);
    await failsWithCode(P.call(member, 'create_chat', { team_id: teamId }), Code.Denied);
    await failsWithCode(P.call(stranger, 'create_chat', { team_id: teamId }), Code.Denied);
  });

  it('refuses adding and removing people: its people are the roster', async () => {
    await failsWithCode(P.call(owner, 'add_user_to_chat', { chat_id: teamChat.id, user_id: stranger.user_id }), Code.Denied, /составе/);
    await failsWithCode(P.call(owner, 'remove_user_from_chat', { chat_id: teamChat.id, user_id: member.user_id }), Code.Denied, /составе/);
  });
});

describe('live delivery', () => {
  it('a message sent by RPC arrives at once on a participant\'s socket that joined the chat', async () => {
    const socket = await joined(member, teamChat);
    try {
      const got = nextEvent<ChannelMessage>((r) => (socket.onchannelmessage = r));
      const sent = await send(owner, teamChat.id, 'Тренировка в 19:00');
      const m = await got;
      assert.equal(m.channel_id, teamChat.id);
      assert.equal(m.message_id, sent.id);
      assert.equal(m.sender_id, owner.user_id);
      assert.deepEqual(m.content, { text: 'Тренировка в 19:00' });
    } finally {
      socket.disconnect(false);
    }
  });

  it('is written one way: the socket refuses writes to the portal\'s chats and still delivers them', async () => {
    const socket = await joined(member, teamChat);
    try {
      const before = (await messages(owner, [teamChat.id], { limit: 1 })).messages[0]?.id;
      for (const write of [
        () => socket.writeChatMessage(teamChat.id, { text: 'С телефона' }),
        () => socket.updateChatMessage(teamChat.id, before ?? crypto.randomUUID(), { text: 'Правка' }),
        () => socket.removeChatMessage(teamChat.id, before ?? crypto.randomUUID()),
      ]) {
        await assert.rejects(write(), (e: { message: string }) => e.message === VIA_PORTAL);
      }
      assert.equal((await messages(owner, [teamChat.id], { limit: 1 })).messages[0]?.id, before, 'nothing written');
      // A room is not the portal's: the socket writes there as the game server has it.
      const room = await socket.joinChat(`Болельщики ${crypto.randomUUID()}`, 1, true, false);
      assert.ok((await socket.writeChatMessage(room.id, { text: 'Вперёд!' })).message_id);
    } finally {
      socket.disconnect(false);
    }
  });
});

describe('read markers', () => {
  it('count unread messages of others per user and chat, move forward only, and list the last message', async () => {
    const t = await P.team(owner);
    const m = await P.registered();
    await P.member(owner, m, t.id);
    const chat = await chatOfTeam(owner, t.id);
    const a = await send(owner, chat.id, 'Раз');
    const b = await send(owner, chat.id, 'Два');
    await send(m, chat.id, 'Моё');
    assert.equal(await unread(m, chat.id), 2);
    assert.equal(await unread(owner, chat.id), 1);
    const s = (await summary(m)).find((c) => c.id === chat.id);
    assert.equal(s.last_message.content, 'Моё');
    assert.equal(s.last_message.sender_id, m.user_id);
    await P.call(m, 'mark_messages_read', { chat_id: chat.id, message_ids: [a.id] });
    assert.equal(await unread(m, chat.id), 1);
    await P.call(m, 'mark_messages_read', { chat_id: chat.id, message_ids: [b.id] });
    assert.equal(await unread(m, chat.id), 0);
    // Older ids do not move the marker back; another user's marker is their own.
    await P.call(m, 'mark_messages_read', { chat_id: chat.id, message_ids: [a.id] });
    assert.equal(await unread(m, chat.id), 0);
    assert.equal(await unread(owner, chat.id), 1);
    // A message of another chat does not count.
    const other = (await chatOfTeam(owner, teamId)).id;
    const elsewhere = await send(owner, other, 'Не сюда');
    await P.call(owner, 'mark_messages_read', { chat_id: chat.id, message_ids: [elsewhere.id] });
    assert.equal(await unread(owner, chat.id), 1);
  });

  it('sorts the summary by the last message', async () => {
    const t1 = await P.team(owner);
    const t2 = await P.team(owner);
    const c1 = await chatOfTeam(owner, t1.id);
    const c2 = await chatOfTeam(owner, t2.id);
    await send(owner, c2.id, 'Раньше');
    await send(owner, c1.id, 'Позже');
    const ids = (await summary(owner)).map((c) => c.id);
    assert.ok(ids.indexOf(c1.id) < ids.indexOf(c2.id));
    assert.equal(ids[0], c1.id);
  });
});

describe('direct chats', () => {
  it('are found again, not duplicated, from either side, named by the other user', async () => {
    const [a, b] = await Promise.all([P.registered(), P.registered()]);
    await P.ts.app.nk.accountUpdateId(b.user_id!, { displayName: 'Борис' });
    await P.ts.app.nk.accountUpdateId(a.user_id!, { displayName: 'Анна' });
    const first = await P.call(a, 'create_chat', { name: 'Борис', user_ids: [b.user_id], direct: true });
    const again = await P.call(a, 'create_chat', { name: 'Борис', user_ids: [b.user_id], direct: true });
    const fromB = await P.call(b, 'create_chat', { name: 'Анна', user_ids: [a.user_id], direct: true });
    assert.equal(first.id, again.id);
    assert.equal(first.id, fromB.id);
    assert.equal(first.type, 'direct');
    assert.equal(first.name, 'Борис');
    assert.equal(fromB.name, 'Анна');
    assert.deepEqual(first.channel, { type: 2, target: b.user_id });
    assert.deepEqual(fromB.channel, { type: 2, target: a.user_id });
    assert.equal(first.team_id, null);
    assert.equal((await chats(a)).filter((c) => c.type === 'direct').length, 1);
    await send(a, first.id, 'Привет, Борис');
    const list = await messages(b, [first.id]);
    assert.equal(list.messages[0].content, 'Привет, Борис');
    assert.equal(list.messages[0].sender_name, 'Анна');
    await failsWithCode(messages(stranger, [first.id]), Code.Denied, 'Нет доступа к этому чату.');
    await failsWithCode(send(stranger, first.id, 'Влезу'), Code.Denied, 'Нет доступа к этому чату.');
    await failsWithCode(P.call(a, 'add_user_to_chat', { chat_id: first.id, user_id: stranger.user_id }), Code.Invalid);
    await failsWithCode(P.call(a, 'remove_user_from_chat', { chat_id: first.id, user_id: b.user_id }), Code.Invalid);
  });

  it('need exactly one other existing user', async () => {
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Я', user_ids: [owner.user_id], direct: true }), Code.Invalid);
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Двое', user_ids: [member.user_id, stranger.user_id], direct: true }), Code.Invalid);
    await failsWithCode(
      P.call(owner, 'create_chat', { name: 'Никто', user_ids: ['00000000-0000-4000-8000-000000000001'], direct: true }),
      Code.NotFound,
      'Пользователь не найден.',
    );
  });
});

describe('named chats', () => {
  it('hold the creator and the participants, who add, remove and leave by the rules', async () => {
    const [a, b, c, d] = await Promise.all([P.registered(), P.registered(), P.registered(), P.registered()]);
    const chat = await P.call(a, 'create_chat', { name: '  Родители  ', user_ids: [b.user_id, b.user_id, a.user_id] });
    assert.equal(chat.type, 'group');
    assert.equal(chat.name, 'Родители');
    assert.equal(chat.team_id, null);
    assert.equal(chat.channel.type, 3);
    assert.deepEqual([...chat.participants].sort(), [a.user_id, b.user_id].sort());
    assert.equal(chat.creator_id, a.user_id);
    assert.equal((await chats(b)).find((x) => x.id === chat.id)?.creator_id, a.user_id);
    await send(b, chat.id, 'Здравствуйте');
    await failsWithCode(send(c, chat.id, 'Я тут'), Code.Denied, 'Нет доступа к этому чату.');
    // A plain participant adds nobody; the creator does.
    await failsWithCode(P.call(b, 'add_user_to_chat', { chat_id: chat.id, user_id: c.user_id }), Code.Denied);
    await failsWithCode(P.call(c, 'add_user_to_chat', { chat_id: chat.id, user_id: d.user_id }), Code.Denied);
    assert.deepEqual(await P.call(a, 'add_user_to_chat', { chat_id: chat.id, user_id: c.user_id }), {});
    assert.deepEqual(await P.call(a, 'add_user_to_chat', { chat_id: chat.id, user_id: c.user_id }), {});
    await send(c, chat.id, 'Теперь я тут');
    // A participant removes nobody else, but leaves; the creator removes others, not while others remain themself.
    await failsWithCode(P.call(b, 'remove_user_from_chat', { chat_id: chat.id, user_id: c.user_id }), Code.Denied);
    assert.deepEqual(await P.call(b, 'remove_user_from_chat', { chat_id: chat.id, user_id: b.user_id }), {});
    await failsWithCode(send(b, chat.id, 'Вернулся'), Code.Denied);
    await failsWithCode(P.call(a, 'remove_user_from_chat', { chat_id: chat.id, user_id: a.user_id }), Code.Precondition);
    assert.deepEqual(await P.call(a, 'remove_user_from_chat', { chat_id: chat.id, user_id: c.user_id }), {});
    assert.ok(!(await chats(c)).some((x) => x.id === chat.id));
    assert.deepEqual(await P.call(a, 'remove_user_from_chat', { chat_id: chat.id, user_id: a.user_id }), {});
    assert.ok(!(await chats(a)).some((x) => x.id === chat.id));
    await failsWithCode(send(a, chat.id, 'Пусто'), Code.NotFound, 'Чат не найден.');
  });

  it('need a name and participants, and participants that exist', async () => {
    await failsWithCode(P.call(owner, 'create_chat', { name: '   ', user_ids: [member.user_id] }), Code.Invalid, 'Название чата не может быть пустым');
    await failsWithCode(P.call(owner, 'create_chat', { user_ids: [member.user_id] }), Code.Invalid, 'Название чата не может быть пустым');
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Чат', user_ids: [] }), Code.Invalid, 'Не указаны участники чата');
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Чат', user_ids: [owner.user_id] }), Code.Invalid, 'Не указаны участники чата');
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Чат' }), Code.Invalid, 'Не указаны участники чата');
    await failsWithCode(P.call(owner, 'create_chat', { name: 'x'.repeat(101), user_ids: [member.user_id] }), Code.Invalid, /^Название: /);
    await failsWithCode(P.call(owner, 'create_chat', { name: 'Чат', user_ids: ['nope'] }), Code.Invalid, /^Пользователи: /);
    await failsWithCode(
      P.call(owner, 'create_chat', { name: 'Чат', user_ids: ['00000000-0000-4000-8000-000000000001'] }),
      Code.NotFound,
      'Пользователь не найден.',
    );
  });
});

describe('bad input and refusals', () => {
  it('refuses empty, blank, too long and non-text messages', async () => {
    await failsWithCode(send(owner, teamChat.id, ''), Code.Invalid, 'Сообщение не может быть пустым');
    await failsWithCode(send(owner, teamChat.id, ' \n\t '), Code.Invalid, 'Сообщение не может быть пустым');
    await failsWithCode(P.call(owner, 'send_message', { chat_id: teamChat.id }), Code.Invalid, 'Сообщение не может быть пустым');
    await failsWithCode(send(owner, teamChat.id, 'я'.repeat(4001)), Code.Invalid, 'Сообщение не длиннее 4000 символов.');
    await failsWithCode(send(owner, teamChat.id, 12), Code.Invalid, 'Сообщение должно быть текстом.');
    assert.equal((await send(owner, teamChat.id, 'я'.repeat(4000))).content.length, 4000);
  });

  it('refuses unknown and malformed chat ids, limits and cursors with field labels', async () => {
    await failsWithCode(send(owner, 'abc', 'Привет'), Code.Invalid, 'Чат: ожидался идентификатор чата.');
    await failsWithCode(send(owner, `3.${crypto.randomUUID()}..`, 'Привет'), Code.NotFound, 'Чат не найден.');
    await failsWithCode(messages(owner, []), Code.Invalid, /^Чаты: /);
    await failsWithCode(messages(owner, [teamChat.id], { limit: 101 }), Code.Invalid, /^Размер страницы: /);
    await failsWithCode(messages(owner, [teamChat.id], { cursor: 'nope' }), Code.Invalid);
    await failsWithCode(P.call(owner, 'mark_messages_read', { chat_id: teamChat.id, message_ids: [] }), Code.Invalid, /^Сообщения: /);
    await failsWithCode(P.call(owner, 'mark_messages_read', { chat_id: teamChat.id, message_ids: ['x'] }), Code.Invalid, /^Сообщения: /);
    await failsWithCode(P.call(owner, 'add_user_to_chat', { chat_id: teamChat.id, user_id: 'x' }), Code.Invalid, /^Пользователь: /);
  });

  it('refuses guests every chat call', async () => {
    const calls: [string, object][] = [
      ['send_message', { chat_id: teamChat.id, content: 'Привет' }],
      ['list_messages', { chat_ids: [teamChat.id] }],
      ['mark_messages_read', { chat_id: teamChat.id, message_ids: [crypto.randomUUID()] }],
      ['list_chats', {}],
      ['list_chats_summary', {}],
      ['create_chat', { name: 'Чат', user_ids: [owner.user_id] }],
      ['add_user_to_chat', { chat_id: teamChat.id, user_id: owner.user_id }],
      ['remove_user_from_chat', { chat_id: teamChat.id, user_id: owner.user_id }],
    ];
    for (const [id, input] of calls) await failsWithCode(P.call(guest, id, input), Code.Denied);
  });

  it('refuses strangers reading, writing and marking a chat', async () => {
    await failsWithCode(send(stranger, teamChat.id, 'Привет'), Code.Denied, 'Нет доступа к этому чату.');
    await failsWithCode(messages(stranger, [teamChat.id]), Code.Denied, 'Нет доступа к этому чату.');
    await failsWithCode(P.call(stranger, 'mark_messages_read', { chat_id: teamChat.id, message_ids: [crypto.randomUUID()] }), Code.Denied);
    await failsWithCode(P.call(stranger, 'add_user_to_chat', { chat_id: teamChat.id, user_id: stranger.user_id }), Code.Denied);
    const direct = `4.${[member.user_id, owner.user_id].sort().join('.')}.`;
    await failsWithCode(messages(stranger, [direct]), Code.Denied, 'Нет доступа к этому чату.');
  });
});
