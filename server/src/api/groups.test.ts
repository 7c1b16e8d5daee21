import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChannelMessage, Notification, Socket } from '@heroiclabs/nakama-js';
import { errorOf, json, nextEvent, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

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

/** A cursor of the server's format (base64url JSON) holding whatever a forger chooses. */
const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const NIL = '00000000-0000-4000-8000-000000000000';
// nakama-js hands listUserGroups' state and limit to each other's slots (contract: client quirk).
const userGroups = (s: TestSession, userId: string, o: { state?: number; limit?: number; cursor?: string } = {}) =>
  c().listUserGroups(s, userId, o.limit, o.state, o.cursor);
const edgeCount = async (s: TestSession, g: { name?: string }) =>
  (await c().listGroups(s, g.name!, undefined, 1)).groups![0].edge_count;

describe('membership rules', () => {
  it('banning a member lowers edge_count; banning a join request or an outsider does not', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const b = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    assert.equal(await edgeCount(owner, g), 2);
    await c().banGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal(await edgeCount(owner, g), 1);
    await c().banGroupUsers(owner, g.id!, [b.user_id]);
    assert.equal(await edgeCount(owner, g), 1);
    assert.deepEqual(await states(owner, g.id!, 4), { [a.user_id]: 4, [b.user_id]: 4 });
    const closed = await group(owner, false);
    await c().joinGroup(a, closed.id!);
    await c().banGroupUsers(owner, closed.id!, [a.user_id]);
    assert.equal(await edgeCount(owner, closed), 1);
  });

  it('refuses kick, ban, promote and demote by a plain member and changes nothing', async () => {
    const owner = await ts.newSession();
    const admin = await ts.newSession();
    const m1 = await ts.newSession();
    const m2 = await ts.newSession();
    const g = await group(owner, true);
    for (const s of [admin, m1, m2]) await c().joinGroup(s, g.id!);
    await c().promoteGroupUsers(owner, g.id!, [admin.user_id]);
    const before = await states(owner, g.id!);
    // One at a time: a refusal must not be left unhandled while another is awaited.
    const attempts = [
      () => c().kickGroupUsers(m1, g.id!, [m2.user_id]),
      () => c().banGroupUsers(m1, g.id!, [m2.user_id]),
      () => c().promoteGroupUsers(m1, g.id!, [m2.user_id]),
      () => c().demoteGroupUsers(m1, g.id!, [admin.user_id]),
    ];
    for (const attempt of attempts) {
      const e = await errorOf(attempt());
      assert.equal(e.status, 404);
      assert.equal(e.body.message, 'Group not found or permission denied.');
    }
    assert.deepEqual(await states(owner, g.id!), before);
    assert.equal(await edgeCount(owner, g), 4);
  });

  it('leaving with only a join request withdraws it: edge_count and the channel stay as they were', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, false);
    await c().joinGroup(a, g.id!);
    assert.equal((await states(owner, g.id!))[a.user_id], 3);
    await c().leaveGroup(a, g.id!);
    assert.deepEqual(await states(owner, g.id!), { [owner.user_id]: 0 });
    assert.equal(await edgeCount(owner, g), 1);
    assert.equal((await userGroups(a, a.user_id)).user_groups!.length, 0);
    const history = await c().listChannelMessages(owner, `3.${g.id}..`, 10, true);
    assert.equal(history.messages?.length ?? 0, 0);
    // The request is gone, so joining again makes a new one.
    await c().joinGroup(a, g.id!);
    assert.equal((await states(owner, g.id!))[a.user_id], 3);
  });

  it('renaming to a name another group has, in any case, is 409', async () => {
    const owner = await ts.newSession();
    const taken = await group(owner, true);
    const g = await group(owner, true);
    for (const name of [taken.name!, taken.name!.toUpperCase()]) {
      const e = await errorOf(c().updateGroup(owner, g.id!, { name }));
      assert.equal(e.status, 409);
      assert.equal(e.body.message, 'Group name is in use.');
    }
    // Its own name is not a clash.
    await c().updateGroup(owner, g.id!, { name: g.name!, description: 'ok' });
  });
});

describe('member listings paging', () => {
  it('listGroupUsers pages with the cursor: every member once, in the order of the full list', async () => {
    const owner = await ts.newSession();
    const g = await group(owner, false);
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await ts.newSession());
    for (const u of users.slice(0, 3)) await c().joinGroup(u, g.id!);
    await c().addGroupUsers(owner, g.id!, [users[0].user_id, users[1].user_id]);
    await c().addGroupUsers(owner, g.id!, [users[3].user_id, users[4].user_id]);
    await c().promoteGroupUsers(owner, g.id!, [users[4].user_id]);
    const full = (await c().listGroupUsers(owner, g.id!, undefined, 100)).group_users!.map((u) => [u.user!.id, u.state]);
    assert.equal(full.length, 6);
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await c().listGroupUsers(owner, g.id!, undefined, 2, cursor);
      seen.push(...page.group_users!.map((u) => [u.user!.id, u.state]));
      cursor = page.cursor;
      pages++;
    } while (cursor && pages < 10);
    assert.deepEqual(seen, full);
    assert.equal(pages, 3);
    // Within one state as well.
    const members: unknown[] = [];
    cursor = undefined;
    do {
      const page = await c().listGroupUsers(owner, g.id!, 2, 1, cursor);
      members.push(...page.group_users!.map((u) => u.user!.id));
      cursor = page.cursor;
    } while (cursor && members.length < 10);
    assert.deepEqual(members, full.filter((x) => x[1] === 2).map((x) => x[0]));
  });

  it("listUserGroups pages with the cursor: every group once, in the order of the full list", async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    for (let i = 0; i < 5; i++) await c().joinGroup(a, (await group(owner, i % 2 === 0)).id!);
    const full = (await userGroups(a, a.user_id, { limit: 100 })).user_groups!.map((u) => [u.group!.id, u.state]);
    assert.equal(full.length, 5);
    assert.deepEqual(full.map((x) => x[1]), [2, 2, 2, 3, 3]);
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await userGroups(a, a.user_id, { limit: 2, cursor });
      seen.push(...page.user_groups!.map((u) => [u.group!.id, u.state]));
      cursor = page.cursor;
      pages++;
    } while (cursor && pages < 10);
    assert.deepEqual(seen, full);
    assert.equal(pages, 3);
  });

  it('answers a garbage or forged cursor with 400', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, false);
    const g2 = await group(owner, false);
    await c().joinGroup(a, g.id!);
    await c().joinGroup(a, g2.id!);
    // A real cursor of the join-request listing (state 3) is refused by a listing of another state.
    const requests = await userGroups(a, a.user_id, { state: 3, limit: 1 });
    assert.ok(requests.cursor);
    assert.equal((await userGroups(a, a.user_id, { state: 3, limit: 1, cursor: requests.cursor })).user_groups!.length, 1);
    const members = await c().listGroupUsers(owner, g.id!, undefined, 1);
    assert.ok(members.cursor);

    const pos = '1700000000000000';
    const forged = [
      'garbage',
      forge({ a: 1 }),
      forge([2, pos]),
      forge([9, pos, NIL]), // no such state
      forge([-1, pos, NIL]),
      forge([2.5, pos, NIL]),
      forge([2, 'abc', NIL]), // not a bigint
      forge([2, '1e5', NIL]),
      forge([2, '99999999999999999999', NIL]), // beyond bigint
      forge([2, pos, 'not-a-uuid']),
    ];
    for (const cursor of forged) {
      assert.equal((await errorOf(c().listGroupUsers(owner, g.id!, undefined, 10, cursor))).status, 400, cursor);
      assert.equal((await errorOf(userGroups(a, a.user_id, { limit: 10, cursor }))).status, 400, cursor);
    }
    // Another state filter than the one the cursor was made by.
    assert.equal((await errorOf(userGroups(a, a.user_id, { state: 2, limit: 10, cursor: requests.cursor }))).status, 400);
    assert.equal((await errorOf(c().listGroupUsers(owner, g.id!, 2, 10, members.cursor))).status, 400);
    // Banned users are not in the unfiltered member listing, so no cursor of it is in state 4.
    assert.equal((await errorOf(c().listGroupUsers(owner, g.id!, undefined, 10, forge([4, pos, NIL])))).status, 400);
    assert.equal((await c().listGroupUsers(owner, g.id!, 4, 10, forge([4, pos, NIL]))).group_users?.length ?? 0, 0);
  });
});

describe('group listing by name', () => {
  it('is a case-insensitive prefix match, Cyrillic included', async () => {
    const owner = await ts.newSession();
    const p = `Спартак${uniq()}`;
    const a = await c().createGroup(owner, { name: `${p} Москва`, open: true });
    const b = await c().createGroup(owner, { name: `${p.toLowerCase()}-юниоры`, open: true });
    await c().createGroup(owner, { name: `ЦСКА ${p}`, open: true }); // contains p, but not at the start
    const ids = async (name: string) => (await c().listGroups(owner, name, undefined, 100)).groups?.map((g) => g.id) ?? [];
    for (const q of [p, p.toLowerCase(), p.toUpperCase(), `%${p}`, `  ${p}`, p.slice(0, 9)]) {
      assert.deepEqual(await ids(q), [a.id, b.id], q);
    }
    assert.deepEqual(await ids(`${p.toUpperCase()} МОСК`), [a.id]);
    assert.deepEqual(await ids(`${p}%юниор`), [b.id]); // % inside is a wildcard
    assert.deepEqual(await ids(`${p}x`), []);
  });

  it('takes _ and \\ literally', async () => {
    const owner = await ts.newSession();
    const p = `lit${uniq()}`;
    const under = await c().createGroup(owner, { name: `${p}_a`, open: true });
    await c().createGroup(owner, { name: `${p}xa`, open: true });
    const slash = await c().createGroup(owner, { name: `${p}\\b`, open: true });
    const ids = async (name: string) => (await c().listGroups(owner, name, undefined, 100)).groups?.map((g) => g.id) ?? [];
    assert.deepEqual(await ids(`${p}_`), [under.id]);
    assert.deepEqual(await ids(`${p}\\`), [slash.id]);
    assert.deepEqual(await ids(`${p}\\B`), [slash.id]);
  });

  it('pages without gaps or repeats where JavaScript and the database lower letters differently', async () => {
    const owner = await ts.newSession();
    const p = `Лига${uniq()}`;
    // İ lowers to "i" plus a combining dot in JavaScript, final Σ to ς: the cursor must use the database's key.
    const names = ['İa', 'İb', 'İc', 'ΣΑΣ', 'ΣΑΣa', 'Бета', 'альфа'].map((n) => `${p}${n}`);
    for (const name of names) await c().createGroup(owner, { name, open: true });
    // With a trailing % (as the contract's client test sends it) the name filter itself is not at stake.
    const full = (await c().listGroups(owner, `${p}%`, undefined, 100)).groups!.map((g) => g.name);
    assert.equal(full.length, names.length);
    for (const limit of [1, 2, 3]) {
      const seen: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await c().listGroups(owner, `${p}%`, cursor, limit);
        seen.push(...page.groups!.map((g) => g.name));
        cursor = page.cursor;
      } while (cursor && seen.length < 20);
      assert.deepEqual(seen, full, `limit ${limit}`);
    }
  });

  it('answers a forged cursor with 400', async () => {
    const owner = await ts.newSession();
    for (const cursor of [forge(['abc', 'not-a-uuid']), forge(['abc']), forge([1, NIL]), forge(['a\u0000b', NIL])]) {
      assert.equal((await errorOf(c().listGroups(owner, undefined, cursor, 10))).status, 400, cursor);
    }
    assert.ok(await c().listGroups(owner, undefined, forge(['abc', NIL]), 10));
  });
});

describe('group channel membership', () => {
  it('refuses a banned user the channel and its history', async () => {
    const owner = await ts.newSession();
    const a = await ts.newSession();
    const g = await group(owner, true);
    await c().joinGroup(a, g.id!);
    const socket = c().createSocket();
    await socket.connect(a, false);
    const ch = await socket.joinChat(g.id!, 3, true, false);
    await socket.leaveChat(ch.id);
    await c().banGroupUsers(owner, g.id!, [a.user_id]);
    assert.equal((await states(owner, g.id!, 4))[a.user_id], 4);
    await assert.rejects(socket.joinChat(g.id!, 3, true, false), (e: { code: number }) => e.code === 3);
    const e = await errorOf(c().listChannelMessages(a, ch.id, 10));
    assert.equal(e.status, 403);
    socket.disconnect(false);
  });

  it('drops a kicked or banned member from the channel: no more messages, no sending', async () => {
    const owner = await ts.newSession();
    const kicked = await ts.newSession();
    const banned = await ts.newSession();
    const g = await group(owner, true);
    const socket = async (s: TestSession) => {
      const sock = c().createSocket();
      await sock.connect(s, false);
      return sock;
    };
    const so = await socket(owner);
    const sk = await socket(kicked);
    const sb = await socket(banned);
    await c().joinGroup(kicked, g.id!);
    await c().joinGroup(banned, g.id!);
    const ch = await so.joinChat(g.id!, 3, true, false);
    await sk.joinChat(g.id!, 3, true, false);
    await sb.joinChat(g.id!, 3, true, false);
    const got = new Map<Socket, ChannelMessage[]>([[sk, []], [sb, []]]);
    for (const [s, list] of got) s.onchannelmessage = (m) => list.push(m);

    await c().kickGroupUsers(owner, g.id!, [kicked.user_id]);
    await c().banGroupUsers(owner, g.id!, [banned.user_id]);
    const echo = nextEvent<ChannelMessage>((r) => (so.onchannelmessage = (m) => m.code === 0 && r(m)));
    await so.writeChatMessage(ch.id, { text: 'только для своих' });
    await echo;
    await sleep(100);
    for (const [s, list] of got) {
      assert.ok(!list.some((m) => m.code === 0), 'a removed member received a chat message');
      await assert.rejects(
        s.writeChatMessage(ch.id, { text: 'ещё тут?' }),
        (e: { code: number; message: string }) => e.code === 3 && e.message === 'Must join channel before sending messages',
      );
    }
    for (const s of [so, sk, sb]) s.disconnect(false);
  });
});
