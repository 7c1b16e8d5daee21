import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChannelMessage, Notification, Socket } from '@heroiclabs/nakama-js';
import { errorOf, json, nextEvent, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 10);
const c = () => ts.client();

async function group(owner: TestSession, open = true, extra: Record<string, unknown> = {}) {
  return c().createGroup(owner, { name: `Команда ${uniq()}`, description: 'Любители', lang_tag: 'ru', open, ...extra });
}

async function states(s: TestSession, groupId: string, state?: number): Promise<Record<string, number>> {
  const r = await c().listGroupUsers(s, groupId, state, 100);
  return Object.fromEntries((r.group_users ?? []).map((g) => [g.user!.id!, g.state!]));
}

describe('group create, update, delete', () => {
  it('creates with the creator as superadmin, edge_count 1, max_count 100 and metadata {}', async () => {
    const owner = await ts.newSession();
    const g = await group(owner);
    assert.equal(g.creator_id, owner.user_id);
    assert.equal(g.edge_count, 1);
    assert.equal(g.max_count, 100);
    assert.equal(g.open, true);
    assert.deepEqual(g.metadata, {});
    assert.deepEqual(await states(owner, g.id!), { [owner.user_id]: 0 });
  });

  it('keeps open=false in the response and refuses an empty or taken name', async () => {
    const owner = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/group`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ name: `closed ${uniq()}`, open: false }),
    });
    const body = await json(res);
    assert.equal(body.open, false);
    assert.equal((await errorOf(c().createGroup(owner, { name: '' }))).status, 400);
    const e = await errorOf(c().createGroup(owner, { name: body.name.toUpperCase() }));
    assert.equal(e.status, 409);
    assert.equal((await errorOf(c().createGroup(owner, { name: uniq(), max_count: 0 } as never))).status, 400);
  });

  it('updates for admins only; deletes for superadmins only', async () => {
    const owner = await ts.newSession();
    const member = await ts.newSession();
    const g = await group(owner);
    await c().joinGroup(member, g.id!);
    let e = await errorOf(c().updateGroup(member, g.id!, { name: 'hijack' }));
    assert.equal(e.status, 404);
    assert.equal(e.body.message, 'Group not found or permission denied.');
    await c().promoteGroupUsers(owner, g.id!, [member.user_id]);
    await c().updateGroup(member, g.id!, { description: 'Новое описание', open: false });
    const listed = await c().listGroups(owner, g.name!, undefined, 1);
    assert.equal(listed.groups![0].description, 'Новое описание');
    assert.equal(listed.groups![0].open, false);
    e = await errorOf(c().deleteGroup(member, g.id!));
    assert.equal(e.status, 404);
    await c().deleteGroup(owner, g.id!);
    assert.equal((await errorOf(c().joinGroup(member, g.id!))).status, 404);
  });
});

describe('membership', () => {
  it('open join makes a member; closed join makes a request and notifies admins with -5', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const open = await group(owner, true);
    await c().joinGroup(a, open.id!);
    assert.equal((await states(owner, open.id!))[a.user_id], 2);
    assert.equal((await c().listGroups(owner, open.name!, undefined, 1)).groups![0].edge_count, 2);

    const closed = await group(owner, false);
    const socket = c().createSocket();
    await socket.connect(owner, false);
    const note = nextEvent<Notification>((r) => (socket.onnotification = r));
    await c().joinGroup(a, closed.id!);
    const n = await note;
    assert.equal(n.code, -5);
    assert.equal((n.content as Record<string, string>).group_id, closed.id);
    assert.equal((await states(owner, closed.id!))[a.user_id], 3);
    assert.equal((await c().listGroups(owner, closed.name!, undefined, 1)).groups![0].edge_count, 1);
    // Joining again is a no-op.
    await c().joinGroup(a, closed.id!);
    socket.disconnect(false);
  });

  it('add accepts a request or adds a new user (with -4); a full group refuses', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const b = await ts.newSession();
    const g = await group(owner, false, { max_count: 2 });
    await c().joinGroup(a, g.id!);
    const socket = c().createSocket();
    await socket.connect(a, false);
    const note = nextEvent<Notification>((r) => (socket.onnotification = r));
    await c().addGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await note).code, -4);
    assert.equal((await states(owner, g.id!))[a.user_id], 2);
    const e = await errorOf(c().joinGroup(b, g.id!));
    assert.equal(e.status, 400);
    assert.equal(e.body.message, 'Group is full.');
    assert.equal((await errorOf(c().addGroupUsers(owner, g.id!, [b.user_id]))).status, 400);
    // Members cannot add.
    assert.equal((await errorOf(c().addGroupUsers(a, g.id!, [b.user_id]))).status, 404);
    socket.disconnect(false);
  });

  it('kick removes a member or declines a request; ban blocks joining; kick lifts a ban', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const b = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    await c().kickGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await states(owner, g.id!))[a.user_id], undefined);
    await c().banGroupUsers(owner, g.id!, [b.user_id]);
    await c().joinGroup(b, g.id!);
    assert.deepEqual(await states(owner, g.id!, 4), { [b.user_id]: 4 });
    // Banned users are hidden from the default listing.
    assert.equal((await states(owner, g.id!))[b.user_id], undefined);
    await c().kickGroupUsers(owner, g.id!, [b.user_id]);
    await c().joinGroup(b, g.id!);
    assert.equal((await states(owner, g.id!))[b.user_id], 2);
    assert.equal((await c().listGroups(owner, g.name!, undefined, 1)).groups![0].edge_count, 2);
  });

  it('an admin cannot kick or ban another admin or the superadmin', async () => {
    const owner = await ts.newSession();
    const a1 = await ts.newSession();
    const a2 = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a1, g.id!);
    await c().joinGroup(a2, g.id!);
    await c().promoteGroupUsers(owner, g.id!, [a1.user_id, a2.user_id]);
    await c().kickGroupUsers(a1, g.id!, [a2.user_id, owner.user_id]);
    await c().banGroupUsers(a1, g.id!, [a2.user_id]);
    const s = await states(owner, g.id!);
    assert.equal(s[a2.user_id], 1);
    assert.equal(s[owner.user_id], 0);
  });

  it('promote twice takes a member to superadmin; demote steps down, keeping one superadmin', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    await c().promoteGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await states(owner, g.id!))[a.user_id], 1);
    await c().promoteGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await states(owner, g.id!))[a.user_id], 0);
    // A member cannot promote; self-demote is a no-op.
    assert.equal((await errorOf(c().promoteGroupUsers(await ts.newSession(), g.id!, [a.user_id]))).status, 404);
    await c().demoteGroupUsers(owner, g.id!, [owner.user_id]);
    assert.equal((await states(owner, g.id!))[owner.user_id], 0);
    await c().demoteGroupUsers(a, g.id!, [owner.user_id]);
    assert.equal((await states(owner, g.id!))[owner.user_id], 1);
    // a is now the only superadmin: nobody can demote them.
    await c().demoteGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await states(owner, g.id!))[a.user_id], 0);
  });

  it('the last superadmin cannot leave while others remain; as the last member the group goes', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    const e = await errorOf(c().leaveGroup(owner, g.id!));
    assert.equal(e.status, 400);
    await c().leaveGroup(a, g.id!);
    assert.equal((await c().listGroups(owner, g.name!, undefined, 1)).groups![0].edge_count, 1);
    await c().leaveGroup(owner, g.id!);
    assert.equal((await c().listGroups(owner, g.name!, undefined, 1)).groups?.length ?? 0, 0);
  });

  it('listGroupUsers with state 0 lists only superadmins; bad state and limit answer 400', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    assert.deepEqual(Object.keys(await states(owner, g.id!, 0)), [owner.user_id]);
    const res = await fetch(`${ts.url}/v2/group/${g.id}/user?state=5`, { headers: { Authorization: `Bearer ${owner.token}` } });
    assert.equal(res.status, 400);
    const res2 = await fetch(`${ts.url}/v2/group/${g.id}/user?limit=0`, { headers: { Authorization: `Bearer ${owner.token}` } });
    assert.equal(res2.status, 400);
  });

  it("lists a user's groups with their state", async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g1 = await group(owner, true);
    const g2 = await group(owner, false);
    await c().joinGroup(a, g1.id!);
    await c().joinGroup(a, g2.id!);
    const r = await c().listUserGroups(owner, a.user_id);
    const byId = Object.fromEntries(r.user_groups!.map((u) => [u.group!.id!, u.state]));
    assert.deepEqual(byId, { [g1.id!]: 2, [g2.id!]: 3 });
    assert.equal((await errorOf(c().listUserGroups(owner, 'nope'))).status, 400);
  });

  it('account deletion leaves groups, hands superadmin on, keeps edge_count right', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    await c().deleteAccount(owner);
    const s = await states(a, g.id!);
    assert.deepEqual(s, { [a.user_id]: 0 });
    assert.equal((await c().listGroups(a, g.name!, undefined, 1)).groups![0].edge_count, 1);
  });
});

describe('group listing', () => {
  it('by name pattern (leading % ignored), paging with the cursor', async () => {
    const owner = await ts.newSession();
    const prefix = `Лига${uniq()}`;
    for (let i = 0; i < 5; i++) await c().createGroup(owner, { name: `${prefix} ${i}`, open: true });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await c().listGroups(owner, `%${prefix}%`, cursor, 2);
      seen.push(...page.groups!.map((g) => g.name!));
      cursor = page.cursor;
    } while (cursor);
    assert.deepEqual(seen, [0, 1, 2, 3, 4].map((i) => `${prefix} ${i}`));
  });

  it('by language, members and openness; name cannot be combined with them', async () => {
    const owner = await ts.newSession();
    const lang = `x-${uniq()}`;
    const g = await c().createGroup(owner, { name: `lang ${uniq()}`, lang_tag: lang, open: true });
    const auth = { headers: { Authorization: `Bearer ${owner.token}` } };
    let body = await json(await fetch(`${ts.url}/v2/group?lang_tag=${lang}&limit=10`, auth));
    assert.deepEqual(body.groups.map((x: { id: string }) => x.id), [g.id]);
    body = await json(await fetch(`${ts.url}/v2/group?lang_tag=${lang}&members=2&limit=10`, auth));
    assert.equal(body.groups, undefined);
    body = await json(await fetch(`${ts.url}/v2/group?lang_tag=${lang}&open=false&limit=10`, auth));
    assert.equal(body.groups, undefined);
    const res = await fetch(`${ts.url}/v2/group?name=abc&lang_tag=${lang}`, auth);
    assert.equal(res.status, 400);
    assert.equal((await fetch(`${ts.url}/v2/group?cursor=garbage`, auth)).status, 400);
  });
});

describe('group channel', () => {
  it('is for members only and carries system messages for join, promote and kick', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const outsider = await ts.newSession();
    const g = await group(owner, true);
    const ownerSocket: Socket = c().createSocket();
    await ownerSocket.connect(owner, false);
    const channel = await ownerSocket.joinChat(g.id!, 3, true, false);
    assert.equal(channel.id, `3.${g.id}..`);
    assert.equal((channel as unknown as { group_id: string }).group_id, g.id);

    const outsiderSocket = c().createSocket();
    await outsiderSocket.connect(outsider, false);
    await assert.rejects(outsiderSocket.joinChat(g.id!, 3, true, false), (e: { code: number }) => e.code === 3);
    assert.equal((await errorOf(c().listChannelMessages(outsider, channel.id!, 10))).status, 403);

    const joined = nextEvent<ChannelMessage>((r) => (ownerSocket.onchannelmessage = r));
    await c().joinGroup(a, g.id!);
    const m = await joined;
    assert.equal(m.code, 3);
    assert.equal((m.content as Record<string, string>).user_id, a.user_id);

    await c().promoteGroupUsers(owner, g.id!, [a.user_id]);
    await c().demoteGroupUsers(owner, g.id!, [a.user_id]);
    await c().kickGroupUsers(owner, g.id!, [a.user_id]);
    await c().addGroupUsers(owner, g.id!, [a.user_id]);
    await c().leaveGroup(a, g.id!);
    await c().banGroupUsers(owner, g.id!, [a.user_id]);
    const history = await c().listChannelMessages(owner, channel.id!, 20, true);
    assert.deepEqual(history.messages!.map((x) => x.code), [3, 7, 9, 6, 4, 5, 8]);
    assert.ok(history.messages!.every((x) => (x.content as Record<string, string>).user_id === a.user_id));
    ownerSocket.disconnect(false);
    outsiderSocket.disconnect(false);
  });
});
