// Matches belong to their teams: a manager of either team schedules one (not in the past), the managers of
// both change and delete it, and the other team's managers hear of it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { NotificationCode } from '../notifications/index.ts';
import { call as callOn, fails, makeTeam, registered, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-match-owners-');
// The home team: its owner, an admin and a plain member; the away team: its owner and an admin.
let homeOwner: Session;
let homeAdmin: Session;
let homeMember: Session;
let awayOwner: Session;
let awayAdmin: Session;
let outsider: Session;
let home: string;
let away: string;

const CREATORS_ONLY = 'Создать матч может только владелец или администратор одной из команд.';
const EDITORS_ONLY = 'Изменять и удалять матч может только его создатель или владелец либо администратор одной из команд.';
const TEAMS_OF_MANAGER = 'Заменить команду в матче можно, только если вы владелец или администратор одной из его команд.';
const IN_THE_PAST = 'Время матча не может быть в прошлом.';
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const newMatch = (s: Session, input: object = {}) =>
  call(s, 'create_match', { owner_team_id: home, guest_team_id: away, match_time: at(24 * HOUR), ...input });

/** The match notifications a user has: the ids of their matches, with the subject and link checked. */
async function heard(s: Session): Promise<string[]> {
  const list = (await ts.client().listNotifications(s, 100)).notifications ?? [];
  return list
    .filter((n) => n.code === NotificationCode.MatchScheduled)
    .map((n) => {
      const content = n.content as Any;
      assert.equal(content.link, `/matches/${content.match_id}`);
      assert.match(n.subject!, /^Назначен матч «.+» — «.+»$/);
      return content.match_id as string;
    });
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [homeOwner, homeAdmin, homeMember, awayOwner, awayAdmin, outsider] = await Promise.all(Array.from({ length: 6 }, () => registered(ts)));
  home = await makeTeam(ts, homeOwner, { admin: homeAdmin, member: homeMember });
  away = await makeTeam(ts, awayOwner, { admin: awayAdmin });
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('creating a match', () => {
  it('refuses anyone who manages neither team, a plain member included', async () => {
    for (const who of [outsider, homeMember]) await fails(newMatch(who), 403, CREATORS_ONLY);
    // A team of one's own does not open another pair of teams.
    await makeTeam(ts, outsider);
    await fails(newMatch(outsider), 403, CREATORS_ONLY);
    assert.deepEqual((await call(outsider, 'list_matches', { team_id: home })).matches, []);
  });

  it('lets a manager of either side create it; the other side’s managers hear of it, nobody else', async () => {
    const byHome = await newMatch(homeAdmin);
    const byAway = await newMatch(awayAdmin, { owner_team_id: away, guest_team_id: home });
    assert.deepEqual([byHome.creator_id, byAway.creator_id], [homeAdmin.user_id, awayAdmin.user_id]);
    assert.deepEqual(await heard(awayOwner), [byHome.id]);
    assert.deepEqual(await heard(awayAdmin), [byHome.id]);
    assert.deepEqual(await heard(homeOwner), [byAway.id]);
    assert.deepEqual(await heard(homeAdmin), [byAway.id]);
    for (const who of [homeMember, outsider]) assert.deepEqual(await heard(who), []);
    const [n] = ((await ts.client().listNotifications(awayOwner, 100)).notifications ?? []).filter((x) => x.code === NotificationCode.MatchScheduled);
    const names = await Promise.all([home, away].map(async (id) => (await call(outsider, 'get_team', { id })).name));
    assert.equal(n.subject, `Назначен матч «${names[0]}» — «${names[1]}»`);
    assert.equal(n.sender_id, homeAdmin.user_id);
  });

  it('tells nobody when the creator manages both teams', async () => {
    const own = await makeTeam(ts, homeOwner);
    const people = [homeOwner, homeAdmin, homeMember, awayOwner, awayAdmin];
    const before = await Promise.all(people.map(heard));
    await newMatch(homeOwner, { guest_team_id: own });
    assert.deepEqual(await Promise.all(people.map(heard)), before);
  });

  it('refuses a time in the past beyond a minute of clock skew; a change of the time is free', async () => {
    await fails(newMatch(homeOwner, { match_time: at(-2 * 60_000) }), 400, IN_THE_PAST);
    await fails(newMatch(homeOwner, { match_time: '2020-01-01T12:00:00+03:00' }), 400, IN_THE_PAST);
    const m = await newMatch(homeOwner, { match_time: at(-30_000) });
    const moved = await call(awayAdmin, 'update_match', { id: m.id, match_time: '2020-01-01T09:00:00Z' });
    assert.equal(moved.match_time, '2020-01-01T09:00:00.000Z');
  });
});

describe('changing and deleting a match', () => {
  it('lets the managers of both teams change and delete it, and its creator; nobody else', async () => {
    const m = await newMatch(homeAdmin);
    for (const [who, hours] of [[awayAdmin, 30], [awayOwner, 31], [homeOwner, 32], [homeAdmin, 33]] as const) {
      assert.equal((await call(who, 'update_match', { id: m.id, match_time: at(hours * HOUR) })).id, m.id);
    }
    for (const who of [homeMember, outsider]) {
      await fails(call(who, 'update_match', { id: m.id, match_time: at(HOUR) }), 403, EDITORS_ONLY);
      await fails(call(who, 'delete_match', { id: m.id }), 403, EDITORS_ONLY);
    }
    assert.deepEqual(await call(awayAdmin, 'delete_match', { id: m.id }), {});
    const again = await newMatch(homeOwner);
    assert.deepEqual(await call(awayOwner, 'delete_match', { id: again.id }), {});
  });

  it('keeps a team the changer manages in the match, and tells a team put in it', async () => {
    const m = await newMatch(homeAdmin);
    const outsiders = await makeTeam(ts, outsider);
    // The away side swaps the home team for another: it still manages its own, the newcomer hears of it.
    const swapped = await call(awayAdmin, 'update_match', { id: m.id, owner_team_id: outsiders });
    assert.deepEqual([swapped.owner_team_id, swapped.guest_team_id], [outsiders, away]);
    assert.deepEqual(await heard(outsider), [m.id]);
    // Nobody may leave the match to two teams they do not manage, its creator included.
    const third = await makeTeam(ts, await registered(ts));
    await fails(call(awayAdmin, 'update_match', { id: m.id, guest_team_id: third }), 403, TEAMS_OF_MANAGER);
    await fails(call(homeAdmin, 'update_match', { id: m.id, guest_team_id: third }), 403, TEAMS_OF_MANAGER);
    // Home and away swapped: no team is new, nobody is told again.
    const turned = await call(outsider, 'update_match', { id: m.id, owner_team_id: away, guest_team_id: outsiders });
    assert.deepEqual([turned.owner_team_id, turned.guest_team_id], [away, outsiders]);
    assert.deepEqual(await heard(outsider), [m.id]);
    // Its creator no longer manages a team of it, yet still moves its time.
    assert.equal((await call(homeAdmin, 'update_match', { id: m.id, match_time: at(50 * HOUR) })).id, m.id);
  });
});
