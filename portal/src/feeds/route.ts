// GET /calendar/{token}.ics: a feed as text/calendar, for calendar apps, with no session: the secret is the
// address. Reads are limited per feed and per client address; the answer may be kept five minutes and is
// revalidated by its ETag.
import crypto from 'node:crypto';
import { notFound, resourceExhausted, type Initializer, type Nk } from '@tribuna/server';
import { inTime } from '../lib/limits.ts';
import { clock } from '../lib/clock.ts';
import { feedCalendar } from './ical.ts';
import { FEED_PATH } from './rpc.ts';
import { feedByToken, feedContent, feedTeams, isToken } from './store.ts';

const DAY_MS = 86_400_000;
/** What a feed holds: from three months back to a year ahead. */
const BACK_MS = 90 * DAY_MS;
const AHEAD_MS = 366 * DAY_MS;
/** Calendar apps read a feed every few hours at most; these leave room for many devices. */
const READS_PER_FEED_HOUR = 120;
const READS_PER_ADDRESS_HOUR = 1200;
const NOT_FOUND = 'Календарь не найден: ссылка неверна или отозвана.';

export function registerFeedRoute(initializer: Initializer, nk: Nk): void {
  const perFeed = nk.rateLimit('portal.feed_reads_per_feed', READS_PER_FEED_HOUR, 3600);
  const perAddress = nk.rateLimit('portal.feed_reads_per_address', READS_PER_ADDRESS_HOUR, 3600);
  initializer.registerHttpRoute('GET', `${FEED_PATH}{token}.ics`, async (req) => {
    for (const [limit, key] of [[perAddress, req.clientIp || 'unknown'], [perFeed, req.params.token]] as const) {
      const answer = await limit.consume(key);
      if (!answer.allowed) throw resourceExhausted(`Слишком много запросов календаря. Повторите через ${inTime(answer.retryAfterSec)}.`, answer.retryAfterSec);
    }
    const feed = isToken(req.params.token) ? await feedByToken(nk.db, req.params.token) : undefined;
    if (!feed) throw notFound(NOT_FOUND);
    const teams = await feedTeams(nk.db, feed);
    const now = clock.now();
    const content = await feedContent(nk.db, teams.map((t) => t.id), new Date(now - BACK_MS), new Date(now + AHEAD_MS));
    const name = feed.team_id ? teams[0]?.name ?? 'команда' : 'мои команды';
    const body = feedCalendar({ name, site: nk.env.PUBLIC_URL, teams: new Map(teams.map((t) => [t.id, t.name])), ...content });
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const headers = { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, max-age=300', ETag: etag };
    if (req.headers['if-none-match'] === etag) return { status: 304, headers };
    return { status: 200, headers: { ...headers, 'Content-Disposition': 'inline; filename="tribuna.ics"' }, body };
  });
}
