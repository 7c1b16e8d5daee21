import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Notification, Session, Socket } from '@heroiclabs/nakama-js';
import { errorOf, json, nextEvent, sleep, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
before(async () => {
  ts = await startTestServer();
});
after(() => ts.close());

const client = () => ts.client();
const users = (n: number) => Promise.all(Array.from({ length: n }, () => ts.newSession()));

/** user id -> state, as the official client lists them. */
async function states(s: Session, state?: number): Promise<Map<string, number>> {
  const list = await client().listFriends(s, state);
  return new Map((list.friends ?? []).map((f) => [f.user!.id!, f.state!]));
}

async function edgeCount(s: Session): Promise<number> {
  return (await client().getAccount(s)).user!.edge_count ?? 0;
}

async function befriend(a: TestSession, b: TestSession): Promise<void> {
  await client().addFriends(a, [b.user_id]);
  await client().addFriends(b, [a.user_id]);
}

async function connect(s: Session): Promise<Socket> {
  const socket = client().createSocket();
  await socket.connect(s, false);
  return socket;
}

const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function raw(s: Session, method: string, path: string): Promise<Response> {
  return fetch(`${ts.url}${path}`, { method, headers: { Authorization: `Bearer ${s.token}` } });
}

describe('friends: invites', () => {
  it('invite gives states 1 and 2, accept gives 0 both ways; -2 and -3 arrive live and are listed', async () => {
    const [alice, bob] = await users(2);
    const bobSocket = await connect(bob);
    const aliceSocket = await connect(alice);
    const request = nextEvent<Notification>((r) => (bobSocket.onnotification = r), 3000, 'friend request');
    assert.equal(await client().addFriends(alice, [bob.user_id]), true);
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 1]]));
    assert.deepEqual(await states(bob), new Map([[alice.user_id, 2]]));
    assert.equal(await edgeCount(alice), 1);
    assert.equal(await edgeCount(bob), 1);

    const n = await request;
    assert.equal(n.code, -2);
    assert.equal(n.sender_id, alice.user_id);
    assert.deepEqual(n.content, { username: alice.username });
    assert.equal(n.subject, `${alice.username} wants to add you as a friend`);
    assert.equal(n.persistent, true);
    const listed = await client().listNotifications(bob, 10);
    assert.deepEqual(listed.notifications!.map((x) => [x.code, x.sender_id]), [[-2, alice.user_id]]);

    // Inviting again changes nothing and sends nothing.
    await client().addFriends(alice, [bob.user_id]);
    assert.equal((await client().listNotifications(bob, 10)).notifications!.length, 1);

    const accept = nextEvent<Notification>((r) => (aliceSocket.onnotification = r), 3000, 'friend accept');
    await client().addFriends(bob, [alice.user_id]);
    const a = await accept;
    assert.equal(a.code, -3);
    assert.equal(a.sender_id, bob.user_id);
    assert.deepEqual(a.content, { username: bob.username });
    assert.equal(a.subject, `${bob.username} accepted your friend request`);
    assert.deepEqual((await client().listNotifications(alice, 10)).notifications!.map((x) => x.code), [-3]);
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 0]]));
    assert.deepEqual(await states(bob), new Map([[alice.user_id, 0]]));
    assert.equal(await edgeCount(alice), 1);
    assert.equal(await edgeCount(bob), 1);

    // On the wire the state wrapper is present even for 0, with update_time and metadata.
    const body = await json(await raw(alice, 'GET', '/v2/friend?state=0'));
    assert.equal(body.friends[0].state, 0);
    assert.equal(body.friends[0].metadata, '{}');
    assert.match(body.friends[0].update_time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(body.friends[0].user.id, bob.user_id);
    assert.equal(Object.hasOwn(body, 'cursor'), false);
    aliceSocket.disconnect(false);
    bobSocket.disconnect(false);
  });

  it('delete rejects, cancels and unfriends, removing both edges', async () => {
    const [alice, bob, carol] = await users(3);
    await client().addFriends(alice, [bob.user_id]);
    await client().deleteFriends(bob, [alice.user_id]); // reject
    assert.equal((await states(alice)).size, 0);
    assert.equal((await states(bob)).size, 0);

    await client().addFriends(alice, [carol.user_id]);
    await client().deleteFriends(alice, [carol.user_id]); // cancel
    assert.equal((await states(carol)).size, 0);

    await befriend(alice, bob);
    await client().deleteFriends(alice, undefined, [bob.username]); // unfriend, by username
    assert.equal((await states(alice)).size, 0);
    assert.equal((await states(bob)).size, 0);
    for (const s of [alice, bob, carol]) assert.equal(await edgeCount(s), 0);
    // Deleting what is not there is fine.
    await client().deleteFriends(alice, [bob.user_id]);
  });

  it('adds and blocks by username, case-insensitively; unknown ids are ignored', async () => {
    const [alice, bob, carol] = await users(3);
    await client().addFriends(alice, undefined, [bob.username.toUpperCase()]);
    await client().blockFriends(alice, undefined, [carol.username]);
    await client().addFriends(alice, [crypto.randomUUID()]);
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 1], [carol.user_id, 3]]));
    assert.equal(await edgeCount(alice), 1);
  });

  it('two users adding each other at the same moment end as friends', async () => {
    for (let i = 0; i < 5; i++) {
      const [alice, bob] = await users(2);
      await Promise.all([client().addFriends(alice, [bob.user_id]), client().addFriends(bob, [alice.user_id])]);
      assert.deepEqual(await states(alice), new Map([[bob.user_id, 0]]));
      assert.deepEqual(await states(bob), new Map([[alice.user_id, 0]]));
      assert.equal(await edgeCount(alice), 1);
      assert.equal(await edgeCount(bob), 1);
    }
  });
});

describe('friends: blocks', () => {
  it('block removes their edge; they cannot invite; I cannot invite until I unblock with delete', async () => {
    const [alice, bob] = await users(2);
    await befriend(alice, bob);
    await client().blockFriends(alice, [bob.user_id]);
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 3]]));
    assert.equal((await states(bob)).size, 0);
    assert.equal(await edgeCount(alice), 0);
    assert.equal(await edgeCount(bob), 0);
    assert.equal(await ts.app.core.friends.blockedBy(bob.user_id, alice.user_id), true);
    assert.equal(await ts.app.core.friends.blockedBy(alice.user_id, bob.user_id), false);
    assert.equal(await ts.app.core.friends.state(alice.user_id, bob.user_id), 3);
    assert.equal(await ts.app.core.friends.state(bob.user_id, alice.user_id), undefined);

    // Bob's invite is silently dropped: no edge, no notification.
    assert.equal(await client().addFriends(bob, [alice.user_id]), true);
    assert.equal((await states(bob)).size, 0);
    assert.equal((await client().listNotifications(alice, 10)).notifications!.some((n) => n.code === -2), false);
    // As upstream: adding someone I blocked is ignored too; delete unblocks first.
    await client().addFriends(alice, [bob.user_id]);
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 3]]));

    // Bob blocks back: both blocks stay; Alice's unblock leaves Bob's block.
    await client().blockFriends(bob, [alice.user_id]);
    assert.deepEqual(await states(bob), new Map([[alice.user_id, 3]]));
    assert.deepEqual(await states(alice), new Map([[bob.user_id, 3]]));
    await client().deleteFriends(alice, [bob.user_id]);
    assert.equal((await states(alice)).size, 0);
    assert.deepEqual(await states(bob), new Map([[alice.user_id, 3]]));
    await client().deleteFriends(bob, [alice.user_id]);

    await client().addFriends(alice, [bob.user_id]);
    assert.deepEqual(await states(bob), new Map([[alice.user_id, 2]]));
    assert.equal(await edgeCount(bob), 1);
    // Blocking a pending invite uncounts both edges.
    await client().blockFriends(bob, [alice.user_id]);
    assert.equal(await edgeCount(alice), 0);
    assert.equal(await edgeCount(bob), 0);
  });
});

describe('friends: listing', () => {
  it('online is true while the friend has a socket', async () => {
    const [alice, bob] = await users(2);
    await befriend(alice, bob);
    const socket = await connect(bob);
    assert.equal((await client().listFriends(alice)).friends![0].user!.online, true);
    socket.disconnect(false);
    await sleep(50);
    assert.equal((await client().listFriends(alice)).friends![0].user!.online, undefined);
  });

  it('filters by state and pages with the cursor over several pages', async () => {
    const [me, ...others] = await users(11);
    const invited = others.slice(0, 5);
    const inviters = others.slice(5, 7);
    const friends = others.slice(7, 9);
    const blocked = others[9];
    await client().addFriends(me, invited.map((s) => s.user_id));
    for (const s of inviters) await client().addFriends(s, [me.user_id]);
    for (const s of friends) await befriend(me, s);
    await client().blockFriends(me, [blocked.user_id]);
    assert.equal(await edgeCount(me), 9);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client().listFriends(me, 1, 2, cursor);
      assert.ok(page.friends!.length <= 2);
      for (const f of page.friends!) {
        assert.equal(f.state, 1);
        seen.push(f.user!.id!);
      }
      cursor = page.cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(seen.sort(), invited.map((s) => s.user_id).sort());

    const all: number[] = [];
    cursor = undefined;
    do {
      const page = await client().listFriends(me, undefined, 3, cursor);
      all.push(...page.friends!.map((f) => f.state!));
      cursor = page.cursor;
    } while (cursor);
    assert.deepEqual(all, [0, 0, 1, 1, 1, 1, 1, 2, 2, 3]);

    assert.deepEqual([...(await states(me, 2)).keys()].sort(), inviters.map((s) => s.user_id).sort());
    assert.deepEqual([...(await states(me, 3)).keys()], [blocked.user_id]);
    assert.equal((await client().listFriends(me, 0)).friends!.length, 2);
  });

  it('refuses bad limits, states and cursors with 400', async () => {
    const [me, other, third] = await users(3);
    await client().addFriends(me, [other.user_id, third.user_id]);
    const page = await client().listFriends(me, 1, 1);
    assert.ok(page.cursor);
    for (const [state, limit, cursor] of [
      [undefined, 0, undefined], [undefined, 1001, undefined], [-1, undefined, undefined], [4, undefined, undefined],
      [0, 1, page.cursor], [undefined, undefined, 'not-a-cursor'],
      // Forged cursors: out-of-range values must not reach the database.
      [undefined, undefined, forge([1, '9999999999999999999', other.user_id])], [undefined, undefined, forge([70000, '1', other.user_id])],
    ] as const) {
      const e = await errorOf(client().listFriends(me, state, limit, cursor));
      assert.equal(e.status, 400, `${state} ${limit} ${cursor}`);
      assert.equal(e.body.code, 3);
    }
    assert.equal((await client().listFriends(me, undefined, 1000)).friends!.length, 2);
  });

  it('friends of friends: excludes me, my friends and blocks either way; pages by cursor', async () => {
    const [me, bob, carol, dave, erin, fred, gina] = await users(7);
    await befriend(me, bob);
    await befriend(me, dave);
    for (const s of [carol, dave, erin, fred, gina]) await befriend(bob, s);
    await client().blockFriends(erin, [me.user_id]);
    await client().blockFriends(me, [fred.user_id]);

    const list = await client().listFriendsOfFriends(me);
    const got = list.friends_of_friends!.map((f) => [f.referrer, f.user!.id]);
    const expected = [carol, gina].map((s) => s.user_id).sort().map((id) => [bob.user_id, id]);
    assert.deepEqual(got, expected);
    assert.equal(list.cursor, undefined);

    const first = await client().listFriendsOfFriends(me, 1);
    assert.equal(first.friends_of_friends!.length, 1);
    assert.ok(first.cursor);
    const second = await client().listFriendsOfFriends(me, 1, first.cursor);
    assert.deepEqual([first, second].map((p) => p.friends_of_friends![0].user!.id), expected.map((e) => e[1]));
    assert.equal(second.cursor, undefined);

    for (const limit of [0, 101]) assert.equal((await errorOf(client().listFriendsOfFriends(me, limit))).status, 400);
  });
});

describe('friends: bad input', () => {
  it('self, invalid ids, empty requests and unknown usernames answer 400', async () => {
    const [me, other] = await users(2);
    const cases: Array<[string, () => Promise<unknown>, string]> = [
      ['add self', () => client().addFriends(me, [me.user_id]), 'Cannot add self as friend.'],
      ['add self by username', () => client().addFriends(me, undefined, [me.username.toUpperCase()]), 'Cannot add self as friend.'],
      ['delete self', () => client().deleteFriends(me, [me.user_id]), 'Cannot delete self.'],
      ['block self', () => client().blockFriends(me, [me.user_id]), 'Cannot block self.'],
      ['invalid id', () => client().addFriends(me, ['not-a-uuid']), "Invalid user ID 'not-a-uuid'."],
      ['invalid id on block', () => client().blockFriends(me, [other.user_id, 'x']), "Invalid user ID 'x'."],
      ['nothing', () => client().addFriends(me), 'No valid ID or username was provided.'],
      ['nothing to delete', () => client().deleteFriends(me), 'No valid ID or username was provided.'],
      ['unknown username', () => client().addFriends(me, undefined, ['nobody-' + crypto.randomUUID()]), 'No valid ID or username was provided.'],
      ['empty username', () => client().addFriends(me, undefined, ['']), 'Username must not be empty.'],
    ];
    for (const [what, call, message] of cases) {
      const e = await errorOf(call());
      assert.equal(e.status, 400, what);
      assert.deepEqual(e.body, { code: 3, message }, what);
    }
    // Nothing was written by the failed batch.
    assert.equal((await states(me)).size, 0);
    assert.equal(await edgeCount(other), 0);
  });

  it('Facebook and Steam imports are not configured', async () => {
    const me = await ts.newSession();
    const fb = await errorOf(client().importFacebookFriends(me, { token: 'x' }));
    assert.equal(fb.status, 400);
    assert.deepEqual(fb.body, { code: 9, message: 'Facebook authentication is not configured.' });
    const steam = await errorOf(client().importSteamFriends(me, { token: 'x' }, false));
    assert.equal(steam.status, 400);
    assert.deepEqual(steam.body, { code: 9, message: 'Steam authentication is not configured.' });
  });
});

describe('friends: runtime facade', () => {
  it('nk adds, lists (camelCase), blocks and deletes', async () => {
    const { nk } = ts.app;
    const [alice, bob] = await users(2);
    const bobSocket = await connect(bob);
    const request = nextEvent<Notification>((r) => (bobSocket.onnotification = r), 3000, 'friend request');
    await nk.friendsAdd(alice.user_id, 'Алиса', [bob.user_id]);
    assert.deepEqual((await request).content, { username: 'Алиса' });
    const list = await nk.friendsList(bob.user_id, 10, 2);
    assert.equal(list.friends.length, 1);
    assert.equal(list.friends[0].user.userId, alice.user_id);
    assert.equal(list.friends[0].state, 2);
    assert.deepEqual(list.friends[0].metadata, {});
    assert.ok(list.friends[0].updateTime instanceof Date);
    await nk.friendsBlock(bob.user_id, bob.username, [], [alice.username]);
    assert.equal((await nk.friendsList(bob.user_id)).friends[0].state, 3);
    assert.equal((await nk.friendsList(alice.user_id)).friends.length, 0);
    await nk.friendsDelete(bob.user_id, bob.username, [alice.user_id]);
    assert.equal((await nk.friendsList(bob.user_id)).friends.length, 0);
    await assert.rejects(nk.friendsList(bob.user_id, 0), { code: 3 });
    await assert.rejects(nk.friendsAdd('nonsense', 'x', [bob.user_id]), { code: 3 });
    bobSocket.disconnect(false);
  });
});

describe('friends: account deletion', () => {
  it('keeps the other users edge_count right; their edges are gone', async () => {
    const [gone, friend, inviter, invitee, blockedByGone, blocker, bystander] = await users(7);
    await befriend(gone, friend);
    await befriend(friend, bystander);
    await client().addFriends(inviter, [gone.user_id]);
    await client().addFriends(gone, [invitee.user_id]);
    await client().blockFriends(gone, [blockedByGone.user_id]);
    await client().blockFriends(blocker, [gone.user_id]);
    assert.equal(await edgeCount(friend), 2);
    assert.equal(await edgeCount(inviter), 1);
    assert.equal(await edgeCount(invitee), 1);

    assert.equal(await client().deleteAccount(gone), true);
    assert.equal(await edgeCount(friend), 1);
    assert.equal(await edgeCount(inviter), 0);
    assert.equal(await edgeCount(invitee), 0);
    assert.equal(await edgeCount(blockedByGone), 0);
    assert.equal(await edgeCount(blocker), 0);
    assert.deepEqual(await states(friend), new Map([[bystander.user_id, 0]]));
    assert.equal((await states(blocker)).size, 0);
  });
});
