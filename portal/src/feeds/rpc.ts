// Calendar feeds: a signed-in user makes a secret address for a team's calendar, or for all their teams,
// that calendar apps read without a session (GET /calendar/{token}.ics, route.ts); they revoke it by its
// address or id. The address is shown once: only its token's hash is kept.
import { z } from 'zod';
import { invalid, notFound, type Nk } from '@tribuna/server';
import { afterNumber, checkCreationLimit } from '../lib/limits.ts';
import { rpc, uuid } from '../lib/rpc.ts';
import { requireTeam } from '../teams/index.ts';
import { countFeeds, createFeed, isToken, listFeeds, newToken, revokeFeed } from './store.ts';

/** Feeds one user may have at once: one per device and team is far below it. */
const MAX_FEEDS = 20;
export const FEED_PATH = '/calendar/';

const feedUrl = (nk: Nk, token: string) => `${nk.env.PUBLIC_URL}${FEED_PATH}${token}.ics`;

/** The token of a feed's address (absolute, webcal: or a path), if it is one. */
function tokenOf(url: string): string | undefined {
  const path = URL.parse(url.replace(/^webcal:/i, 'https:'), 'http://x')?.pathname ?? '';
  const m = /^\/calendar\/([^/]+)\.ics$/.exec(path);
  return m && isToken(m[1]) ? m[1] : undefined;
}

export const feedRpcs = [
  // Registered users. With team_id, that team's calendar (team calendars are public); without, the events,
  // matches and tournaments of every team the caller belongs to when the feed is read. At most 20 at once.
  rpc(
    'create_calendar_feed',
    'registered',
    z.object({ team_id: uuid.nullish() }),
    async ({ input, userId, nk }) => {
      if (input.team_id) await requireTeam(nk.db, input.team_id);
      const token = newToken();
      const feed = await nk.db.tx(async (q) => {
        await checkCreationLimit(q, 'calendar_feeds', userId, MAX_FEEDS, countFeeds,
          (n) => `Можно создать не больше ${n} ${afterNumber(n, 'ссылки', 'ссылок')} на календарь. Отзовите ненужные.`);
        return createFeed(q, nk.uuid(), userId, input.team_id ?? null, token);
      });
      return { id: feed.id, team_id: feed.team_id, url: feedUrl(nk, token), create_time: feed.create_time };
    },
    { limit: 'create' },
  ),

  // Registered users: their own feeds (without addresses, which are not kept), oldest first.
  rpc('list_calendar_feeds', 'registered', z.object({}), async ({ userId, nk }) => ({
    feeds: (await listFeeds(nk.db, userId)).map((f) => ({ id: f.id, team_id: f.team_id, team_name: f.team_name, create_time: f.create_time })),
  })),

  // Registered users, their own feeds: by the address create_calendar_feed gave, or by id. The address
  // stops working at once.
  rpc(
    'revoke_calendar_feed',
    'registered',
    z.object({ url: z.string({ error: 'ожидалась строка.' }).max(2048).optional(), id: uuid.optional() }),
    async ({ input, userId, nk }) => {
      if ((input.url === undefined) === (input.id === undefined)) throw invalid('Укажите адрес календаря (url) или его идентификатор (id).');
      let by: { token: string } | { id: string };
      if (input.url !== undefined) {
        const token = tokenOf(input.url.trim());
        if (!token) throw invalid('url: это не адрес календаря Трибуны.');
        by = { token };
      } else {
        by = { id: input.id! };
      }
      if (!(await revokeFeed(nk.db, userId, by))) throw notFound('Ссылка на календарь не найдена.');
      return {};
    },
    { limit: 'write' },
  ),
];
