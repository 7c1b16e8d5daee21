// The `nk` facade's groups: modules act as the system (no caller's rights checked) unless they name a
// caller; what they change is what clients then see.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moduleTestServer } from '../testing/module-test-server.ts';
import type { RuntimeModule } from './types.ts';
import type { TestSession } from '../testing/index.ts';

const groupsModule: RuntimeModule = {
  name: 'nk-groups-test',
  init(initializer, nk) {
    const call = (id: string, fn: (a: Record<string, never>) => Promise<unknown>) =>
      initializer.registerRpc(id, async (_ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'))) ?? null));
    call('group_create', (a) => nk.groupCreate(a.userId, a.input));
    call('group_update', (a) => nk.groupUpdate(a.groupId, a.input, a.callerId));
    call('group_delete', (a) => nk.groupDelete(a.groupId, a.callerId));
    call('groups_get', (a) => nk.groupsGetId(a.ids));
    call('group_add', (a) => nk.groupUsersAdd(a.groupId, a.userIds, a.callerId));
    call('group_kick', (a) => nk.groupUsersKick(a.groupId, a.userIds, a.callerId));
    call('group_ban', (a) => nk.groupUsersBan(a.groupId, a.userIds, a.callerId));
    call('group_promote', (a) => nk.groupUsersPromote(a.groupId, a.userIds, a.callerId));
    call('group_demote', (a) => nk.groupUsersDemote(a.groupId, a.userIds, a.callerId));
    call('group_join', (a) => nk.groupUserJoin(a.groupId, a.userId, a.username));
    call('group_leave', (a) => nk.groupUserLeave(a.groupId, a.userId, a.username));
    call('group_users', (a) => nk.groupUsersList(a.groupId, a.limit, a.state, a.cursor));
    call('user_groups', (a) => nk.userGroupsList(a.userId, a.limit, a.state, a.cursor));
    call('group_state', (a) => nk.groupUserState(a.groupId, a.userId));
  },
};

const h = moduleTestServer(groupsModule);
const { rpc, refusal } = h;
const uniq = () => Math.random().toString(36).slice(2, 10);

/** Member states by user id, as a client lists them (banned users asked for separately). */
async function states(groupId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const state of [undefined, 4]) {
    const list = await rpc('group_users', { groupId, state });
    for (const u of list.groupUsers) out[u.user.userId] = u.state;
  }
  return out;
}

async function newGroup(owner: TestSession, input: object = {}) {
  return rpc('group_create', { userId: owner.user_id, input: { name: `Команда ${uniq()}`, open: true, ...input } });
}

describe('nk groups', () => {
  it('groupCreate makes the user its superadmin; clients and groupsGetId see it', async () => {
    const owner = await h.ts.newSession();
    const g = await newGroup(owner, { description: 'Любители', metadata: { city: 'Казань' }, maxCount: 30 });
    assert.equal(g.creatorId, owner.user_id);
    assert.equal(g.edgeCount, 1);
    assert.equal(g.maxCount, 30);
    assert.deepEqual(g.metadata, { city: 'Казань' });
    const mine = await h.ts.client().listUserGroups(owner, owner.user_id);
    assert.deepEqual(mine.user_groups!.map((x) => [x.group!.id, x.state]), [[g.id, 0]]);
    assert.deepEqual((await rpc('groups_get', { ids: [g.id, crypto.randomUUID()] })).map((x: { id: string }) => x.id), [g.id]);
    assert.equal((await refusal('group_create', { userId: owner.user_id, input: { name: g.name } })).status, 409);
    assert.equal((await refusal('group_create', { userId: crypto.randomUUID(), input: { name: `x ${uniq()}` } })).status, 404);
  });

  it('groupUpdate and groupDelete act as the system, or with a caller\'s rights', async () => {
    const owner = await h.ts.newSession();
    const member = await h.ts.newSession();
    const g = await newGroup(owner);
    await rpc('group_join', { groupId: g.id, userId: member.user_id });
    await rpc('group_update', { groupId: g.id, input: { description: 'Новое описание', open: false } });
    let [seen] = await rpc('groups_get', { ids: [g.id] });
    assert.equal(seen.description, 'Новое описание');
    assert.equal(seen.open, false);
    // A plain member may not.
    assert.equal((await refusal('group_update', { groupId: g.id, input: { description: 'нет' }, callerId: member.user_id })).status, 404);
    await rpc('group_update', { groupId: g.id, input: { description: 'владелец' }, callerId: owner.user_id });
    [seen] = await rpc('groups_get', { ids: [g.id] });
    assert.equal(seen.description, 'владелец');
    assert.equal((await refusal('group_delete', { groupId: g.id, callerId: member.user_id })).status, 404);
    await rpc('group_delete', { groupId: g.id });
    assert.deepEqual(await rpc('groups_get', { ids: [g.id] }), []);
    assert.equal((await refusal('group_delete', { groupId: g.id })).status, 404);
  });

  it('groupUsersAdd, Promote, Demote, Kick and Ban need no rights of the module', async () => {
    const owner = await h.ts.newSession();
    const [a, b] = [await h.ts.newSession(), await h.ts.newSession()];
    const g = await newGroup(owner, { open: false });
    await rpc('group_add', { groupId: g.id, userIds: [a.user_id, b.user_id] });
    assert.deepEqual(await states(g.id), { [owner.user_id]: 0, [a.user_id]: 2, [b.user_id]: 2 });
    // The added user is told (-4), as when an admin adds them.
    const notes = await h.ts.client().listNotifications(a, 10);
    assert.deepEqual(notes.notifications!.map((n) => n.code), [-4]);

    await rpc('group_promote', { groupId: g.id, userIds: [a.user_id] });
    await rpc('group_promote', { groupId: g.id, userIds: [a.user_id] });
    assert.equal((await states(g.id))[a.user_id], 0);
    await rpc('group_demote', { groupId: g.id, userIds: [a.user_id] });
    assert.equal((await states(g.id))[a.user_id], 1);

    await rpc('group_kick', { groupId: g.id, userIds: [b.user_id] });
    await rpc('group_ban', { groupId: g.id, userIds: [b.user_id] });
    assert.deepEqual(await states(g.id), { [owner.user_id]: 0, [a.user_id]: 1, [b.user_id]: 4 });
    // groupUserState says the same of each user, and nothing of a stranger.
    assert.deepEqual(
      [await rpc('group_state', { groupId: g.id, userId: owner.user_id }), await rpc('group_state', { groupId: g.id, userId: a.user_id }),
        await rpc('group_state', { groupId: g.id, userId: b.user_id }), await rpc('group_state', { groupId: g.id, userId: crypto.randomUUID() })],
      [0, 1, 4, null],
    );
    // A banned user's join stays a no-op.
    await rpc('group_join', { groupId: g.id, userId: b.user_id });
    assert.equal((await states(g.id))[b.user_id], 4);
    const [seen] = await rpc('groups_get', { ids: [g.id] });
    assert.equal(seen.edgeCount, 2);
  });

  it('a change naming every superadmin leaves one; the last one is never kicked', async () => {
    const [owner, other] = [await h.ts.newSession(), await h.ts.newSession()];
    const g = await newGroup(owner);
    await rpc('group_join', { groupId: g.id, userId: other.user_id });
    await rpc('group_promote', { groupId: g.id, userIds: [other.user_id] });
    await rpc('group_promote', { groupId: g.id, userIds: [other.user_id] });
    // Two superadmins demoted at once: one stays.
    await rpc('group_demote', { groupId: g.id, userIds: [owner.user_id, other.user_id] });
    const after = await states(g.id);
    assert.deepEqual(Object.values(after).sort(), [0, 1]);
    const lastSuper = Object.keys(after).find((id) => after[id] === 0)!;
    await rpc('group_kick', { groupId: g.id, userIds: [lastSuper] });
    assert.equal((await states(g.id))[lastSuper], 0);
  });

  it('with a caller, the caller\'s rights apply', async () => {
    const [owner, member, target] = [await h.ts.newSession(), await h.ts.newSession(), await h.ts.newSession()];
    const g = await newGroup(owner);
    await rpc('group_join', { groupId: g.id, userId: member.user_id });
    await rpc('group_join', { groupId: g.id, userId: target.user_id });
    assert.equal((await refusal('group_kick', { groupId: g.id, userIds: [target.user_id], callerId: member.user_id })).status, 404);
    await rpc('group_kick', { groupId: g.id, userIds: [target.user_id], callerId: owner.user_id });
    assert.equal((await states(g.id))[target.user_id], undefined);
  });

  it('groupUserJoin and groupUserLeave follow the client rules: a closed group gets a join request', async () => {
    const owner = await h.ts.newSession();
    const user = await h.ts.newSession();
    const closed = await newGroup(owner, { open: false });
    await rpc('group_join', { groupId: closed.id, userId: user.user_id, username: user.username });
    assert.equal((await states(closed.id))[user.user_id], 3);
    assert.deepEqual((await h.ts.client().listNotifications(owner, 10)).notifications!.map((n) => n.code), [-5]);
    await rpc('group_leave', { groupId: closed.id, userId: user.user_id });
    assert.equal((await states(closed.id))[user.user_id], undefined);
    // The last superadmin may not leave while others are members.
    const open = await newGroup(owner);
    await rpc('group_join', { groupId: open.id, userId: user.user_id });
    assert.equal((await refusal('group_leave', { groupId: open.id, userId: owner.user_id })).status, 400);
  });

  it('groupUsersList and userGroupsList page with a cursor and filter by state', async () => {
    const owner = await h.ts.newSession();
    const g = await newGroup(owner);
    const users = [await h.ts.newSession(), await h.ts.newSession(), await h.ts.newSession()];
    for (const u of users) await rpc('group_join', { groupId: g.id, userId: u.user_id });
    const first = await rpc('group_users', { groupId: g.id, limit: 2 });
    assert.equal(first.groupUsers.length, 2);
    assert.equal(first.groupUsers[0].user.userId, owner.user_id);
    const rest = await rpc('group_users', { groupId: g.id, limit: 2, cursor: first.cursor });
    assert.equal(rest.groupUsers.length, 2);
    assert.equal(rest.cursor, undefined);
    assert.equal((await rpc('group_users', { groupId: g.id, state: 2 })).groupUsers.length, 3);

    const other = await newGroup(owner);
    const mine = await rpc('user_groups', { userId: owner.user_id, limit: 1 });
    const more = await rpc('user_groups', { userId: owner.user_id, limit: 1, cursor: mine.cursor });
    assert.deepEqual([mine.userGroups[0].group.id, more.userGroups[0].group.id].sort(), [g.id, other.id].sort());
    assert.equal((await refusal('group_users', { groupId: g.id, limit: 101 })).status, 400);
    assert.equal((await refusal('user_groups', { userId: owner.user_id, state: 7 })).status, 400);
  });
});
