// Squads: picked by a team's managers from its roster, with a warning for players whose owner did not
// answer «Приду»; shown to everyone, the answers only to the team; the match's appearances.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { call as callOn, fails, makeTeam, registered, type Any } from '../testing.ts';
import { squadAppearances } from './squad-store.ts';

let ts: TestServer;
let owner: Session, admin: Session, member: Session, guestOwner: Session, stranger: Session;
let teamId: string, guestTeamId: string, matchId: string;
const call = (s: Session, id: string, input: object = {}): Promise<Any> => callOn(ts, s, id, input);
const playerOf = async (teamId: string, s: Session): Promise<string> =>
  (await ts.app.nk.db.query<{ player_id: string }>('SELECT player_id FROM team_player WHERE team_id = $1 AND user_id = $2', [teamId, s.user_id]))[0].player_id;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  [owner, admin, member, guestOwner, stranger] = await Promise.all(Array.from({ length: 5 }, () => registered(ts)));
  teamId = await makeTeam(ts, owner, { admin, member });
  guestTeamId = await makeTeam(ts, guestOwner);
  matchId = (await call(owner, 'create_match', { owner_team_id: teamId, guest_team_id: guestTeamId, match_time: new Date(Date.now() + 86_400_000).toISOString() })).id;
});
after(() => ts.close());

describe('set_match_squad and get_match_squad', () => {
  it('keep the players a manager picks, in order, warning of those whose owner did not answer «Приду»', async () => {
    await call(member, 'set_attendance', { match_id: matchId, status: 'yes' });
    await call(admin, 'set_attendance', { match_id: matchId, status: 'maybe' });
    const [memberPlayer, adminPlayer] = [await playerOf(teamId, member), await playerOf(teamId, admin)];
    const saved = await call(admin, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [memberPlayer, adminPlayer] });
    assert.deepEqual(saved.players.map((p: Any) => [p.player_id, p.status, p.warning]), [[memberPlayer, 'yes', false], [adminPlayer, 'maybe', true]]);
    assert.equal(saved.warnings, 1);
    assert.deepEqual([saved.players[0].first_name, saved.players[0].last_name, saved.players[0].number], ['Игрок', 'Тестовый', 2]);

    // By user ids, in another order: the squad is replaced.
    const again = await call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, user_ids: [admin.user_id, member.user_id] });
    assert.deepEqual(again.players.map((p: Any) => p.player_id), [adminPlayer, memberPlayer]);

    // Everyone sees the squads; only the team's members see the answers.
    const seen = await call(stranger, 'get_match_squad', { match_id: matchId });
    assert.deepEqual(seen.squads.map((s: Any) => [s.team_id, s.players.length]), [[teamId, 2], [guestTeamId, 0]]);
    assert.deepEqual(Object.keys(seen.squads[0].players[0]).sort(), ['first_name', 'last_name', 'number', 'player_id', 'user_id']);
    const visitor = await call(await ts.newSession(), 'get_match_squad', { match_id: matchId, team_id: teamId });
    assert.equal(visitor.squads[0].players[1].warning, undefined);
    const mine = await call(member, 'get_match_squad', { match_id: matchId, team_id: teamId });
    assert.deepEqual(mine.squads[0].players.map((p: Any) => p.warning), [true, false]);

    // The appearances the statistics count.
    assert.deepEqual(await squadAppearances(ts.app.nk.db, matchId), [{ player_id: adminPlayer, team_id: teamId }, { player_id: memberPlayer, team_id: teamId }]);
    await call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [] });
    assert.deepEqual(await squadAppearances(ts.app.nk.db, matchId), []);
  });

  it('are the appearances a confirmed match gives its players, in their career totals and its tournament', async () => {
    const [memberPlayer, adminPlayer] = [await playerOf(teamId, member), await playerOf(teamId, admin)];
    const matches = async (id: string) => (await call(stranger, 'get_player', { id })).matches;
    const game = (await call(owner, 'create_match', { owner_team_id: teamId, guest_team_id: guestTeamId, match_time: new Date(Date.now() + 2 * 86_400_000).toISOString() })).id;
    await call(owner, 'set_match_squad', { match_id: game, team_id: teamId, player_ids: [memberPlayer, adminPlayer] });
    const [memberBefore, adminBefore] = [await matches(memberPlayer), await matches(adminPlayer)];
    // Not before its result is confirmed.
    await call(owner, 'set_match_result', { match_id: game, home_score: 2, guest_score: 1 });
    assert.equal(await matches(memberPlayer), memberBefore);
    await call(guestOwner, 'confirm_match_result', { match_id: game });
    assert.deepEqual([await matches(memberPlayer), await matches(adminPlayer)], [memberBefore + 1, adminBefore + 1]);
    // A squad changed afterwards moves them too.
    await call(owner, 'set_match_squad', { match_id: game, team_id: teamId, player_ids: [memberPlayer] });
    assert.deepEqual([await matches(memberPlayer), await matches(adminPlayer)], [memberBefore + 1, adminBefore]);
  });

  it("refuse anyone but the team's managers, and players not on its roster", async () => {
    const memberPlayer = await playerOf(teamId, member);
    await fails(call(member, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [memberPlayer] }), 403, 'Это может делать только владелец или администратор команды.');
    await fails(call(guestOwner, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [memberPlayer] }), 403);
    await fails(call(guestOwner, 'set_match_squad', { match_id: matchId, team_id: guestTeamId, player_ids: [memberPlayer] }), 400, 'Игроки: игрок не в составе команды.');
    await fails(call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [memberPlayer, memberPlayer] }), 400, 'Игроки: игрок указан дважды.');
    await fails(call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId }), 400, 'Укажите игроков списком player_ids или пользователей списком user_ids.');
    await fails(call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, user_ids: [stranger.user_id] }), 400, 'Пользователи: у пользователя нет игрока в составе команды.');
    const other = await makeTeam(ts, owner);
    await fails(call(owner, 'set_match_squad', { match_id: matchId, team_id: other, player_ids: [] }), 400, 'Команда: команда не участвует в этом матче.');
  });

  it('ask for player ids when a user has several players on the team', async () => {
    const extra = await call(owner, 'create_player', { first_name: 'Запасной', last_name: 'Игрок' });
    await call(owner, 'add_team_player', { team_id: teamId, player_id: extra.id });
    const own = await call(owner, 'create_player', { first_name: 'Сам', last_name: 'Владелец' });
    await call(owner, 'add_team_player', { team_id: teamId, player_id: own.id });
    await fails(call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, user_ids: [owner.user_id] }), 400, /выберите игроков списком player_ids/);
    const saved = await call(owner, 'set_match_squad', { match_id: matchId, team_id: teamId, player_ids: [extra.id, own.id] });
    assert.deepEqual(saved.players.map((p: Any) => [p.first_name, p.warning]), [['Запасной', true], ['Сам', true]]);
  });
});
