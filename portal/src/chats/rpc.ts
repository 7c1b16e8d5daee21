// Chats: a chat is a channel of the game server, so one message store and one delivery path serve the
// RPCs and the socket alike. A team's chat is its group's channel (following the roster), a named chat a
// closed group's channel, a direct chat the direct channel of two users. The chat's id is the channel id
// as the socket's channel_message carries it. Only participants read or write a chat; every RPC here is
// for registered users.
import { z } from 'zod';
import { AppError, failedPrecondition, invalid, notFound, permissionDenied, storedBytes } from '@tribuna/server';
import { cursor, limit, lineField, rpc, uuid, uuids } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { requireManager } from '../teams/index.ts';
import { addable, chatFor, chatId, directAllowed, directRef, groupRef, sendAs, type ChatRef } from './access.ts';
import { chatsOf, describe, groupMembers, lastTime, messageOf, namesOf } from './listing.ts';
import { deleteNamedChat, forgetChat, insertNamedChat, markRead, rememberDirect, teamChat, type Message } from './store.ts';
import { chatUrl, pushChatMessage } from '../push/index.ts';
import { ensureTeamChat } from './team-chat.ts';

/** The longest message, in characters. */
const MAX_MESSAGE = TEXT_LIMITS.chatMessage;
/** Participants a named chat's group may hold. */
const NAMED_CHAT_MAX = 500;

const EMPTY_MESSAGE = 'Сообщение не может быть пустым';
const EMPTY_NAME = 'Название чата не может быть пустым';
const NO_PARTICIPANTS = 'Не указаны участники чата';

/** What a message stores: its text in a JSON object (the socket's messages are JSON objects too). */
const messageContent = (text: string) => ({ text });

/** A message's text: trimmed, not empty, at most MAX_MESSAGE characters. */
function messageText(value: unknown): string {
  if (value === undefined || value === null) throw invalid(EMPTY_MESSAGE);
  if (typeof value !== 'string') throw invalid('Сообщение должно быть текстом.');
  const text = value.trim();
  if (!text) throw invalid(EMPTY_MESSAGE);
  if ([...text].length > MAX_MESSAGE) throw invalid(`Сообщение не длиннее ${MAX_MESSAGE} символов.`);
  return text;
}

/** A named chat's group for an add or a removal; team chats follow their roster, direct chats have two users. */
function namedOnly(chat: ChatRef): void {
  if (chat.type === 'team') throw permissionDenied('Участники командного чата — это состав команды: их меняют в составе.');
  if (chat.type === 'direct') throw invalid('В личном чате всегда два участника.');
}

export const chatRpcs = [
  // Participants; in a direct chat, not while either user has blocked the other. The message goes through
  // the chat's channel at once to every socket that joined it.
  rpc('send_message', 'registered', z.object({ chat_id: chatId, content: z.unknown().optional() }), async ({ input, ctx, userId, nk, logger }) => {
    const text = messageText(input.content);
    const chat = await chatFor(nk, input.chat_id, userId);
    if (chat.type === 'direct' && !(await nk.usersGetId([chat.target])).length) throw notFound('Пользователь не найден.');
    const names = await namesOf(nk, [userId]);
    const username = ctx.username ?? names.get(userId) ?? '';
    const ack = await sendAs(nk, chat, text, userId, username);
    if (chat.type === 'direct') await rememberDirect(nk.db, userId, chat.target);
    const senderName = names.get(userId) ?? username;
    pushChatMessage(nk, logger, {
      chatId: chat.id,
      senderId: userId,
      participants: () => (chat.type === 'direct' ? Promise.resolve([chat.target]) : groupMembers(nk, chat.target)),
      message: chat.type === 'direct'
        ? { title: senderName, body: text, url: chatUrl(chat.id) }
        : { title: chat.team?.name ?? chat.named?.name ?? 'Чат', body: `${senderName}: ${text}`, url: chatUrl(chat.id) },
    });
    return {
      id: ack.messageId, chat_id: chat.id, content: text, sender_id: userId,
      sender_name: names.get(userId) ?? username, created_at: ack.createTime.toISOString(),
    } satisfies Message;
  }, { limit: 'message', stored: (_, sent) => storedBytes(messageContent(sent.content)) }),

  // Participants of every chat asked for; newest first, the cursor pages to older messages. Messages
  // without a text (group system messages) are left out.
  rpc(
    'list_messages',
    'registered',
    z.object({ chat_ids: z.array(chatId).min(1, 'укажите чат.').max(20), limit: limit(50), cursor }),
    async ({ input, userId, nk }) => {
      const ids = [...new Set(input.chat_ids)];
      for (const id of ids) await chatFor(nk, id, userId);
      const page = await nk.channelsMessagesList(ids, input.limit, input.cursor || undefined, { contentField: 'text' });
      const names = await namesOf(nk, page.messages.map((m) => m.senderId));
      return { messages: page.messages.map((m) => messageOf(m, names)), ...(page.cursor && { cursor: page.cursor }) };
    },
  ),

  // Participants, for themselves: the chat counts as read up to the newest of these messages (unknown
  // ids and other chats' messages are ignored; the marker never moves back).
  rpc(
    'mark_messages_read',
    'registered',
    z.object({ chat_id: chatId, message_ids: uuids.min(1, 'укажите сообщения.') }),
    async ({ input, userId, nk }) => {
      const chat = await chatFor(nk, input.chat_id, userId);
      const found = await nk.channelMessagesGetId(chat.id, input.message_ids);
      if (found.length) await markRead(nk.db, userId, chat.id, found[found.length - 1].createTime);
      return {};
    },
    { limit: 'mark' },
  ),

  // The caller's chats: team chats, named chats, direct chats, each with its unread count.
  rpc('list_chats', 'registered', z.object({}), async ({ userId, nk }) => ({
    chats: await describe(nk, userId, await chatsOf(nk, userId), false),
  })),

  // The caller's chats with their unread counts and last messages (one statement for all of them),
  // the most recently active first.
  rpc('list_chats_summary', 'registered', z.object({}), async ({ userId, nk }) => {
    const chats = await describe(nk, userId, await chatsOf(nk, userId), true);
    chats.sort((a, b) => lastTime(b).localeCompare(lastTime(a)) || a.name.localeCompare(b.name, 'ru'));
    return { chats };
  }),

  // Registered users. With team_id: that team's chat, for its owner and admins. With direct: the direct
  // chat with the one other user (the same one every time). Otherwise a named chat of the caller and
  // the users given. Not with a user when either has blocked the other.
  rpc(
    'create_chat',
    'registered',
    z.object({ name: lineField(TEXT_LIMITS.chatName).optional(), user_ids: uuids.optional(), team_id: uuid.optional(), direct: z.boolean().default(false) }),
    async ({ input, userId, nk }) => {
      if (input.team_id) {
        await requireManager(nk.db, input.team_id, userId);
        const team = await teamChat(nk.db, input.team_id);
        if (!team) throw notFound('Команда не найдена.');
        const groupId = await ensureTeamChat(nk, team);
        return (await describe(nk, userId, [groupRef(nk, groupId, { type: 'team', team })], true))[0];
      }
      const others = [...new Set(input.user_ids ?? [])].filter((id) => id !== userId);
      if (input.direct) {
        if (others.length !== 1) throw invalid('Личный чат — это чат с одним другим пользователем.');
        await directAllowed(nk, userId, others[0]);
        await rememberDirect(nk.db, userId, others[0]);
        return (await describe(nk, userId, [directRef(nk, userId, others[0])], true))[0];
      }
      if (!input.name) throw invalid(EMPTY_NAME);
      if (!others.length) throw invalid(NO_PARTICIPANTS);
      if ((await nk.usersGetId(others)).length !== others.length) throw notFound('Пользователь не найден.');
      await addable(nk, userId, others);
      const group = await nk.groupCreate(userId, { name: `chat:${nk.uuid()}`, open: false, maxCount: NAMED_CHAT_MAX });
      const named = { group_id: group.id, name: input.name, creator_id: userId };
      try {
        await nk.groupUsersAdd(group.id, others);
        await insertNamedChat(nk.db, named);
      } catch (err) {
        await nk.groupDelete(group.id);
        throw err;
      }
      return (await describe(nk, userId, [groupRef(nk, group.id, { type: 'group', named })], true))[0];
    },
    // A team's chat is its team's (one each) and a direct chat the pair's: only a named chat is a new one.
    { limit: 'chat', stored: (input) => (input.team_id || input.direct ? 0 : 1) },
  ),

  // Named chats: their creator and admins, not a user when either has blocked the other. Team chats follow
  // the roster (403); direct chats refuse (400).
  rpc('add_user_to_chat', 'registered', z.object({ chat_id: chatId, user_id: uuid }), async ({ input, userId, nk }) => {
    const chat = await chatFor(nk, input.chat_id, userId);
    namedOnly(chat);
    const mine = await nk.groupUserState(chat.target, userId);
    if (mine === undefined || mine > 1) throw permissionDenied('Добавлять участников может создатель чата или его администратор.');
    if (!(await nk.usersGetId([input.user_id])).length) throw notFound('Пользователь не найден.');
    const state = await nk.groupUserState(chat.target, input.user_id);
    if (state === undefined || state > 2) {
      await addable(nk, userId, [input.user_id]);
      try {
        await nk.groupUsersAdd(chat.target, [input.user_id]);
      } catch (err) {
        if (err instanceof AppError && err.code === 9) throw failedPrecondition('В чате уже наибольшее число участников.');
        throw err;
      }
    }
    return {};
  }, { limit: 'write' }),

  // Named chats: their creator and admins remove others (not the creator); anyone leaves by removing
  // themself (the creator only as the last participant, which ends the chat).
  rpc('remove_user_from_chat', 'registered', z.object({ chat_id: chatId, user_id: uuid }), async ({ input, userId, nk }) => {
    const chat = await chatFor(nk, input.chat_id, userId);
    namedOnly(chat);
    if (input.user_id === userId) {
      const mine = await nk.groupUserState(chat.target, userId);
      if (mine === 0 && (await groupMembers(nk, chat.target)).length > 1) {
        throw failedPrecondition('Создатель чата может выйти из него, только когда других участников не осталось.');
      }
      await nk.groupUserLeave(chat.target, userId);
      if (mine === 0) {
        await deleteNamedChat(nk.db, chat.target);
        await forgetChat(nk.db, chat.id);
      }
      return {};
    }
    const mine = await nk.groupUserState(chat.target, userId);
    if (mine === undefined || mine > 1) throw permissionDenied('Удалять участников может создатель чата или его администратор.');
    const state = await nk.groupUserState(chat.target, input.user_id);
    if (state === undefined) return {};
    if (state <= mine) throw permissionDenied('Этого участника удалить нельзя.');
    await nk.groupUsersKick(chat.target, [input.user_id]);
    return {};
  }, { limit: 'write' }),
];
