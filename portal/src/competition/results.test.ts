// Match results: who reports, confirms, disputes and corrects them, the states they pass through, the
// scores refused, who is told, and the table following a result from reported to confirmed to corrected.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { enter, friendly, side, startLeaguePortal, tournament, type Side } from '../testing-league.ts';
import { NotificationCode } from '../notifications/index.ts';
import { Code, failsWithCode, type Any, type Portal } from '../testing.ts';

let p: Portal;
let home: Side;
let guest: Side;
let stranger: Session;

before(async () => {
  p = await startLeaguePortal();
  [home, guest] = [await side(p, 1, 'Северные волки'), await side(p, 1, 'Южные медведи')];
  stranger = await p.registered();
});
after(() => p.close());

const report = (s: Session, match_id: string, home_score: number, guest_score: number, more: object = {}) =>
  p.call(s, 'set_match_result', { match_id, home_score, guest_score, ...more });
const confirm = (s: Session, match_id: string) => p.call(s, 'confirm_match_result', { match_id });
const dispute = (s: Session, match_id: string, comment: string) => p.call(s, 'dispute_match_result', { match_id, comment });
const state = async (id: string) => {
  const m = await p.call(stranger, 'get_match', { id });
  return [m.result_state, m.home_score, m.guest_score];
};

/** What a user was told of one match: [code, subject, comment?] each, oldest first. */
async function heard(s: Session, matchId: string): Promise<[number, string, string?][]> {
  const { notifications = [] } = await p.ts.client().listNotifications(s, 100);
  return notifications
    .filter((n) => (n.content as Any)?.match_id === matchId && n.code! >= NotificationCode.MatchResultReported)
    .sort((a, b) => a.create_time!.localeCompare(b.create_time!))
    .map((n) => [n.code!, n.subject!, ...((n.content as Any).comment ? [(n.content as Any).comment] : [])] as [number, string, string?]);
}

describe('a friendly’s result', () => {
  it('is reported by one side, confirmed by the other, and told to each in turn', async () => {
    const id = await friendly(p, home, guest);
    assert.deepEqual(await state(id), ['none', undefined, undefined]);
    await failsWithCode(report(stranger, id, 2, 1), Code.Denied);
    const reported = await report(home.owner, id, 2, 1);
    assert.deepEqual([reported.result_state, reported.home_score, reported.guest_score, reported.result_reported_team], ['reported', 2, 1, home.teamId]);
    assert.deepEqual(await heard(guest.owner, id), [[NotificationCode.MatchResultReported, 'Подтвердите результат матча «Северные волки» — «Южные медведи»: 2:1']]);
    // The reporting side and strangers cannot confirm it.
    await failsWithCode(confirm(home.owner, id), Code.Denied, /команды соперника/);
    await failsWithCode(confirm(stranger, id), Code.Denied);
    assert.equal((await confirm(guest.owner, id)).result_state, 'confirmed');
    assert.deepEqual(await heard(home.owner, id), [[NotificationCode.MatchResultConfirmed, 'Результат матча «Северные волки» — «Южные медведи» подтверждён: 2:1']]);
    // Nothing waits for confirmation any more.
    await failsWithCode(confirm(guest.owner, id), Code.Precondition, 'Результат матча не ждёт подтверждения.');
  });

  it('is corrected by a new report of either side, which the other confirms again; a dispute goes to the reporter', async () => {
    const id = await friendly(p, home, guest);
    await report(home.owner, id, 1, 0);
    await confirm(guest.owner, id);
    // The guests report another score: back to reported, for the home side to confirm.
    const again = await report(guest.owner, id, 1, 1);
    assert.deepEqual([again.result_state, again.result_reported_team], ['reported', guest.teamId]);
    await failsWithCode(confirm(guest.owner, id), Code.Denied);
    await failsWithCode(dispute(home.owner, id, '   '), Code.Invalid, 'Комментарий: укажите, что не так с результатом.');
    await failsWithCode(dispute(home.owner, id, 'я'.repeat(501)), Code.Invalid, 'Комментарий: не длиннее 500 символов.');
    const disputed = await dispute(home.owner, id, 'Счёт был 1:0, второй гол отменён.');
    assert.deepEqual([disputed.result_state, disputed.result_comment, disputed.home_score], ['disputed', 'Счёт был 1:0, второй гол отменён.', 1]);
    const told = await heard(guest.owner, id);
    assert.deepEqual(told.at(-1), [NotificationCode.MatchResultDisputed, 'Результат матча «Северные волки» — «Южные медведи» оспорен', 'Счёт был 1:0, второй гол отменён.']);
    await failsWithCode(confirm(home.owner, id), Code.Precondition);
    // A new report settles it.
    assert.equal((await report(home.owner, id, 1, 0)).result_state, 'reported');
    assert.equal((await confirm(guest.owner, id)).result_state, 'confirmed');
  });

  it('of a manager of both teams is confirmed at once', async () => {
    const other = await p.team(home.owner);
    const id = (await p.call(home.owner, 'create_match', { owner_team_id: home.teamId, guest_team_id: other.id, match_time: new Date(Date.now() + 3_600_000).toISOString() })).id;
    assert.equal((await report(home.owner, id, 4, 4)).result_state, 'confirmed');
  });

  it('refuses scores that are not whole numbers from 0 to 99, and penalties outside a cup', async () => {
    const id = await friendly(p, home, guest);
    await failsWithCode(report(home.owner, id, -1, 0), Code.Invalid, 'Голы хозяев: ожидалось целое число от 0 до 99.');
    await failsWithCode(report(home.owner, id, 1, 100), Code.Invalid, 'Голы гостей: ожидалось целое число от 0 до 99.');
    await failsWithCode(report(home.owner, id, 1.5, 0), Code.Invalid, 'Голы хозяев: ожидалось целое число от 0 до 99.');
    await failsWithCode(p.call(home.owner, 'set_match_result', { match_id: id, home_score: 1 }), Code.Invalid, /^Голы гостей: /);
    await failsWithCode(report(home.owner, id, 1, 1, { home_penalties: 4, guest_penalties: 3 }), Code.Invalid, 'Серия пенальти бывает только в кубковых матчах.');
    await failsWithCode(report(home.owner, crypto.randomUUID(), 1, 1), Code.NotFound, 'Матч не найден.');
    assert.deepEqual(await state(id), ['none', undefined, undefined]);
  });
});

describe('a tournament match’s result', () => {
  let organizer: Session;
  let tournamentId: string;
  let matchId: string;

  before(async () => {
    organizer = await p.registered();
    tournamentId = await tournament(p, organizer, 1);
    await enter(p, tournamentId, [home.teamId, guest.teamId]);
    const { matches } = await p.call(organizer, 'generate_fixtures', { tournament_id: tournamentId, start_time: new Date(Date.now() + 86_400_000).toISOString(), interval_days: 7 });
    assert.equal(matches.length, 1);
    matchId = matches[0].id;
  });

  const table = async () =>
    Object.fromEntries(
      (await p.call(stranger, 'get_standings', { tournament_id: tournamentId })).standings.map((r: Any) => [r.team_name, [r.position, r.played, r.points, r.goal_difference]]),
    );

  it('moves the table only once confirmed, and follows the creator’s correction', async () => {
    const [h, g] = [home.name, guest.name];
    // Level on everything: by name, «Северные» before «Южные».
    assert.deepEqual(await table(), { [h]: [1, 0, 0, 0], [g]: [2, 0, 0, 0] });
    await report(guest.owner, matchId, 0, 2);
    assert.deepEqual(await table(), { [h]: [1, 0, 0, 0], [g]: [2, 0, 0, 0] }, 'a reported result does not count');
    await confirm(home.owner, matchId);
    assert.deepEqual(await table(), { [g]: [1, 1, 3, 2], [h]: [2, 1, 0, -2] });
    // Confirmed, the result is the creator's to correct, and the table follows the correction.
    await failsWithCode(report(guest.owner, matchId, 0, 3), Code.Precondition, 'Подтверждённый результат матча турнира исправляет только организатор турнира.');
    await failsWithCode(dispute(home.owner, matchId, 'Не тот счёт'), Code.Precondition);
    const corrected = await report(organizer, matchId, 3, 1);
    assert.deepEqual([corrected.result_state, corrected.home_score, corrected.guest_score], ['confirmed', 3, 1]);
    assert.deepEqual(await table(), { [h]: [1, 1, 3, 2], [g]: [2, 1, 0, -2] });
    for (const s of [home.owner, guest.owner]) {
      assert.deepEqual((await heard(s, matchId)).at(-1), [NotificationCode.MatchResultConfirmed, `Результат матча «${h}» — «${g}» подтверждён: 3:1`]);
    }
  });

  it('disputed, is told to the tournament’s creator, who settles it with a result confirmed at once', async () => {
    const creator = await p.registered();
    const t = await tournament(p, creator, 1);
    await enter(p, t, [home.teamId, guest.teamId]);
    const { matches } = await p.call(creator, 'generate_fixtures', { tournament_id: t, start_time: new Date(Date.now() + 86_400_000).toISOString(), interval_days: 7 });
    const id = matches[0].id;
    await report(home.owner, id, 1, 0);
    await dispute(guest.owner, id, 'Гол забит из офсайда.');
    assert.deepEqual(await heard(creator, id), [
      [NotificationCode.MatchResultDisputed, `Результат матча «${home.name}» — «${guest.name}» оспорен`, 'Гол забит из офсайда.'],
    ]);
    assert.deepEqual(await heard(home.owner, id), [], 'the reporter of a tournament match is not told: its creator decides');
    const settled = await report(creator, id, 0, 0);
    assert.deepEqual([settled.result_state, settled.result_reported_team], ['confirmed', undefined]);
    const standings = (await p.call(stranger, 'get_standings', { tournament_id: t })).standings;
    assert.deepEqual(standings.map((r: Any) => [r.played, r.drawn, r.points]), [[1, 1, 1], [1, 1, 1]]);
  });
});
