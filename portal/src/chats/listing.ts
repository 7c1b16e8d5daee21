// A user's chats as clients see them: every chat the user is in (team chats kept following the roster,
// named chats, direct chats), each described with its participants, name, unread count and last message.
import { AppError, Code, isUuid, type Nk, type NkChannelMessage, type NkChannelSummary } from '@tribuna/server';
import { DIRECT, directRef, forgetNamedChat, GROUP, groupRef, type ChatRef } from './access.ts';
import { directPartners, readMarkers, teamChatUsers, userNamedChats, userTeamChats, type Chat, type Message } from './store.ts';
import { ensureTeamChat, restoreTeamChatMember } from './team-chat.ts';

/** Unread messages are counted up to this many per chat. */
const MAX_UNREAD = 100;

/** The names people are shown by (their display name, else their username), by user id. */
export async function namesOf(nk: Nk, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((id) => isUuid(id));
  if (!unique.length) return new Map();
  const users = await nk.usersGetId(unique);
  return new Map(users.map((u) => [u.userId, u.displayName || u.username]));
}

export function messageOf(m: NkChannelMessage, names: Map<string, string>): Message {
  return {
    id: m.messageId,
    chat_id: m.channelId,
    content: typeof m.content.text === 'string' ? m.content.text : JSON.stringify(m.content.text),
    sender_id: m.senderId,
    sender_name: names.get(m.senderId) ?? m.username,
    created_at: m.createTime.toISOString(),
  };
}

/** The members (superadmins, admins, members) of a named chat's group. */
export async function groupMembers(nk: Nk, groupId: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await nk.groupUsersList(groupId, 100, undefined, cursor);
    for (const g of page.groupUsers) if (g.state <= 2) out.push(g.user.userId);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/**
 * Chat objects of refs: participants, names, and each chat's unread count and last message from one
 * statement (nk.channelsSummary) over the caller's read markers.
 */
export async function describe(nk: Nk, userId: string, listed: ChatRef[], withLast: boolean): Promise<Chat[]> {
  const teamUsers = await teamChatUsers(nk.db, listed.filter((r) => r.team).map((r) => r.team!.team_id));
  const participants = new Map<string, string[]>();
  for (const r of listed) {
    if (r.type === 'team') participants.set(r.id, teamUsers.get(r.team!.team_id) ?? []);
    else if (r.type === 'direct') participants.set(r.id, [userId, r.target]);
    else {
      try {
        participants.set(r.id, await groupMembers(nk, r.target));
      } catch (err) {
        // Its group went a moment ago: the chat is left out.
        if (!(err instanceof AppError && err.code === Code.NotFound)) throw err;
      }
    }
  }
  const refs = listed.filter((r) => participants.has(r.id));
  if (!refs.length) return [];
  const markers = await readMarkers(nk.db, userId, refs.map((r) => r.id));
  const summaries = await nk.channelsSummary(userId, refs.map((r) => ({ channelId: r.id, since: markers.get(r.id) ?? null })), {
    maxUnread: MAX_UNREAD, contentField: 'text',
  });
  const byId = new Map<string, NkChannelSummary>(summaries.map((s) => [s.channelId, s]));
  const names = await namesOf(nk, [
    ...refs.filter((r) => r.type === 'direct').map((r) => r.target),
    ...(withLast ? summaries.flatMap((s) => (s.last ? [s.last.senderId] : [])) : []),
  ]);
  return refs.map((r) => {
    const s = byId.get(r.id);
    const chat: Chat = {
      id: r.id,
      name: r.type === 'team' ? r.team!.name : r.type === 'group' ? r.named!.name : names.get(r.target) ?? '',
      team_id: r.team?.team_id ?? null,
      participants: participants.get(r.id) ?? [],
      unread_count: s?.unread ?? 0,
      type: r.type,
      channel: { type: r.type === 'direct' ? DIRECT : GROUP, target: r.target },
    };
    if (r.type === 'group') chat.creator_id = r.named!.creator_id;
    if (withLast && s?.last) chat.last_message = messageOf(s.last, names);
    return chat;
  });
}

/**
 * Every chat of the user: their teams' chats (the groups of teams that have none yet are made now, a
 * confirmed member missing from the group is put back, a group that is gone is made again), their named
 * chats (one the user created whose group is gone is forgotten) and their direct chats.
 */
export async function chatsOf(nk: Nk, userId: string): Promise<ChatRef[]> {
  const refs: ChatRef[] = [];
  for (const team of await userTeamChats(nk.db, userId)) {
    let groupId = await ensureTeamChat(nk, team);
    if (team.chat_group_id) {
      const state = await nk.groupUserState(groupId, userId);
      if (state === undefined || state > 2) groupId = await restoreTeamChatMember(nk, { ...team, chat_group_id: groupId }, userId);
    }
    refs.push(groupRef(nk, groupId, { type: 'team', team: { ...team, chat_group_id: groupId } }));
  }
  const groupIds: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await nk.userGroupsList(userId, 100, undefined, cursor);
    for (const g of page.userGroups) if (g.state <= 2) groupIds.push(g.group.id);
    cursor = page.cursor;
  } while (cursor);
  const member = new Set(groupIds);
  const named = await userNamedChats(nk.db, userId, groupIds);
  // Created by the user, who is not in its group: the group is gone (forgotten now), or they were removed.
  const strays = named.filter((c) => !member.has(c.group_id)).map((c) => c.group_id);
  if (strays.length) {
    const alive = new Set((await nk.groupsGetId(strays)).map((g) => g.id));
    for (const id of strays) if (!alive.has(id)) await forgetNamedChat(nk, id);
  }
  for (const c of named) if (member.has(c.group_id)) refs.push(groupRef(nk, c.group_id, { type: 'group', named: c }));
  for (const other of await directPartners(nk.db, userId)) refs.push(directRef(nk, userId, other));
  return refs;
}

export const lastTime = (c: Chat) => c.last_message?.created_at ?? '';
