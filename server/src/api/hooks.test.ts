// Before-hooks of the group API (registerBeforeCreateGroup, ...): a module sees each request with the
// caller's context, may change it, refuse it silently (null: 404) or with its own error; nk is not hooked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../log.ts';
import { permissionDenied } from '../errors.ts';
import { Registry } from '../runtime/registry.ts';
import type { ApiContext, ApiName, GroupRequest, GroupUsersRequest, RuntimeModule } from '../runtime/types.ts';
import { errorOf, startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

/** Groups whose every call the module drops (null) or refuses with its own error. */
const dropped = new Set<string>();
const refused = new Set<string>();
const seen: Array<{ name: ApiName; ctx: ApiContext }> = [];
/** The group JoinGroup sends its callers to instead of the one they asked for. */
const redirect = new Map<string, string>();
const NOT_ADDED = '00000000-0000-4000-8000-0000000000aa';

const guard = <T extends GroupRequest>(name: ApiName, change: (r: T) => T = (r) => r) => (ctx: ApiContext, _logger: unknown, _nk: unknown, r: T) => {
  seen.push({ name, ctx });
  if (dropped.has(r.groupId)) return null;
  if (refused.has(r.groupId)) throw permissionDenied(`${name}: refused by the module.`);
  return change(r);
};

const hooksModule: RuntimeModule = {
  name: 'api-hooks-test',
  init(initializer, nk) {
    initializer.registerBeforeCreateGroup(async (ctx, logger, hnk, r) => {
      assert.equal(hnk, nk);
      assert.equal(typeof logger.info, 'function');
      seen.push({ name: 'CreateGroup', ctx });
      if (r.name?.startsWith('silent:')) return null;
      if (r.name?.startsWith('reserved:')) throw permissionDenied('This name is reserved.');
      if (r.name?.startsWith('broken:')) return { ...r, maxCount: 'many' } as unknown as typeof r;
      if (r.name?.startsWith('crash:')) throw new Error('secret internals');
      // The module's defaults: a small closed group unless the client said otherwise.
      return { ...r, maxCount: r.maxCount ?? 7, open: r.open ?? false };
    });
    initializer.registerBeforeUpdateGroup(guard('UpdateGroup', (r) => ({ ...r, description: 'set by the module' })));
    initializer.registerBeforeDeleteGroup(guard('DeleteGroup'));
    initializer.registerBeforeJoinGroup(guard<GroupRequest>('JoinGroup', (r) => ({ groupId: redirect.get(r.groupId) ?? r.groupId })));
    initializer.registerBeforeLeaveGroup(guard('LeaveGroup'));
    initializer.registerBeforeAddGroupUsers(guard<GroupUsersRequest>('AddGroupUsers', (r) => ({ ...r, userIds: r.userIds.filter((id) => id !== NOT_ADDED) })));
    initializer.registerBeforeKickGroupUsers(guard('KickGroupUsers'));
    initializer.registerBeforeBanGroupUsers(guard('BanGroupUsers'));
    initializer.registerBeforePromoteGroupUsers(guard('PromoteGroupUsers'));
    initializer.registerBeforeDemoteGroupUsers(guard('DemoteGroupUsers'));
  },
};

let ts: TestServer;
let owner: TestSession;
let other: TestSession;
before(async () => {
  ts = await startTestServer({ modules: [hooksModule] });
  owner = await ts.newSession();
  other = await ts.newSession();
});
after(() => ts.close());

const uniq = () => Math.random().toString(36).slice(2, 10);

async function group(open = true): Promise<string> {
  return (await ts.client().createGroup(owner, { name: `g ${uniq()}`, open })).id!;
}

async function members(groupId: string): Promise<Array<[string, number]>> {
  const list = await ts.client().listGroupUsers(owner, groupId, undefined, 100);
  return (list.group_users ?? []).map((g) => [g.user!.id!, g.state!] as [string, number]).sort();
}

describe('before-hooks of the group API', () => {
  it('see the request with the caller\'s context and may change it', async () => {
    seen.length = 0;
    const created = await ts.client().createGroup(owner, { name: `defaults ${uniq()}` });
    assert.equal(created.max_count, 7);
    assert.equal(created.open, false);
    assert.equal(seen[0].name, 'CreateGroup');
    assert.equal(seen[0].ctx.userId, owner.user_id);
    assert.equal(seen[0].ctx.username, owner.username);
    assert.equal(seen[0].ctx.executionMode, 'before');
    assert.ok(seen[0].ctx.clientIp);
    assert.equal(seen[0].ctx.headers.authorization, undefined);
    assert.equal((await ts.client().createGroup(owner, { name: `chosen ${uniq()}`, max_count: 50, open: true })).max_count, 50);

    const id = await group();
    await ts.client().updateGroup(owner, id, { name: `renamed ${uniq()}` });
    const [updated] = await ts.app.nk.groupsGetId([id]);
    assert.equal(updated.description, 'set by the module');
    assert.match(updated.name, /^renamed /);

    await ts.client().addGroupUsers(owner, id, [other.user_id, NOT_ADDED]);
    assert.deepEqual(await members(id), [[owner.user_id, 0], [other.user_id, 2]].sort());

    // JoinGroup's request names another group: the caller joins that one.
    const asked = await group();
    const given = await group();
    redirect.set(asked, given);
    const joiner = await ts.newSession();
    await ts.client().joinGroup(joiner, asked);
    assert.equal(await ts.app.nk.groupUserState(asked, joiner.user_id), undefined);
    assert.equal(await ts.app.nk.groupUserState(given, joiner.user_id), 2);
  });

  it('refuse every group call: null answers 404, a thrown error answers with itself', async () => {
    const calls: Array<[ApiName, (groupId: string) => Promise<unknown>]> = [
      ['UpdateGroup', (g) => ts.client().updateGroup(owner, g, { name: `x ${uniq()}` })],
      ['DeleteGroup', (g) => ts.client().deleteGroup(owner, g)],
      ['JoinGroup', (g) => ts.client().joinGroup(other, g)],
      ['LeaveGroup', (g) => ts.client().leaveGroup(other, g)],
      ['AddGroupUsers', (g) => ts.client().addGroupUsers(owner, g, [other.user_id])],
      ['KickGroupUsers', (g) => ts.client().kickGroupUsers(owner, g, [other.user_id])],
      ['BanGroupUsers', (g) => ts.client().banGroupUsers(owner, g, [other.user_id])],
      ['PromoteGroupUsers', (g) => ts.client().promoteGroupUsers(owner, g, [other.user_id])],
      ['DemoteGroupUsers', (g) => ts.client().demoteGroupUsers(owner, g, [other.user_id])],
    ];
    const quiet = await group();
    const closed = await group();
    await ts.client().addGroupUsers(owner, quiet, [other.user_id]);
    await ts.client().addGroupUsers(owner, closed, [other.user_id]);
    dropped.add(quiet);
    refused.add(closed);
    for (const [name, call] of calls) {
      const silent = await errorOf(call(quiet));
      assert.deepEqual([silent.status, silent.body.message], [404, 'Requested resource was not found.'], name);
      const loud = await errorOf(call(closed));
      assert.deepEqual([loud.status, loud.body.code, loud.body.message], [403, 7, `${name}: refused by the module.`], name);
    }
    // Nothing happened to either group, and the module's own nk calls are not hooked.
    for (const g of [quiet, closed]) assert.deepEqual(await members(g), [[owner.user_id, 0], [other.user_id, 2]].sort());
    await ts.app.nk.groupUsersPromote(closed, [other.user_id]);
    await ts.app.nk.groupDelete(quiet);
    assert.equal((await ts.app.nk.groupsGetId([quiet])).length, 0);

    const silent = await errorOf(ts.client().createGroup(owner, { name: `silent:${uniq()}` }));
    assert.equal(silent.status, 404);
    const loud = await errorOf(ts.client().createGroup(owner, { name: `reserved:${uniq()}` }));
    assert.deepEqual([loud.status, loud.body.message], [403, 'This name is reserved.']);
  });

  it('a hook that fails or returns a malformed request answers a generic Internal error', async () => {
    for (const name of [`broken:${uniq()}`, `crash:${uniq()}`]) {
      const e = await errorOf(ts.client().createGroup(owner, { name }));
      assert.deepEqual([e.status, e.body.message], [500, 'Internal error'], name);
    }
    assert.deepEqual((await ts.client().listGroups(owner, 'broken:%', undefined, 10)).groups ?? [], []);
  });
});

describe('registering API hooks', () => {
  it('one per call; a hook of a call no route serves stops the start', () => {
    const registry = new Registry(createLogger('error'), {});
    const init = registry.initializer();
    init.registerBeforeDeleteGroup((_ctx, _logger, _nk, r) => r);
    assert.throws(() => init.registerBeforeDeleteGroup((_ctx, _logger, _nk, r) => r), /already registered/);
    assert.doesNotThrow(() => registry.checkHooks([], ['DeleteGroup']));
    assert.throws(() => registry.checkHooks([], ['CreateGroup']), /DeleteGroup, which no API route serves/);
  });
});
