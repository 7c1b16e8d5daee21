// Which chat a chat id names and whether the caller may use it, and the blocks between users that keep
// them out of each other's direct chats and named chats (the game server's friend edges in state 3).
import { z } from 'zod';
import { AppError, Code, isUuid, notFound, permissionDenied, type Nk } from '@tribuna/server';
import { deleteNamedChat, forgetChat, namedChats, teamOfGroup, type ChatType, type NamedChatRow, type TeamChatRow } from './store.ts';

/** Channel types of channel_join: 2 direct, 3 group. */
export const DIRECT = 2;
export const GROUP = 3;

const NO_ACCESS = 'Нет доступа к этому чату.';
const NOT_FOUND = 'Чат не найден.';
const BLOCKED_YOU = 'Пользователь ограничил личные сообщения от вас.';
const YOU_BLOCKED = 'Вы заблокировали этого пользователя. Разблокируйте его, чтобы написать ему.';
const CANNOT_ADD = 'Этого пользователя нельзя добавить в чат.';
const CANNOT_ADD_SOME = 'Некоторых из этих пользователей нельзя добавить в чат.';

const GROUP_ID = /^3\.([0-9a-f-]{36})\.\.$/;
const DIRECT_ID = /^4\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.$/;

export const chatId = z
  .string({ error: 'ожидался идентификатор чата.' })
  .max(120, 'ожидался идентификатор чата.')
  .refine((s) => {
    const g = GROUP_ID.exec(s);
    if (g) return isUuid(g[1]);
    const d = DIRECT_ID.exec(s);
    return !!d && isUuid(d[1]) && isUuid(d[2]) && d[1] < d[2];
  }, 'ожидался идентификатор чата.');

/** A chat the caller may use, before its participants and counts are read. */
export interface ChatRef {
  id: string;
  type: ChatType;
  /** The group of a team or named chat, the other user of a direct one. */
  target: string;
  team?: TeamChatRow;
  named?: NamedChatRow;
}

/** A group chat's ref, or a direct chat's, built the way the server builds channel ids. */
export const groupRef = (nk: Nk, groupId: string, rest: Omit<ChatRef, 'id' | 'target'>): ChatRef =>
  ({ id: nk.channelIdBuild(null, groupId, GROUP), target: groupId, ...rest });
export const directRef = (nk: Nk, userId: string, otherId: string): ChatRef =>
  ({ id: nk.channelIdBuild(userId, otherId, DIRECT), type: 'direct', target: otherId });

/** Forgets a named chat whose group is gone: its row and its read markers. */
export async function forgetNamedChat(nk: Nk, groupId: string): Promise<void> {
  await deleteNamedChat(nk.db, groupId);
  await forgetChat(nk.db, nk.channelIdBuild(null, groupId, GROUP));
}

/** The chat of a chat id, for a participant only. A named chat whose group is gone is forgotten (404). */
export async function chatFor(nk: Nk, id: string, userId: string): Promise<ChatRef> {
  const d = DIRECT_ID.exec(id);
  if (d) {
    if (userId !== d[1] && userId !== d[2]) throw permissionDenied(NO_ACCESS);
    return directRef(nk, userId, userId === d[1] ? d[2] : d[1]);
  }
  const groupId = GROUP_ID.exec(id)![1];
  const found = await teamOfGroup(nk.db, groupId, userId);
  if (found) {
    const { in_roster: inRoster, ...team } = found;
    if (!inRoster) throw permissionDenied(NO_ACCESS);
    return groupRef(nk, groupId, { type: 'team', team });
  }
  const [named] = await namedChats(nk.db, [groupId]);
  if (!named) throw notFound(NOT_FOUND);
  const state = await nk.groupUserState(groupId, userId);
  if (state === undefined && !(await nk.groupsGetId([groupId])).length) {
    await forgetNamedChat(nk, groupId);
    throw notFound(NOT_FOUND);
  }
  if (state === undefined || state > 2) throw permissionDenied(NO_ACCESS);
  return groupRef(nk, groupId, { type: 'group', named });
}

/** The refusal of a direct chat across a block, said to the one who made it or to the other one. */
const blockedRefusal = (byCaller: boolean) => permissionDenied(byCaller ? YOU_BLOCKED : BLOCKED_YOU);

/** Refuses a direct chat with a user who does not exist (404) or when either has blocked the other (403). */
export async function directAllowed(nk: Nk, userId: string, otherId: string): Promise<void> {
  if (!(await nk.usersGetId([otherId])).length) throw notFound('Пользователь не найден.');
  const [block] = await nk.friendsBlocks(userId, [otherId]);
  if (block) throw blockedRefusal(block.byUser);
}

/**
 * Sends as the caller. A direct chat's message is refused by the game server while either user has
 * blocked the other (checked with the write itself); the refusal is then said in the caller's words.
 */
export async function sendAs(nk: Nk, chat: ChatRef, text: string, userId: string, username: string) {
  try {
    return await nk.channelMessageSend(chat.id, { text }, userId, username);
  } catch (err) {
    if (chat.type !== 'direct' || !(err instanceof AppError && err.code === Code.PermissionDenied)) throw err;
    const [block] = await nk.friendsBlocks(userId, [chat.target]);
    throw blockedRefusal(block?.byUser ?? false);
  }
}

/** Refuses putting users into a named chat of the caller's when either has blocked the other. */
export async function addable(nk: Nk, userId: string, otherIds: string[]): Promise<void> {
  if ((await nk.friendsBlocks(userId, otherIds)).length) throw permissionDenied(otherIds.length === 1 ? CANNOT_ADD : CANNOT_ADD_SOME);
}
