// The `nk` facade's account and user functions, called from a module's RPCs and observed through the
// official client: what a module changes is what clients then see.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Session, type Socket } from '@heroiclabs/nakama-js';
import type { RuntimeModule } from './types.ts';
import { errorOf, nextEvent, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

// Each RPC takes its arguments as JSON and answers the facade's result as JSON.
const nkModule: RuntimeModule = {
  name: 'nk-test',
  init(initializer, nk) {
    const call = (id: string, fn: (args: Record<string, unknown>) => Promise<unknown>) =>
      initializer.registerRpc(id, async (_ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'))) ?? null));
    call('nk_account_get', (a) => nk.accountGetId(a.userId as string));
    call('nk_account_update', (a) => nk.accountUpdateId(a.userId as string, a.update as Record<string, string>));
    call('nk_account_delete', (a) => nk.accountDeleteId(a.userId as string));
    call('nk_users_get_id', (a) => nk.usersGetId(a.ids as string[]));
    call('nk_users_get_username', (a) => nk.usersGetUsername(a.usernames as string[]));
    call('nk_users_ban', (a) => nk.usersBanId(a.ids as string[]));
    call('nk_users_unban', (a) => nk.usersUnbanId(a.ids as string[]));
  },
};

let ts: TestServer;
let operator: TestSession;
before(async () => {
  ts = await startTestServer({ modules: [nkModule] });
  operator = await ts.newSession();
});
after(() => ts.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rpc(id: string, args: Record<string, unknown>): Promise<any> {
  return (await ts.client().rpc(operator, id, args)).payload;
}

const uniq = () => Math.random().toString(36).slice(2, 12);

async function connect(s: Session): Promise<{ socket: Socket; closed: Promise<unknown> }> {
  const socket = ts.client().createSocket();
  const closed = nextEvent((r) => (socket.ondisconnect = r), 3000, 'socket close');
  closed.catch(() => {});
  await socket.connect(s, false);
  return { socket, closed };
}

/** Whether a socket with this session is refused (it is closed before or right after connecting). */
async function socketRefused(s: Session): Promise<boolean> {
  const socket = ts.client().createSocket();
  try {
    await socket.connect(s, false);
  } catch {
    return true;
  }
  socket.disconnect(false);
  return false;
}

describe('nk account functions', () => {
  it('accountGetId returns the account: user, e-mail, devices, custom id, online flag', async () => {
    const device = `device-${uniq()}`;
    const name = `acct_${uniq()}`;
    const s = await ts.client().authenticateDevice(device, true, name);
    const email = `nk.${uniq()}@example.com`;
    await ts.client().linkEmail(s, { email, password: 'password123' });
    await ts.client().linkCustom(s, { id: `custom-${uniq()}` });
    const custom = (await ts.client().getAccount(s)).custom_id;
    const { socket } = await connect(s);
    try {
      const a = await rpc('nk_account_get', { userId: s.user_id });
      assert.equal(a.user.userId, s.user_id);
      assert.equal(a.user.username, name);
      assert.equal(a.user.online, true);
      assert.deepEqual(a.user.metadata, {});
      assert.equal(a.email, email);
      assert.deepEqual(a.devices, [device]);
      assert.equal(a.customId, custom);
      assert.equal(a.disableTime, null);
    } finally {
      socket.disconnect(false);
    }
  });

  it('accountGetId refuses a malformed id (400) and an unknown one (404)', async () => {
    assert.equal((await errorOf(ts.client().rpc(operator, 'nk_account_get', { userId: 'not-a-uuid' }))).status, 400);
    const e = await errorOf(ts.client().rpc(operator, 'nk_account_get', { userId: crypto.randomUUID() }));
    assert.equal(e.status, 404);
  });

  it('accountUpdateId changes what the user and others see, metadata included', async () => {
    const s = await ts.newSession();
    const username = `renamed_${uniq()}`;
    await rpc('nk_account_update', {
      userId: s.user_id,
      update: { username, displayName: 'Иван Петров', location: 'Москва', metadata: { role: 'captain' } },
    });
    const account = await ts.client().getAccount(s);
    assert.equal(account.user!.username, username);
    assert.equal(account.user!.display_name, 'Иван Петров');
    assert.equal(account.user!.location, 'Москва');
    assert.deepEqual(JSON.parse(account.user!.metadata as unknown as string), { role: 'captain' });
    const seen = await ts.client().getUsers(operator, [s.user_id]);
    assert.equal(seen.users![0].username, username);
    // A taken username is refused with 409, as for clients.
    const other = await ts.newSession();
    const e = await errorOf(ts.client().rpc(operator, 'nk_account_update', { userId: other.user_id, update: { username } }));
    assert.equal(e.status, 409);
  });

  it('accountDeleteId removes the account, refuses its tokens and closes its sockets', async () => {
    const device = `device-${uniq()}`;
    const s = await ts.client().authenticateDevice(device, true);
    const { closed } = await connect(s);
    await rpc('nk_account_delete', { userId: s.user_id });
    await closed;
    assert.equal((await errorOf(ts.client().getAccount(s))).status, 401);
    assert.equal((await errorOf(ts.client().sessionRefresh(s))).status, 401);
    assert.equal(await socketRefused(s), true);
    assert.deepEqual(await rpc('nk_users_get_id', { ids: [s.user_id] }), []);
    const e = await errorOf(ts.client().authenticateDevice(device, false));
    assert.equal(e.status, 404);
  });
});

describe('nk user functions', () => {
  it('usersGetId and usersGetUsername find users (username case ignored), with their online flag', async () => {
    const a = await ts.newSession(`Alpha_${uniq()}`);
    const b = await ts.newSession(`Beta_${uniq()}`);
    const { socket } = await connect(a);
    try {
      const byId = (await rpc('nk_users_get_id', { ids: [a.user_id, b.user_id] })) as Array<{ userId: string; username: string; online: boolean }>;
      assert.deepEqual(
        byId.map((u) => [u.userId, u.username, u.online]).sort(),
        [[a.user_id, a.username, true], [b.user_id, b.username, false]].sort(),
      );
      const byName = (await rpc('nk_users_get_username', { usernames: [b.username.toUpperCase(), `nobody_${uniq()}`] })) as Array<{ userId: string }>;
      assert.deepEqual(byName.map((u) => u.userId), [b.user_id]);
      assert.deepEqual(await rpc('nk_users_get_id', { ids: [crypto.randomUUID()] }), []);
    } finally {
      socket.disconnect(false);
    }
  });

  it('usersBanId refuses the user: tokens 401, socket closed and refused, sign-in 403; usersUnbanId lets them sign in again', async () => {
    const device = `device-${uniq()}`;
    const s = await ts.client().authenticateDevice(device, true);
    const { closed } = await connect(s);
    await rpc('nk_users_ban', { ids: [s.user_id] });
    await closed;
    assert.equal((await errorOf(ts.client().getAccount(s))).status, 401);
    assert.equal((await errorOf(ts.client().sessionRefresh(s))).status, 401);
    assert.equal(await socketRefused(s), true);
    const banned = await errorOf(ts.client().authenticateDevice(device, false));
    assert.equal(banned.status, 403);
    assert.equal(banned.body.message, 'User account banned.');
    assert.ok((await rpc('nk_account_get', { userId: s.user_id })).disableTime);

    await rpc('nk_users_unban', { ids: [s.user_id] });
    const again = await ts.client().authenticateDevice(device, false);
    assert.equal(again.user_id, s.user_id);
    assert.ok((await ts.client().getAccount(again)).user);
    assert.equal(await socketRefused(again), false);
    assert.equal((await rpc('nk_account_get', { userId: s.user_id })).disableTime, null);
    // The tokens from before the ban stay refused.
    assert.equal((await errorOf(ts.client().getAccount(Session.restore(s.token, '')))).status, 401);
  });

  it('usersBanId refuses a malformed id', async () => {
    const e = await errorOf(ts.client().rpc(operator, 'nk_users_ban', { ids: ['not-a-uuid'] }));
    assert.equal(e.status, 400);
  });
});
