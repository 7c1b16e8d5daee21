// A team's chat follows its roster: a closed core group made with the team (or the first time it is
// needed), holding the owner (its superadmin) and every user with a confirmed player. Roster changes
// are committed first; the group follows after, and a failure there is only logged (the roster is what
// counts: `teamChatAccess` puts a confirmed member back into the group when they come to the chat).
import { AppError, Code, type Logger, type Nk } from '@tribuna/server';
import { teamLife, type MemberStep, type TeamCreated, type TeamDeleted, type TxStep } from '../teams/index.ts';
import { clearTeamChatGroup, forgetChat, inTeamRoster, setTeamChatGroup, teamChat, teamChatUsers, type TeamChatRow } from './store.ts';

/** Members a team chat's group may hold: a team has at most 99 numbers, a bench crowd more. */
const TEAM_CHAT_MAX = 1000;

const groupName = (teamId: string) => `team:${teamId}`;

/** Group creations in progress on this node, by team: concurrent first uses make one group. */
const making = new Map<string, Promise<string>>();

/** The team's chat group, made now (with the whole roster in it) when the team has none. */
export async function ensureTeamChat(nk: Nk, team: TeamChatRow): Promise<string> {
  if (team.chat_group_id) return team.chat_group_id;
  let p = making.get(team.team_id);
  if (!p) {
    p = makeTeamChat(nk, team).finally(() => making.delete(team.team_id));
    making.set(team.team_id, p);
  }
  return p;
}

async function makeTeamChat(nk: Nk, team: TeamChatRow): Promise<string> {
  const fresh = await teamChat(nk.db, team.team_id);
  if (!fresh) throw new AppError(Code.NotFound, 'Команда не найдена.');
  if (fresh.chat_group_id) return fresh.chat_group_id;
  let groupId: string;
  try {
    const g = await nk.groupCreate(team.creator_id, {
      name: groupName(team.team_id), open: false, maxCount: TEAM_CHAT_MAX, metadata: { team_id: team.team_id },
    });
    groupId = g.id;
  } catch (err) {
    // Made by another node meanwhile (the name is the team's): the owner created it, so it is among theirs.
    if (!(err instanceof AppError && err.code === Code.AlreadyExists)) throw err;
    groupId = await ownersGroup(nk, team);
  }
  const kept = (await setTeamChatGroup(nk.db, team.team_id, groupId)) ?? groupId;
  const users = (await teamChatUsers(nk.db, [team.team_id])).get(team.team_id) ?? [];
  const others = users.filter((u) => u !== team.creator_id);
  if (others.length) await nk.groupUsersAdd(kept, others);
  return kept;
}

/**
 * A roster member missing from the team chat's group is put back into it. A group that is gone (deleted
 * behind the portal's back) is made again with the whole roster. Answers the chat's group now.
 */
export async function restoreTeamChatMember(nk: Nk, team: TeamChatRow & { chat_group_id: string }, userId: string): Promise<string> {
  const groupId = team.chat_group_id;
  if ((await nk.groupsGetId([groupId])).length) {
    await nk.groupUsersAdd(groupId, [userId]);
    return groupId;
  }
  await clearTeamChatGroup(nk.db, team.team_id, groupId);
  await forgetChat(nk.db, nk.channelIdBuild(null, groupId, 3));
  return ensureTeamChat(nk, { ...team, chat_group_id: null });
}

async function ownersGroup(nk: Nk, team: TeamChatRow): Promise<string> {
  let cursor: string | undefined;
  do {
    const page = await nk.userGroupsList(team.creator_id, 100, 0, cursor);
    const found = page.userGroups.find((g) => g.group.name === groupName(team.team_id));
    if (found) return found.group.id;
    cursor = page.cursor;
  } while (cursor);
  throw new AppError(Code.Internal, 'The team chat group was not found.');
}

/** After a team's creation: the chat is made at once; a failure is only logged (it is made later when needed). */
async function createTeamChat(nk: Nk, logger: Logger, teamId: string, ownerId: string, name: string): Promise<void> {
  try {
    await ensureTeamChat(nk, { team_id: teamId, creator_id: ownerId, name, chat_group_id: null });
  } catch (err) {
    logger.warn('chats: the team chat was not created', { team: teamId, err });
  }
}

/**
 * After a roster change of the user in the team: in the chat's group when the roster has them (the owner
 * or a confirmed player), out of it otherwise. A team without a group yet is left alone (it is made with
 * its whole roster when first needed). Failures are only logged.
 */
async function syncTeamChatMember(nk: Nk, logger: Logger, teamId: string, userId: string): Promise<void> {
  try {
    const team = await teamChat(nk.db, teamId);
    if (!team?.chat_group_id) return;
    const should = await inTeamRoster(nk.db, teamId, userId);
    const state = await nk.groupUserState(team.chat_group_id, userId);
    if (should && (state === undefined || state > 2)) await nk.groupUsersAdd(team.chat_group_id, [userId]);
    else if (!should && state !== undefined && userId !== team.creator_id) await nk.groupUsersKick(team.chat_group_id, [userId]);
  } catch (err) {
    logger.warn('chats: the team chat did not follow the roster', { team: teamId, user: userId, err });
  }
}

/** After a team's deletion: its chat group (and the group channel's messages) go too; failures are only logged. */
async function deleteTeamChat(nk: Nk, logger: Logger, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  try {
    await nk.groupDelete(groupId);
    await forgetChat(nk.db, nk.channelIdBuild(null, groupId, 3));
  } catch (err) {
    logger.warn('chats: the team chat was not deleted', { group: groupId, err });
  }
}

const chatOfNewTeam: TxStep<TeamCreated> = async (_q, nk, team) => (logger) => createTeamChat(nk, logger, team.id, team.ownerId, team.name);

// Read before the team's row goes: the chat's group id is kept on it.
const chatOfDeletedTeam: TxStep<TeamDeleted> = async (q, nk, team) => {
  const chat = await teamChat(q, team.id);
  return (logger) => deleteTeamChat(nk, logger, chat?.chat_group_id);
};

const followRoster: MemberStep = (nk, logger, m) => syncTeamChatMember(nk, logger, m.teamId, m.userId);

/** A team's chat lives with the team: made with it, deleted with it, its group following the roster. */
export function registerTeamChat(): void {
  teamLife.onCreated(chatOfNewTeam);
  teamLife.onDeleted(chatOfDeletedTeam);
  teamLife.onMemberJoined(followRoster);
  teamLife.onMemberLeft(followRoster);
}
