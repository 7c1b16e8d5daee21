// Calendar feeds, read as a calendar app would (no session) and parsed by an independent parser (ical.js):
// a team's events, its matches and its tournaments; an edited event keeps its UID with a higher SEQUENCE;
// a revoked or wrong address is 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { eventPageLink } from '../lib/links.ts';
import { call as callOn, fails, makeTeam, registered, type Any } from '../testing.ts';

const SITE = 'https://tribuna.example';
const HOUR = 3_600_000;
let ts: TestServer;
let owner: Session, member: Session, rival: Session, stranger: Session;
let teamId: string, rivalTeamId: string;
const call = (s: Session, id: string, input: object = {}): Promise<Any> => callOn(ts, s, id, input);
/** A time ms from now, in whole minutes (iCalendar keeps seconds, the portal milliseconds). */
const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000).toISOString();

/** The feed's address on this test server (PUBLIC_URL is the site's, not the server's). */
const local = (url: string) => url.replace(SITE, ts.url);

interface Item {
  uid: string;
  summary: string;
  sequence: number;
  start: string;
  allDay: boolean;
  location: string;
  url: string;
  description: string;
}

async function read(url: string, headers: Record<string, string> = {}): Promise<{ res: Response; items: Item[]; calendar: ICAL.Component }> {
  const res = await fetch(local(url), { headers });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const items = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      sequence: e.sequence,
      start: e.startDate.isDate ? e.startDate.toString() : e.startDate.toJSDate().toISOString(),
      allDay: e.startDate.isDate,
      location: e.location ?? '',
      url: String(v.getFirstPropertyValue('url') ?? ''),
      description: e.description ?? '',
    };
  });
  return { res, items, calendar };
}

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { PUBLIC_URL: SITE } });
  [owner, member, rival, stranger] = await Promise.all(Array.from({ length: 4 }, () => registered(ts)));
  teamId = await makeTeam(ts, owner, { member });
  rivalTeamId = await makeTeam(ts, rival);
});
after(() => ts.close());

describe('calendar feeds', () => {
  it("show a team's events, matches and tournaments to an app with no session, and follow an edited event", async () => {
    const eventTime = at(48 * HOUR);
    const event = await call(owner, 'create_team_event', { team_id: teamId, title: 'Тренировка, вечер; зал', type: 'training', event_time: eventTime, place: 'Манеж, поле 2', description: 'Взять форму' });
    // 21:30 UTC is 00:30 the next day in Moscow.
    const day = new Date(Date.now() + 30 * 24 * HOUR);
    day.setUTCHours(21, 30, 0, 0);
    const moscowDay = new Date(day.getTime() + 24 * HOUR).toISOString().slice(0, 10);
    const birthday = await call(owner, 'create_team_event', { team_id: teamId, title: 'ДР капитана', type: 'birthday', event_time: day.toISOString() });
    const match = await call(owner, 'create_match', { owner_team_id: teamId, guest_team_id: rivalTeamId, match_time: at(72 * HOUR) });
    const tournament = await call(rival, 'create_tournament', { title: 'Кубок района', tournament_type: 1, start_time: at(96 * HOUR) });
    const link = await call(owner, 'create_team_tournament', { tournament_id: tournament.id, team_id: teamId });
    await call(rival, 'set_team_tournament_confirmed', { id: link.id, is_confirmed: true });

    const feed = await call(member, 'create_calendar_feed', { team_id: teamId });
    assert.match(feed.url, /^https:\/\/tribuna\.example\/calendar\/[\w-]{32}\.ics$/);
    assert.equal(feed.team_id, teamId);

    const { res, items, calendar } = await read(feed.url);
    assert.equal(res.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'private, max-age=300');
    assert.match(String(calendar.getFirstPropertyValue('x-wr-calname')), /^Трибуна: Команда /);
    assert.equal(calendar.getFirstPropertyValue('x-wr-timezone'), 'Europe/Moscow');
    const byUid = new Map(items.map((i) => [i.uid, i]));
    const e = byUid.get(`${event.id}@tribuna`)!;
    assert.deepEqual([e.summary, e.start, e.location, e.sequence, e.allDay], ['Тренировка, вечер; зал', eventTime, 'Манеж, поле 2', 0, false]);
    assert.equal(e.url, `${SITE}${eventPageLink(teamId, event.id, new Date(eventTime))}`);
    assert.equal(e.description, `Тренировка. Взять форму\n\n${e.url}`);
    // The birthday is on its Moscow date.
    assert.deepEqual([byUid.get(`${birthday.id}@tribuna`)!.start, byUid.get(`${birthday.id}@tribuna`)!.allDay], [moscowDay, true]);
    const m = byUid.get(`${match.id}@tribuna`)!;
    assert.match(m.summary, /^Матч «Команда [^»]+» — «Команда [^»]+»$/);
    assert.deepEqual([m.start, m.url], [match.match_time, `${SITE}/matches/${match.id}`]);
    const t = byUid.get(`${tournament.id}@tribuna`)!;
    assert.deepEqual([t.summary, t.allDay, t.url], ['Турнир «Кубок района»', true, `${SITE}/tournaments/${tournament.id}`]);

    // Moved: the same UID, a higher SEQUENCE, the new time; the ETag changes with it.
    const moved = at(50 * HOUR);
    await call(owner, 'update_team_event', { id: event.id, event_time: moved });
    const again = await read(feed.url, { 'If-None-Match': res.headers.get('etag')! });
    const e2 = again.items.find((i) => i.uid === `${event.id}@tribuna`)!;
    assert.deepEqual([e2.start, e2.sequence], [moved, 1]);
    await call(owner, 'update_match', { id: match.id, match_time: at(80 * HOUR) });
    assert.equal((await read(feed.url)).items.find((i) => i.uid === `${match.id}@tribuna`)!.sequence, 1);

    // Unchanged, its ETag answers 304.
    const etag = (await fetch(local(feed.url))).headers.get('etag')!;
    assert.equal((await fetch(local(feed.url), { headers: { 'If-None-Match': etag } })).status, 304);
  });

  it("without a team, follow every team of the user's, each event naming its team", async () => {
    const other = await makeTeam(ts, member);
    const a = await call(member, 'create_team_event', { team_id: other, title: 'Своя игра', type: 'other', event_time: at(30 * HOUR) });
    const feed = await call(member, 'create_calendar_feed', {});
    assert.equal(feed.team_id, null);
    const { items, calendar } = await read(feed.url);
    assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Трибуна: мои команды');
    assert.match(items.find((i) => i.uid === `${a.id}@tribuna`)!.summary, /^Своя игра \(Команда [^)]+\)$/);
    assert.ok(items.some((i) => i.summary.startsWith('Тренировка, вечер; зал (')), 'and the events of the team they play in');
    const strangers = await call(stranger, 'create_calendar_feed', {});
    assert.deepEqual((await read(strangers.url)).items, [], 'a user with no team has an empty calendar');
  });

  it('stop at once when revoked, by address or by id, and answer a wrong address 404', async () => {
    const byUrl = await call(owner, 'create_calendar_feed', { team_id: teamId });
    const byId = await call(owner, 'create_calendar_feed', { team_id: teamId });
    const listed = await call(owner, 'list_calendar_feeds');
    assert.deepEqual(listed.feeds.slice(-2).map((f: Any) => [f.id, f.team_id, typeof f.team_name]), [[byUrl.id, teamId, 'string'], [byId.id, teamId, 'string']]);
    await fails(call(stranger, 'revoke_calendar_feed', { url: byUrl.url }), 404, 'Ссылка на календарь не найдена.');
    assert.deepEqual(await call(owner, 'revoke_calendar_feed', { url: byUrl.url.replace('https:', 'webcal:') }), {});
    await call(owner, 'revoke_calendar_feed', { id: byId.id });
    for (const url of [byUrl.url, byId.url, `${SITE}/calendar/${'x'.repeat(32)}.ics`, `${SITE}/calendar/short.ics`]) {
      const res = await fetch(local(url));
      assert.equal(res.status, 404, url);
      assert.equal(await res.text(), 'Календарь не найден: ссылка неверна или отозвана.');
    }
    await fails(call(owner, 'revoke_calendar_feed', { url: 'https://example.com/other' }), 400, 'Адрес календаря: это не адрес календаря Трибуны.');
    await fails(call(owner, 'revoke_calendar_feed', {}), 400, 'Укажите адрес календаря (url) или его идентификатор (id).');
  });

  it('are read at most 120 times an hour each', async () => {
    const feed = await call(stranger, 'create_calendar_feed', {});
    for (let i = 0; i < 120; i++) assert.equal((await fetch(local(feed.url))).status, 200);
    const refused = await fetch(local(feed.url));
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.match(await refused.text(), /^Слишком много запросов календаря\. Повторите через \d+ (минуту|минуты|минут|час)\.$/);
  });

  it('are made by registered users only, for teams that exist', async () => {
    await fails(call(await ts.newSession(), 'create_calendar_feed', {}), 403);
    await fails(call(owner, 'create_calendar_feed', { team_id: '00000000-0000-4000-8000-000000000000' }), 404, 'Команда не найдена.');
  });
});
