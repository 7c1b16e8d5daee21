// Invitations to a team: to a user (notified) or by a join link; accepted with one's own player, confirmed at once.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, planOf, startPortal, type Any, type Portal } from '../testing.ts';
import { NotificationCode } from '../notifications/index.ts';
import { MAX_INVITATIONS } from './invitation-rpc.ts';
import { myInvitationsQuery, teamInvitationsQuery } from './invitation-store.ts';

let P: Portal;
let owner: Session;
let admin: Session;
let member: Session;
let bob: Session;
let carol: Session;
let guest: Session;

before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, admin, member, bob, carol, guest] = await Promise.all([
    P.registered(), P.registered(), P.registered(), P.registered(), P.registered(), P.guest(),
  ]);
});
after(() => P.close());

const invite = (s: Session, teamId: string, userId: string) => P.call(s, 'create_team_invitation', { team_id: teamId, user_id: userId });
const link = (s: Session, teamId: string, input: object = {}) => P.call(s, 'create_team_invitation_link', { team_id: teamId, ...input });
const accept = (s: Session, input: object) => P.call(s, 'accept_team_invitation', input);
const mine = async (s: Session, input: object = {}) => (await P.call(s, 'list_my_team_invitations', input)).invitations as Any[];
const ofTeam = async (s: Session, teamId: string) => (await P.call(s, 'list_team_invitations', { team_id: teamId })).invitations as Any[];
const managersOnly = 'Это может делать только владелец или администратор команды.';
const GONE = 'Приглашение не найдено или отозвано.';

/** A closed team of owner's with an admin and a plain member, written straight in (no notifications). */
async function team() {
  const t = await P.team(owner, { team_type: 1 });
  let number = 1;
  for (const [s, role] of [[admin, 1], [member, 0]] as const) {
    const p = await P.player(s);
    await P.ts.app.nk.db.execute(
      `INSERT INTO team_player (id, team_id, player_id, user_id, creator_id, team_role, number, is_confirmed)
       VALUES ($1, $2, $3, $4, $4, $5, $6, true)`,
      [crypto.randomUUID(), t.id, p.id, s.user_id, role, number++],
    );
  }
  return t;
}

/** The team invitations a user was sent, as [sender, link]. */
async function invitationsSent(s: Session): Promise<string[][]> {
  const list = (await P.ts.client().listNotifications(s, 100)).notifications ?? [];
  return list.filter((n) => n.code === NotificationCode.TeamInvitation).map((n) => [n.sender_id!, (n.content as Any).link]);
}

describe('invitations to a user', () => {
  it('are made by managers, told to the invitee alone, and listed to both sides', async () => {
    const t = await team();
    const [dan] = await Promise.all([P.registered()]);
    const inv = await invite(owner, t.id, dan.user_id!);
    assert.deepEqual(Object.keys(inv).sort(), ['create_time', 'creator_id', 'id', 'invitee_id', 'kind', 'team', 'team_id', 'use_count']);
    assert.deepEqual([inv.kind, inv.team_id, inv.invitee_id, inv.creator_id, inv.team.name], ['user', t.id, dan.user_id, owner.user_id, t.name]);
    assert.deepEqual(await invitationsSent(dan), [[owner.user_id, `/teams/${t.id}/join?invitation=${inv.id}`]]);
    for (const who of [owner, admin, member]) assert.deepEqual(await invitationsSent(who), []);
    const byAdmin = await invite(admin, t.id, carol.user_id!);
    assert.deepEqual((await ofTeam(owner, t.id)).map((i) => i.id), [byAdmin.id, inv.id]);
    assert.deepEqual(await mine(dan), [inv]);
    assert.deepEqual(await mine(dan, { team_id: crypto.randomUUID() }), []);
    assert.deepEqual((await mine(carol, { team_id: t.id })).map((i) => i.id), [byAdmin.id]);
    for (const who of [member, bob]) await failsWithCode(ofTeam(who, t.id), Code.Denied, managersOnly);
  });

  it('refuse non-managers, oneself, unknown users, guests, a second invitation and a block', async () => {
    const t = await team();
    for (const who of [member, bob]) await failsWithCode(invite(who, t.id, carol.user_id!), Code.Denied, managersOnly);
    await failsWithCode(invite(guest, t.id, carol.user_id!), Code.Denied);
    await failsWithCode(invite(owner, t.id, owner.user_id!), Code.Invalid, 'Себя пригласить нельзя: своего игрока можно сразу добавить в команду.');
    await failsWithCode(invite(owner, t.id, crypto.randomUUID()), Code.NotFound, 'Пользователь не найден.');
    await failsWithCode(invite(owner, t.id, guest.user_id!), Code.Precondition, 'Пригласить можно только зарегистрированного пользователя.');
    await failsWithCode(invite(owner, crypto.randomUUID(), carol.user_id!), Code.NotFound, 'Команда не найдена.');
    await failsWithCode(invite(owner, t.id, 'carol'), Code.Invalid, /^Пользователь: /);
    await invite(owner, t.id, carol.user_id!);
    await failsWithCode(invite(admin, t.id, carol.user_id!), Code.AlreadyExists, 'Этот пользователь уже приглашён в команду.');
    const blocker = await P.registered();
    await P.ts.client().blockFriends(blocker, [owner.user_id!]);
    await failsWithCode(invite(owner, t.id, blocker.user_id!), Code.Denied, 'Этого пользователя нельзя пригласить.');
    assert.deepEqual(await invitationsSent(blocker), []);
  });

  it('are accepted by the invitee with their player, on a closed team, confirmed at once, and used up', async () => {
    const t = await team();
    const inv = await invite(owner, t.id, bob.user_id!);
    const p = await P.player(bob);
    await failsWithCode(accept(carol, { id: inv.id, player_id: (await P.player(carol)).id }), Code.NotFound, GONE);
    await failsWithCode(accept(bob, { id: inv.id, player_id: (await P.player(carol)).id }), Code.Denied, 'Принять приглашение можно только со своим игроком.');
    await failsWithCode(accept(bob, { id: inv.id, player_id: p.id, number: 1 }), Code.AlreadyExists, 'Номер 1 уже занят');
    await failsWithCode(accept(bob, { id: inv.id, player_id: p.id, number: 100 }), Code.Invalid, /^Номер: /);
    await failsWithCode(accept(bob, { player_id: p.id }), Code.Invalid, 'Укажите приглашение: его идентификатор или ссылку.');
    const tp = await accept(bob, { id: inv.id, player_id: p.id, number: 7, field_role: 3 });
    assert.deepEqual([tp.team_id, tp.player_id, tp.user_id, tp.number, tp.field_role, tp.team_role, tp.is_confirmed], [t.id, p.id, bob.user_id, 7, 3, 0, true]);
    assert.equal((await P.call(bob, 'get_team', { id: t.id })).viewer.is_member, true);
    assert.deepEqual(await mine(bob, { team_id: t.id }), []);
    assert.deepEqual(await ofTeam(owner, t.id), []);
    await failsWithCode(accept(bob, { id: inv.id, player_id: (await P.player(bob)).id }), Code.NotFound, GONE);
  });

  it('confirm the invitee\'s request waiting on the team instead of refusing it; the lowest free number by default', async () => {
    const t = await P.team(owner);
    const p = await P.player(bob);
    const req = await P.call(bob, 'request_join_team_player', { team_id: t.id, player_id: p.id, number: 5 });
    const inv = await invite(owner, t.id, bob.user_id!);
    const tp = await accept(bob, { id: inv.id, player_id: p.id });
    assert.deepEqual([tp.id, tp.number, tp.is_confirmed], [req.id, 5, true]);
    const inv2 = await invite(owner, t.id, bob.user_id!);
    await failsWithCode(accept(bob, { id: inv2.id, player_id: p.id }), Code.AlreadyExists, 'Этот игрок уже в команде.');
    assert.equal((await accept(bob, { id: inv2.id, player_id: (await P.player(bob)).id })).number, 1);
  });

  it('are declined by the invitee only, and revoked by managers only', async () => {
    const t = await team();
    const a = await invite(owner, t.id, bob.user_id!);
    await failsWithCode(P.call(carol, 'decline_team_invitation', { id: a.id }), Code.NotFound, GONE);
    await failsWithCode(P.call(owner, 'decline_team_invitation', { id: a.id }), Code.NotFound, GONE);
    assert.deepEqual(await P.call(bob, 'decline_team_invitation', { id: a.id }), {});
    assert.deepEqual(await mine(bob, { team_id: t.id }), []);
    await failsWithCode(accept(bob, { id: a.id, player_id: (await P.player(bob)).id }), Code.NotFound, GONE);
    const b = await invite(owner, t.id, bob.user_id!);
    for (const who of [member, bob]) await failsWithCode(P.call(who, 'revoke_team_invitation', { id: b.id }), Code.Denied, managersOnly);
    assert.deepEqual(await P.call(admin, 'revoke_team_invitation', { id: b.id }), {});
    await failsWithCode(accept(bob, { id: b.id, player_id: (await P.player(bob)).id }), Code.NotFound, GONE);
    await failsWithCode(P.call(owner, 'revoke_team_invitation', { id: b.id }), Code.NotFound, GONE);
  });
});

describe('join links', () => {
  it('carry a secret token shown once; anyone registered holding it joins, confirmed; uses are counted', async () => {
    const t = await team();
    const l = await link(owner, t.id);
    assert.match(l.token, /^[A-Za-z0-9_-]{32}$/);
    assert.deepEqual([l.kind, l.use_count, 'invitee_id' in l, 'expire_time' in l, 'max_uses' in l], ['link', 0, false, false, false]);
    const [listed] = await ofTeam(admin, t.id);
    assert.equal('token' in listed, false);
    const stored = await P.ts.app.nk.db.query<{ token_hash: string }>('SELECT token_hash FROM team_invitation WHERE id = $1', [l.id]);
    assert.equal(stored[0].token_hash, crypto.createHash('sha256').update(l.token).digest('hex'));
    for (const who of [bob, carol]) {
      const tp = await accept(who, { token: l.token, player_id: (await P.player(who)).id });
      assert.deepEqual([tp.team_id, tp.is_confirmed], [t.id, true]);
    }
    assert.equal((await ofTeam(owner, t.id))[0].use_count, 2);
    // A link is not anyone's invitation: it is neither listed as one nor accepted by its id.
    assert.deepEqual(await mine(bob, { team_id: t.id }), []);
    await failsWithCode(accept(bob, { id: l.id, player_id: (await P.player(bob)).id }), Code.NotFound, GONE);
    await failsWithCode(accept(guest, { token: l.token, player_id: crypto.randomUUID() }), Code.Denied);
    for (const who of [member, bob]) await failsWithCode(link(who, t.id), Code.Denied, managersOnly);
  });

  it('refuse a wrong, malformed, revoked, expired or used-up token', async () => {
    const t = await team();
    const l = await link(admin, t.id, { expires_in_days: 7, max_uses: 1 });
    assert.ok(Math.abs(Date.parse(l.expire_time) - Date.now() - 7 * 86_400_000) < 60_000);
    assert.equal(l.max_uses, 1);
    const player = async () => (await P.player(carol)).id;
    await failsWithCode(accept(carol, { token: crypto.randomBytes(24).toString('base64url'), player_id: await player() }), Code.NotFound, GONE);
    await failsWithCode(accept(carol, { token: 'short', player_id: await player() }), Code.Invalid, /^Ссылка-приглашение: /);
    await failsWithCode(accept(carol, { token: l.token, id: l.id, player_id: await player() }), Code.Invalid);
    await accept(bob, { token: l.token, player_id: (await P.player(bob)).id });
    await failsWithCode(accept(carol, { token: l.token, player_id: await player() }), Code.Precondition,
      'По этой ссылке уже вступило столько игроков, сколько было разрешено.');
    const old = await link(owner, t.id, { expires_in_days: 1 });
    await P.ts.app.nk.db.execute("UPDATE team_invitation SET expire_time = now() - interval '1 second' WHERE id = $1", [old.id]);
    await failsWithCode(accept(carol, { token: old.token, player_id: await player() }), Code.Precondition, 'Срок действия ссылки-приглашения истёк.');
    const revoked = await link(owner, t.id);
    await P.call(owner, 'revoke_team_invitation', { id: revoked.id });
    await failsWithCode(accept(carol, { token: revoked.token, player_id: await player() }), Code.NotFound, GONE);
    for (const bad of [{ expires_in_days: 0 }, { expires_in_days: 366 }, { max_uses: 0 }, { max_uses: 1001 }, { max_uses: 1.5 }]) {
      await failsWithCode(link(owner, t.id, bad), Code.Invalid);
    }
  });

  it('let only as many join at once as the link allows', async () => {
    const t = await team();
    const l = await link(owner, t.id, { max_uses: 1 });
    const users = await Promise.all(Array.from({ length: 6 }, () => P.registered()));
    const players = await Promise.all(users.map((u) => P.player(u)));
    const results = await Promise.allSettled(users.map((u, i) => accept(u, { token: l.token, player_id: players[i].id })));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.equal((await P.call(guest, 'get_team', { id: t.id })).member_count, 3);
  });
});

describe('the invitations of a team', () => {
  it(`are at most ${MAX_INVITATIONS} at once, and go with the team`, async () => {
    const t = await team();
    await P.ts.app.nk.db.execute(
      `INSERT INTO team_invitation (id, team_id, creator_id, token_hash)
       SELECT gen_random_uuid(), $1, $2, md5(n::text) || md5(n::text) FROM generate_series(2, $3::int) n`,
      [t.id, owner.user_id, MAX_INVITATIONS],
    );
    await invite(owner, t.id, bob.user_id!);
    await failsWithCode(link(owner, t.id), Code.Exhausted, 'В команде уже 100 приглашений: отзовите ненужные, чтобы создать новое.');
    await failsWithCode(invite(owner, t.id, carol.user_id!), Code.Exhausted);
    assert.equal((await ofTeam(owner, t.id)).length, MAX_INVITATIONS);
    await P.call(owner, 'delete_team', { id: t.id });
    const [{ n }] = await P.ts.app.nk.db.query<{ n: number }>('SELECT count(*)::int AS n FROM team_invitation WHERE team_id = $1', [t.id]);
    assert.equal(n, 0);
    assert.deepEqual(await mine(bob, { team_id: t.id }), []);
  });

  it('are listed through indexes, a user\'s page by page', async () => {
    const db = P.ts.app.nk.db;
    const team = teamInvitationsQuery(crypto.randomUUID(), 100);
    assert.match(await planOf(db, team.sql, team.params), /team_invitation_team_id_idx/);
    const user = myInvitationsQuery({ userId: bob.user_id!, limit: 20 });
    assert.match(await planOf(db, user.sql, user.params), /team_invitation_invitee_id_idx/);
    const teams = await Promise.all([P.team(owner), P.team(owner), P.team(owner)]);
    const dan = await P.registered();
    for (const t of teams) await invite(owner, t.id, dan.user_id!);
    const first = await P.call(dan, 'list_my_team_invitations', { limit: 2 });
    const rest = await P.call(dan, 'list_my_team_invitations', { limit: 2, cursor: first.cursor });
    assert.deepEqual([...first.invitations, ...rest.invitations].map((i: Any) => i.team_id), teams.map((t) => t.id).reverse());
    assert.equal(rest.cursor, undefined);
    await failsWithCode(P.call(dan, 'list_my_team_invitations', { cursor: 'x' }), Code.Invalid);
    await failsWithCode(P.call(guest, 'list_my_team_invitations', {}), Code.Denied);
  });
});
