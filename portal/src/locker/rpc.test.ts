import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, startPortal, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let member: Session;
let stranger: Session;
let guest: Session;

before(async () => {
  P = await startPortal();
  [owner, member, stranger, guest] = await Promise.all([P.registered(), P.registered(), P.registered(), P.guest()]);
});
after(() => P.close());

interface F { id: string; name: string; isDefault: boolean }
/** A team with a confirmed player of `member`; answers the team, the player's id and the default formation. */
async function setup() {
  const team = await P.team(owner);
  const tp = await P.member(owner, member, team.id);
  const [def] = (await P.call(member, 'list_team_formations', { teamId: team.id })).formations as F[];
  return { team, playerId: tp.player_id as string, def };
}
const formations = async (teamId: string) =>
  ((await P.call(member, 'list_team_formations', { teamId })).formations as F[]).map((f) => `${f.name}${f.isDefault ? '*' : ''}`);

describe('formations', () => {
  it('creates formations; isDefault switches the default; lists the default first', async () => {
    const { team, def } = await setup();
    const a = await P.call(owner, 'create_team_formation', { teamId: team.id, name: ' 4-4-2 ' });
    assert.deepEqual(Object.keys(a).sort(), ['createTime', 'id', 'isDefault', 'name', 'teamId']);
    assert.deepEqual([a.teamId, a.name, a.isDefault], [team.id, '4-4-2', false]);
    assert.deepEqual(await formations(team.id), ['default*', '4-4-2']);
    // snake_case input is accepted too.
    const b = await P.call(owner, 'create_team_formation', { team_id: team.id, name: 'Формация 3', is_default: true });
    assert.equal(b.isDefault, true);
    assert.deepEqual(await formations(team.id), ['Формация 3*', 'default', '4-4-2']);
    const listed = (await P.call(member, 'list_team_formations', { teamId: team.id })).formations as F[];
    assert.deepEqual(listed.find((f) => f.id === def.id), { ...def, isDefault: false });
    const chosen = await P.call(owner, 'update_team_formation', { id: a.id, isDefault: true });
    assert.equal(chosen.isDefault, true);
    assert.deepEqual(await formations(team.id), ['4-4-2*', 'default', 'Формация 3']);
    assert.equal((await P.call(owner, 'update_team_formation', { id: a.id, name: '4-3-3' })).name, '4-3-3');
    assert.equal((await P.call(owner, 'update_team_formation', { id: a.id, is_default: true })).isDefault, true);
    const [{ n }] = await P.ts.app.nk.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM team_formation WHERE team_id = $1 AND is_default', [team.id]);
    assert.equal(n, 1);
  });

  it('keeps one default: it cannot be unset, and deleting it promotes the oldest remaining', async () => {
    const { team, def } = await setup();
    await failsWithCode(P.call(owner, 'update_team_formation', { id: def.id, isDefault: false }), Code.Precondition);
    const other = await P.call(owner, 'create_team_formation', { teamId: team.id, name: 'Вторая' });
    assert.equal((await P.call(owner, 'update_team_formation', { id: other.id, isDefault: false })).isDefault, false);
    await P.call(owner, 'create_team_formation', { teamId: team.id, name: 'Третья' });
    assert.deepEqual(await P.call(owner, 'delete_team_formation', { id: def.id }), {});
    assert.deepEqual(await formations(team.id), ['Вторая*', 'Третья']);
    await failsWithCode(P.call(owner, 'update_team_formation', { id: def.id, name: 'Снова' }), Code.NotFound, 'Формация не найдена.');
  });

  it('refuses to delete the last formation, and deletes a formation\'s positions with it', async () => {
    const { team, def, playerId } = await setup();
    await failsWithCode(P.call(owner, 'delete_team_formation', { id: def.id }), Code.Precondition, 'Нельзя удалить единственную формацию команды.');
    const other = await P.call(owner, 'create_team_formation', { teamId: team.id, name: 'Запасная' });
    const pos = await P.call(owner, 'create_team_player_position', { teamId: team.id, formationId: other.id, playerId, x: 0.1, y: 0.2 });
    await P.call(owner, 'delete_team_formation', { id: other.id });
    await failsWithCode(P.call(owner, 'update_team_player_position', { id: pos.id, x: 0, y: 0 }), Code.NotFound, 'Позиция не найдена.');
    await failsWithCode(P.call(owner, 'delete_team_formation', { id: other.id }), Code.NotFound);
  });

  it('lets only managers change and only members look', async () => {
    const { team, def } = await setup();
    const denied = 'Это может делать только владелец или администратор команды.';
    await failsWithCode(P.call(member, 'create_team_formation', { teamId: team.id, name: 'Моя' }), Code.Denied, denied);
    await failsWithCode(P.call(member, 'update_team_formation', { id: def.id, name: 'Моя' }), Code.Denied, denied);
    await failsWithCode(P.call(member, 'delete_team_formation', { id: def.id }), Code.Denied, denied);
    await failsWithCode(P.call(stranger, 'create_team_formation', { teamId: team.id, name: 'Чужая' }), Code.Denied);
    const membersOnly = 'Раздевалка доступна только игрокам команды.';
    await failsWithCode(P.call(stranger, 'list_team_formations', { teamId: team.id }), Code.Denied, membersOnly);
    await failsWithCode(P.call(stranger, 'list_team_player_positions', { teamId: team.id, formationId: def.id }), Code.Denied, membersOnly);
    await failsWithCode(P.call(guest, 'list_team_formations', { teamId: team.id }), Code.Denied, membersOnly);
    await failsWithCode(P.withKey('list_team_formations', { teamId: team.id }), Code.Unauthenticated);
    // A request that is not yet confirmed does not open the locker room.
    await P.call(stranger, 'request_join_team_player', { team_id: team.id, player_id: (await P.player(stranger)).id });
    await failsWithCode(P.call(stranger, 'list_team_formations', { teamId: team.id }), Code.Denied, membersOnly);
    assert.deepEqual(await formations(team.id), ['default*']);
  });

  it('refuses bad input and unknown ids', async () => {
    const { team, def } = await setup();
    await failsWithCode(P.call(owner, 'create_team_formation', { teamId: team.id }), Code.Invalid, 'Название: укажите название формации.');
    await failsWithCode(P.call(owner, 'create_team_formation', { teamId: team.id, name: 'Ф'.repeat(101) }), Code.Invalid, /^Название: /);
    await failsWithCode(P.call(owner, 'create_team_formation', { teamId: team.id, name: 'Ф', isDefault: 'yes' }), Code.Invalid, /^Формация по умолчанию: /);
    await failsWithCode(P.call(owner, 'create_team_formation', { name: 'Ф' }), Code.Invalid, /^Команда: /);
    await failsWithCode(P.call(owner, 'create_team_formation', { teamId: crypto.randomUUID(), name: 'Ф' }), Code.NotFound, 'Команда не найдена.');
    await failsWithCode(P.call(owner, 'update_team_formation', { id: crypto.randomUUID(), name: 'Ф' }), Code.NotFound);
    await failsWithCode(P.call(owner, 'update_team_formation', { id: def.id, name: '' }), Code.Invalid);
    await failsWithCode(P.call(owner, 'delete_team_formation', { id: 'def' }), Code.Invalid, /^Идентификатор: /);
  });
});

describe('positions', () => {
  it('places confirmed players, clamps coordinates, moves and removes them', async () => {
    const { team, def, playerId } = await setup();
    const pos = await P.call(owner, 'create_team_player_position', { teamId: team.id, formationId: def.id, playerId, x: -0.5, y: 1.7 });
    assert.deepEqual(Object.keys(pos).sort(), ['formationId', 'id', 'playerId', 'teamId', 'x', 'y']);
    assert.deepEqual([pos.teamId, pos.formationId, pos.playerId, pos.x, pos.y], [team.id, def.id, playerId, 0, 1]);
    const moved = await P.call(owner, 'update_team_player_position', { id: pos.id, x: 0.25, y: 2 });
    assert.deepEqual([moved.x, moved.y], [0.25, 1]);
    assert.deepEqual(await P.call(member, 'list_team_player_positions', { teamId: team.id, formationId: def.id }), { positions: [moved] });
    assert.deepEqual(await P.call(owner, 'delete_team_player_position', { id: pos.id }), {});
    assert.deepEqual(await P.call(member, 'list_team_player_positions', { team_id: team.id, formation_id: def.id }), { positions: [] });
    await failsWithCode(P.call(owner, 'delete_team_player_position', { id: pos.id }), Code.NotFound, 'Позиция не найдена.');
    // snake_case input is accepted too.
    const again = await P.call(owner, 'create_team_player_position', { team_id: team.id, formation_id: def.id, player_id: playerId, x: 0.5, y: 0.5 });
    assert.deepEqual([again.x, again.y], [0.5, 0.5]);
  });

  it('keeps one position per player per formation, for confirmed players of the team only', async () => {
    const { team, def, playerId } = await setup();
    const place = (input: object) => P.call(owner, 'create_team_player_position', { teamId: team.id, formationId: def.id, playerId, x: 0.5, y: 0.5, ...input });
    await place({});
    await failsWithCode(place({ x: 0.9 }), Code.AlreadyExists, 'Игрок уже стоит на поле в этой формации.');
    const req = await P.call(stranger, 'request_join_team_player', { team_id: team.id, player_id: (await P.player(stranger)).id });
    await failsWithCode(place({ playerId: req.player_id }), Code.Precondition, 'Игрок ещё не подтверждён в команде.');
    await failsWithCode(place({ playerId: (await P.player(owner)).id }), Code.NotFound, 'Игрок не найден в составе команды.');
    const otherTeam = await P.team(owner);
    const [foreign] = (await P.call(owner, 'list_team_formations', { teamId: otherTeam.id })).formations;
    await failsWithCode(place({ formationId: foreign.id }), Code.NotFound, 'Формация не найдена.');
    await failsWithCode(P.call(member, 'list_team_player_positions', { teamId: team.id, formationId: foreign.id }), Code.NotFound);
  });

  it('lets only managers place and only members look; refuses bad input', async () => {
    const { team, def, playerId } = await setup();
    const pos = await P.call(owner, 'create_team_player_position', { teamId: team.id, formationId: def.id, playerId, x: 0.5, y: 0.5 });
    const input = { teamId: team.id, formationId: def.id, playerId, x: 0.5, y: 0.5 };
    await failsWithCode(P.call(member, 'create_team_player_position', input), Code.Denied);
    await failsWithCode(P.call(member, 'update_team_player_position', { id: pos.id, x: 0, y: 0 }), Code.Denied);
    await failsWithCode(P.call(member, 'delete_team_player_position', { id: pos.id }), Code.Denied);
    await failsWithCode(P.call(stranger, 'list_team_player_positions', { teamId: team.id, formationId: def.id }), Code.Denied);
    await failsWithCode(P.call(guest, 'list_team_player_positions', { teamId: team.id, formationId: def.id }), Code.Denied);
    await failsWithCode(P.call(owner, 'create_team_player_position', { ...input, x: '0.5' }), Code.Invalid, /^Положение по горизонтали: /);
    await failsWithCode(P.call(owner, 'update_team_player_position', { id: pos.id, x: 0.5 }), Code.Invalid, /^Положение по вертикали: /);
    await failsWithCode(P.call(owner, 'update_team_player_position', { id: crypto.randomUUID(), x: 0.5, y: 0.5 }), Code.NotFound);
    const [{ x, y }] = (await P.call(member, 'list_team_player_positions', { teamId: team.id, formationId: def.id })).positions;
    assert.deepEqual([x, y], [0.5, 0.5]);
  });
});
