// Chats' SQL: which group is a team's chat, named chats, direct chats and read markers. The messages
// themselves are the game server's, read through nk (see migrations/0016_chats.sql).
import type { Queryable } from '@tribuna/server';

/** What a chat is (the contract with clients): see rpc.ts. */
export type ChatType = 'team' | 'group' | 'direct';

/** A chat message: content is the text of the channel message's {"text": …}. */
export interface Message {
  id: string;
  chat_id: string;
  content: string;
  sender_id: string;
  sender_name: string;
  created_at: string;
}

/** A chat: id is its channel id as the socket's channel_message carries it. */
export interface Chat {
  id: string;
  name: string;
  team_id: string | null;
  participants: string[];
  unread_count: number;
  type: ChatType;
  /** What channel_join takes: type 2 (direct, target the other user) or 3 (group, target the group). */
  channel: { type: 2 | 3; target: string };
  /** A named chat's creator: the one who removes others (anyone may leave). */
  creator_id?: string;
  last_message?: Message;
}

/** A team whose chat a user is in: its owner and its confirmed players' users. */
export interface TeamChatRow {
  team_id: string;
  name: string;
  creator_id: string;
  chat_group_id: string | null;
}

export interface NamedChatRow {
  group_id: string;
  name: string;
  creator_id: string;
}

/** The team's chat group and owner; undefined when the team does not exist. */
export async function teamChat(q: Queryable, teamId: string): Promise<TeamChatRow | undefined> {
  const rows = await q.query<TeamChatRow>('SELECT id AS team_id, name, creator_id, chat_group_id FROM team WHERE id = $1', [teamId]);
  return rows[0];
}

/** The team whose chat the group is, and whether the user is in it by the roster (see inTeamRoster). */
export async function teamOfGroup(q: Queryable, groupId: string, userId: string): Promise<(TeamChatRow & { in_roster: boolean }) | undefined> {
  const rows = await q.query<TeamChatRow & { in_roster: boolean }>(
    `SELECT t.id AS team_id, t.name, t.creator_id, t.chat_group_id,
            t.creator_id = $2 OR EXISTS (SELECT 1 FROM team_player tp WHERE tp.team_id = t.id AND tp.user_id = $2 AND tp.is_confirmed) AS in_roster
     FROM team t WHERE t.chat_group_id = $1`,
    [groupId, userId],
  );
  return rows[0];
}

/** Records the team's chat group unless it has one already; answers the group it has now. */
export async function setTeamChatGroup(q: Queryable, teamId: string, groupId: string): Promise<string | undefined> {
  const rows = await q.query<{ chat_group_id: string }>(
    `UPDATE team SET chat_group_id = COALESCE(chat_group_id, $2) WHERE id = $1 RETURNING chat_group_id`,
    [teamId, groupId],
  );
  return rows[0]?.chat_group_id;
}

/** Forgets the team's chat group when it is still this one (it is gone: the next use makes another). */
export async function clearTeamChatGroup(q: Queryable, teamId: string, groupId: string): Promise<void> {
  await q.execute('UPDATE team SET chat_group_id = NULL WHERE id = $1 AND chat_group_id = $2', [teamId, groupId]);
}

/** Whether the user is in the team's chat by the roster: its owner or a user with a confirmed player. */
export async function inTeamRoster(q: Queryable, teamId: string, userId: string): Promise<boolean> {
  const rows = await q.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM team WHERE id = $1 AND creator_id = $2)
         OR EXISTS (SELECT 1 FROM team_player WHERE team_id = $1 AND user_id = $2 AND is_confirmed) AS yes`,
    [teamId, userId],
  );
  return rows[0].yes;
}

/** Teams whose chat the user is in by the roster. */
export async function userTeamChats(q: Queryable, userId: string): Promise<TeamChatRow[]> {
  return q.query<TeamChatRow>(
    `SELECT t.id AS team_id, t.name, t.creator_id, t.chat_group_id FROM team t
     WHERE t.creator_id = $1
        OR t.id IN (SELECT tp.team_id FROM team_player tp WHERE tp.user_id = $1 AND tp.is_confirmed)
     ORDER BY t.name, t.id`,
    [userId],
  );
}

/** The users of each team's chat (the owner and confirmed players' users). */
export async function teamChatUsers(q: Queryable, teamIds: string[]): Promise<Map<string, string[]>> {
  if (!teamIds.length) return new Map();
  const rows = await q.query<{ team_id: string; users: string[] }>(
    `SELECT t.id AS team_id,
            ARRAY(SELECT t.creator_id UNION SELECT tp.user_id FROM team_player tp WHERE tp.team_id = t.id AND tp.is_confirmed) AS users
     FROM team t WHERE t.id = ANY($1::uuid[])`,
    [teamIds],
  );
  return new Map(rows.map((r) => [r.team_id, r.users]));
}

export async function insertNamedChat(q: Queryable, c: NamedChatRow): Promise<void> {
  await q.execute('INSERT INTO chat_group (group_id, name, creator_id) VALUES ($1, $2, $3)', [c.group_id, c.name, c.creator_id]);
}

export async function namedChats(q: Queryable, groupIds: string[]): Promise<NamedChatRow[]> {
  if (!groupIds.length) return [];
  return q.query<NamedChatRow>('SELECT group_id, name, creator_id FROM chat_group WHERE group_id = ANY($1::uuid[]) ORDER BY name, group_id', [groupIds]);
}

/** Named chats of the groups given, and those the user created (whose group may be gone). */
export async function userNamedChats(q: Queryable, userId: string, groupIds: string[]): Promise<NamedChatRow[]> {
  return q.query<NamedChatRow>(
    'SELECT group_id, name, creator_id FROM chat_group WHERE group_id = ANY($1::uuid[]) OR creator_id = $2 ORDER BY name, group_id',
    [groupIds, userId],
  );
}

/** Whether the group is a chat of the portal's: a team's chat or a named chat. */
export async function isPortalGroup(q: Queryable, groupId: string): Promise<boolean> {
  const rows = await q.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM team WHERE chat_group_id = $1) OR EXISTS (SELECT 1 FROM chat_group WHERE group_id = $1) AS yes`,
    [groupId],
  );
  return rows[0].yes;
}

export async function deleteNamedChat(q: Queryable, groupId: string): Promise<void> {
  await q.execute('DELETE FROM chat_group WHERE group_id = $1', [groupId]);
}

/** Records a direct chat between two users (once). */
export async function rememberDirect(q: Queryable, a: string, b: string): Promise<void> {
  const [one, two] = a < b ? [a, b] : [b, a];
  await q.execute('INSERT INTO chat_direct (user_one, user_two) VALUES ($1, $2) ON CONFLICT DO NOTHING', [one, two]);
}

/** The other users of a user's direct chats. */
export async function directPartners(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ other: string }>(
    `SELECT user_two AS other FROM chat_direct WHERE user_one = $1
     UNION SELECT user_one FROM chat_direct WHERE user_two = $1`,
    [userId],
  );
  return rows.map((r) => r.other);
}

/** Moves the user's read marker of a chat forward to `time` (never back). */
export async function markRead(q: Queryable, userId: string, channelId: string, time: Date): Promise<void> {
  await q.execute(
    `INSERT INTO chat_read (user_id, channel_id, read_time) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, channel_id) DO UPDATE SET read_time = GREATEST(chat_read.read_time, EXCLUDED.read_time)`,
    [userId, channelId, time],
  );
}

/** The user's read markers of the given chats. */
export async function readMarkers(q: Queryable, userId: string, channelIds: string[]): Promise<Map<string, Date>> {
  if (!channelIds.length) return new Map();
  const rows = await q.query<{ channel_id: string; read_time: Date }>(
    'SELECT channel_id, read_time FROM chat_read WHERE user_id = $1 AND channel_id = ANY($2::text[])',
    [userId, channelIds],
  );
  return new Map(rows.map((r) => [r.channel_id, r.read_time]));
}

/** Forgets read markers of a chat that is gone. */
export async function forgetChat(q: Queryable, channelId: string): Promise<void> {
  await q.execute('DELETE FROM chat_read WHERE channel_id = $1', [channelId]);
}
