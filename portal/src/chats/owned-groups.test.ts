// The groups of team chats and named chats are the portal's: the client's group API changes none of them,
// whoever calls it, nor makes a group under a name the portal reserves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, fails, startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let member: Session;
let stranger: Session;
before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, member, stranger] = await Promise.all([P.registered(), P.registered(), P.registered()]);
});
after(() => P.close());

const MANAGED = 'Этой группой управляет портал: используйте чат на сайте.';
const RESERVED = 'Названия групп, начинающиеся с «team:» или «chat:», заняты порталом.';

const chats = async (s: Session): Promise<Any[]> => (await P.call(s, 'list_chats', {})).chats;
const client = () => P.ts.client();

/** A team of owner's with member confirmed in it, and its chat. */
async function teamWithChat(): Promise<{ teamId: string; chat: Any }> {
  const teamId = (await P.team(owner)).id;
  await P.member(owner, member, teamId);
  return { teamId, chat: (await chats(owner)).find((c) => c.team_id === teamId) };
}

/** Every change of the client's group API on a group, as its creator (superadmin) makes it, or anyone else. */
function changes(groupId: string, creator: Session, other: Session): Array<[string, () => Promise<unknown>]> {
  const c = client();
  return [
    ['delete', () => c.deleteGroup(creator, groupId)],
    ['open', () => c.updateGroup(creator, groupId, { open: true })],
    ['rename', () => c.updateGroup(creator, groupId, { name: `захват ${crypto.randomUUID()}` })],
    ['join by its creator', () => c.joinGroup(creator, groupId)],
    ['join by an outsider', () => c.joinGroup(stranger, groupId)],
    ['leave', () => c.leaveGroup(other, groupId)],
    ['add', () => c.addGroupUsers(creator, groupId, [stranger.user_id!])],
    ['kick', () => c.kickGroupUsers(creator, groupId, [other.user_id!])],
    ['ban', () => c.banGroupUsers(creator, groupId, [other.user_id!])],
    ['promote', () => c.promoteGroupUsers(creator, groupId, [other.user_id!])],
    ['demote', () => c.demoteGroupUsers(creator, groupId, [other.user_id!])],
  ];
}

async function refusedAll(groupId: string, creator: Session, other: Session): Promise<void> {
  const [before] = await P.ts.app.nk.groupsGetId([groupId]);
  const members = async () => (await P.ts.app.nk.groupUsersList(groupId)).groupUsers.map((g) => [g.user.userId, g.state]).sort();
  const had = await members();
  for (const [what, change] of changes(groupId, creator, other)) {
    await fails(change(), 403, MANAGED, Code.Denied).catch((err) => assert.fail(`${what}: ${err.message}`));
  }
  const [now] = await P.ts.app.nk.groupsGetId([groupId]);
  assert.deepEqual([now.name, now.open, now.updateTime], [before.name, before.open, before.updateTime]);
  assert.deepEqual(await members(), had);
}

describe('the groups of the portal\'s chats', () => {
  it('a team chat\'s group refuses every change through the group API, its owner\'s too', async () => {
    const { chat } = await teamWithChat();
    await refusedAll(chat.channel.target, owner, member);
    // The chat goes on as before.
    await P.call(member, 'send_message', { chat_id: chat.id, content: 'Всё на месте' });
  });

  it('a named chat\'s group refuses every change through the group API, its creator\'s too', async () => {
    const chat = await P.call(owner, 'create_chat', { name: 'Родители', user_ids: [member.user_id] });
    await refusedAll(chat.channel.target, owner, member);
    assert.deepEqual((await chats(member)).find((c) => c.id === chat.id)?.participants.sort(), [owner.user_id, member.user_id].sort());
  });

  it('names starting with team: or chat: cannot be taken by a client, whatever their case', async () => {
    const { teamId } = await teamWithChat();
    for (const name of [`team:${crypto.randomUUID()}`, `TEAM:${teamId}`, `chat:${crypto.randomUUID()}`, 'Chat:x']) {
      await fails(client().createGroup(stranger, { name }), 403, RESERVED, Code.Denied);
    }
    // Other groups are the client's to manage, but not to rename into the portal's names.
    const own = await client().createGroup(stranger, { name: `Болельщики ${crypto.randomUUID()}`, open: true });
    await fails(client().updateGroup(stranger, own.id!, { name: `team:${crypto.randomUUID()}` }), 403, RESERVED, Code.Denied);
    await client().updateGroup(stranger, own.id!, { description: 'Свои' });
    await client().joinGroup(member, own.id!);
    await client().promoteGroupUsers(stranger, own.id!, [member.user_id!]);
    await client().deleteGroup(stranger, own.id!);
  });
});
